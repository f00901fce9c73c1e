package dev.relearn.eval.experiment;

import dev.relearn.engine.ModelChoice;
import dev.relearn.engine.RelearnOptions;
import dev.relearn.indexer.embed.BgeSmallEmbedder;
import dev.relearn.indexer.embed.HashingEmbedder;
import dev.relearn.indexer.embed.QueryCachingEmbedder;
import dev.relearn.lucene.embed.Embedder;
import dev.relearn.lucene.embed.ForwardingEmbedder;
import dev.relearn.lucene.schema.Chunk;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One embedder for the several engines of an evaluation, with one {@link QueryCachingEmbedder},
 * so a query embedded for one index is not embedded again for the next (the engines' own caches
 * are per engine), and the document vectors it embedded, by the SHA-256 of their text, so that
 * the evaluation's second index of a corpus embeds nothing (an index reuses only its own
 * vectors). Vectors are kept in memory only: about 1.5 kB a document with bge-small. Thread-safe.
 */
final class SharedEmbedder extends ForwardingEmbedder {
  private final boolean owned;
  private final Map<String, float[]> documents = new ConcurrentHashMap<>();

  private SharedEmbedder(Embedder delegate, boolean owned, int capacity) {
    super(new QueryCachingEmbedder(delegate, capacity));
    this.owned = owned;
  }

  /**
   * The embedder {@code options} describe (bge-small unless they name hashing or give one),
   * caching {@code capacity} query vectors. A caller's embedder is not closed with this one.
   */
  static SharedEmbedder of(RelearnOptions options, int capacity) {
    if (options.embedder() != null) {
      return new SharedEmbedder(options.embedder(), false, capacity);
    }
    Embedder model = options.model() == ModelChoice.HASHING ? new HashingEmbedder()
        : new BgeSmallEmbedder(options.embedThreads(), options.queryInstruction());
    return new SharedEmbedder(model, true, capacity);
  }

  @Override
  public float[] embedDocument(String text) {
    String key = Chunk.sha256Hex(text);
    float[] vector = documents.get(key);
    if (vector == null) {
      vector = super.embedDocument(text);
      documents.put(key, vector.clone());
    }
    return vector.clone();
  }

  @Override
  public void close() {
    if (owned) {
      super.close();
    }
  }
}
