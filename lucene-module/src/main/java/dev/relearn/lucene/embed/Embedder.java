package dev.relearn.lucene.embed;

import java.util.ArrayList;
import java.util.List;

/**
 * Turns text into a unit-length vector. Implementations must be thread-safe.
 *
 * <p>Queries and documents may be embedded differently (some models prefix queries with an
 * instruction), so there are two methods. Every vector must have {@link #dimension()} finite
 * components and unit length, because the index scores with DOT_PRODUCT; {@link VectorChecks}
 * enforces this where vectors enter the index or a search.
 */
public interface Embedder extends AutoCloseable {

  /**
   * A stable id of the model and its settings that change document vectors. Recorded in the
   * index.
   */
  String modelId();

  /** Number of components of every vector this embedder returns. */
  int dimension();

  /** Embeds a search query. */
  float[] embedQuery(String query);

  /** Embeds a document or chunk text. */
  float[] embedDocument(String text);

  /** Embeds many documents; implementations may batch. The result is in input order. */
  default List<float[]> embedDocuments(List<String> texts) {
    List<float[]> out = new ArrayList<>(texts.size());
    for (String text : texts) {
      out.add(embedDocument(text));
    }
    return out;
  }

  /**
   * Counts tokens as this model reads a document, and its limit. The default: no limit is known,
   * so chunk windows are only held to the chunkers' own budget.
   */
  default TokenCounter documentTokens() {
    return TokenCounter.UNLIMITED;
  }

  /** Releases native resources. The default does nothing. */
  @Override
  default void close() {}
}
