package dev.relearn.engine;

import dev.relearn.indexer.embed.HashingEmbedder;
import dev.relearn.lucene.embed.Embedder;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The hashing embedder, but embedding the query {@link #HELD} waits for a latch: a test can hold a
 * search in the middle of its work.
 */
final class AsyncHeldQueryEmbedder implements Embedder {
  /** The query whose embedding is held. */
  static final String HELD = "held query about keys";

  private final HashingEmbedder base = new HashingEmbedder();
  private final CountDownLatch entered;
  private final CountDownLatch proceed;

  /** Counts {@code entered} down when the held query arrives, then waits for {@code proceed}. */
  AsyncHeldQueryEmbedder(CountDownLatch entered, CountDownLatch proceed) {
    this.entered = entered;
    this.proceed = proceed;
  }

  @Override
  public String modelId() {
    return base.modelId();
  }

  @Override
  public int dimension() {
    return base.dimension();
  }

  @Override
  public float[] embedQuery(String query) {
    if (query.equals(HELD)) {
      entered.countDown();
      try {
        if (!proceed.await(60, TimeUnit.SECONDS)) {
          throw new IllegalStateException("the held query was never released");
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while held", e);
      }
    }
    return base.embedQuery(query);
  }

  @Override
  public float[] embedDocument(String text) {
    return base.embedDocument(text);
  }
}
