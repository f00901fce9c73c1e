package dev.relearn.lucene.rerank;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.lucene.feedback.ChunkEvidence;
import dev.relearn.lucene.feedback.FeedbackLookup;
import dev.relearn.lucene.feedback.PastQuery;
import dev.relearn.lucene.schema.LearnedValues;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.TopDocs;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link LearnedRescorer#prepare} on another thread: a caller can tell while it runs, and a
 * rescore that comes meanwhile waits for it (spinning briefly, then blocking) and uses it.
 */
class PreparationTest {
  private static final float[] QUERY = {0.6f, 0.8f};
  private static final PastQuery CLICKS =
      new PastQuery(0.9f, 3, Map.of("c3", new ChunkEvidence(3, 3, 3, 0)), 0);
  private PlainIndex index;

  @BeforeEach
  void build() throws Exception {
    List<PlainIndex.Doc> docs = new ArrayList<>();
    for (int i = 0; i < 30; i++) {
      docs.add(new PlainIndex.Doc("c" + i, "src/" + i, "code", "body " + i, LearnedValues.NEUTRAL));
    }
    index = new PlainIndex(docs, 11);
  }

  @AfterEach
  void close() throws Exception {
    index.close();
  }

  @Test
  void aRescoreOnItsOwnIsNeverSeenPreparing() throws Exception {
    LearnedRescorer rescorer = new LearnedRescorer((vector, min, max) -> List.of(CLICKS), QUERY);
    assertFalse(rescorer.isPreparing());
    rescorer.prepare(index.searcher);
    assertFalse(rescorer.isPreparing());
    rescorer.rescore(new IndexSearcher(index.searcher.getIndexReader()),
        LearnedRescorerTest.randomFirstPass(new Random(3), 30), 10);
    assertFalse(rescorer.isPreparing());
  }

  @Test
  void aRescoreDuringAPreparationWaitsForItThenBlocksAndUsesIt() throws Exception {
    CountDownLatch entered = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    AtomicInteger lookups = new AtomicInteger();
    FeedbackLookup slow = (vector, min, max) -> {
      lookups.incrementAndGet();
      entered.countDown();
      try {
        release.await(); // the lookup thread is busy
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
      return List.of(CLICKS);
    };
    LearnedRescorer rescorer = new LearnedRescorer(slow, QUERY);
    TopDocs firstPass = LearnedRescorerTest.randomFirstPass(new Random(9), 30);
    Thread preparer = Thread.ofPlatform().start(() -> {
      try {
        rescorer.prepare(index.searcher);
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    });
    assertTrue(entered.await(10, TimeUnit.SECONDS));
    assertTrue(rescorer.isPreparing(), "a caller can tell the preparation is running");
    AtomicReference<TopDocs> rescored = new AtomicReference<>();
    Thread caller = Thread.ofPlatform().start(() -> {
      try {
        rescored.set(rescorer.rescore(index.searcher, firstPass, 10));
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    });
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (caller.getState() != Thread.State.BLOCKED && System.nanoTime() < deadline) {
      Thread.sleep(1);
    }
    assertEquals(Thread.State.BLOCKED, caller.getState(), "spins briefly, then blocks");
    release.countDown();
    preparer.join(10_000);
    caller.join(10_000);
    assertEquals(1, lookups.get(), "the caller used the preparation, not a lookup of its own");
    assertFalse(rescorer.isPreparing());
    TopDocs alone = new LearnedRescorer((vector, min, max) -> List.of(CLICKS), QUERY)
        .rescore(index.searcher, firstPass, 10);
    assertEquals(List.of(alone.scoreDocs).toString(), List.of(rescored.get().scoreDocs).toString());
  }
}
