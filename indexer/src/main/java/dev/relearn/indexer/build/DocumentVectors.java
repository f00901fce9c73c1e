package dev.relearn.indexer.build;

import dev.relearn.indexer.embed.VectorStore;
import dev.relearn.lucene.embed.Embedder;
import dev.relearn.lucene.embed.VectorChecks;
import dev.relearn.lucene.schema.Chunk;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Vectors for chunks: from the persistent {@link VectorStore} when the same text was embedded
 * before with the same model, otherwise from the embedder (and then stored). Every vector is
 * checked before it is returned, so a faulty embedder fails the run before the index is touched.
 */
public final class DocumentVectors {
  private final Embedder embedder;
  private final VectorStore store;
  private int embedded;
  private int cached;

  /** @param store the cache, or null to embed everything */
  public DocumentVectors(Embedder embedder, VectorStore store) {
    this.embedder = embedder;
    this.store = store;
  }

  /** One vector per chunk, in order. */
  public List<float[]> vectorsFor(List<Chunk> chunks, Progress progress) throws IOException {
    List<float[]> out = new ArrayList<>(chunks.size());
    progress.start("embedding", chunks.size());
    try {
      for (Chunk chunk : chunks) {
        String text = chunk.searchableText();
        String key = Chunk.sha256Hex(text);
        float[] vector = store == null ? null : store.get(key);
        if (vector != null) {
          cached++;
        } else {
          vector = VectorChecks.requireUnitVector(embedder.embedDocument(text),
              embedder.dimension(), embedder.modelId());
          embedded++;
          if (store != null) {
            store.put(key, vector);
          }
        }
        out.add(vector);
        progress.advance(out.size());
      }
    } finally {
      if (store != null) {
        store.flush();
      }
      progress.finish();
    }
    return out;
  }

  /** Texts embedded by the model so far. */
  public int embedded() {
    return embedded;
  }

  /** Vectors taken from the cache so far. */
  public int cached() {
    return cached;
  }
}
