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
 * before with the same model, otherwise from the embedder (and then stored, written to the cache
 * file as soon as it is embedded, so that an interrupted run loses none). Every vector is
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

  /**
   * One vector per chunk, in order. Cached vectors are looked up first (and, when there are any,
   * counted in a progress note); progress counts only the texts the model has to embed, so its
   * rate and time left are the model's.
   */
  public List<float[]> vectorsFor(List<Chunk> chunks, Progress progress) throws IOException {
    float[][] out = new float[chunks.size()][];
    List<Integer> misses = new ArrayList<>();
    for (int i = 0; i < chunks.size(); i++) {
      out[i] = store == null ? null : store.get(Chunk.sha256Hex(chunks.get(i).searchableText()));
      if (out[i] == null) {
        misses.add(i);
      }
    }
    int hits = chunks.size() - misses.size();
    cached += hits;
    if (hits > 0) { // after an interrupted run, this says at once that its work is not lost
      progress.note("vectors: " + hits + " of " + chunks.size() + " from the vector cache, "
          + misses.size() + " to embed");
    }
    if (!misses.isEmpty()) {
      progress.start("embedding", misses.size());
      try {
        for (int done = 0; done < misses.size(); done++) {
          int i = misses.get(done);
          String text = chunks.get(i).searchableText();
          out[i] = VectorChecks.requireUnitVector(embedder.embedDocument(text),
              embedder.dimension(), embedder.modelId());
          embedded++;
          if (store != null) { // in the file at once: a run stopped by a signal (which halts
            store.put(Chunk.sha256Hex(text), out[i]); // the JVM) keeps every vector embedded
            store.flush();
          }
          progress.advance(done + 1);
        }
      } finally {
        if (store != null) {
          store.flush();
        }
        progress.finish();
      }
    }
    return List.of(out);
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
