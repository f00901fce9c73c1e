package dev.relearn.engine.feedback;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.engine.FeedbackRequest;
import dev.relearn.engine.Relearn;
import dev.relearn.engine.feedback.FeedbackScenario.Sent;
import dev.relearn.feedback.store.FeedbackAck;
import dev.relearn.feedback.store.FeedbackStore;
import dev.relearn.feedback.store.StoreStats;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.lucene.schema.LearnedValues;
import dev.relearn.engine.search.Hit;
import dev.relearn.engine.search.SearchRequest;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Forgetting a session again and again while other threads record feedback of other sessions and
 * search one shared engine: no thread fails, and afterwards the store holds exactly the other
 * sessions' acknowledged events, with learned values (searched, in the store and in the doc
 * values after close) equal to a recomputation over them.
 */
class ForgetWhileBusyTest {
  private static final Duration LOAD = Duration.ofSeconds(6);
  private static final int RECORDERS = 3;
  private static final int SEARCHERS = 2;

  @TempDir Path tmp;

  @Test
  @Timeout(value = 2, unit = TimeUnit.MINUTES)
  void forgetsRaceRecordsAndSearchesWithoutLosingOtherSessionsEvents() throws Exception {
    Path docs = FeedbackScenario.writeCorpus(tmp.resolve("docs"), 10, 31);
    Path index = tmp.resolve("index");
    try (Relearn relearn = Relearn.open(index, FeedbackScenario.HASHING)) {
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
    }
    List<String> chunkIds = List.copyOf(FeedbackScenario.docValues(index).keySet());
    Queue<Sent> acked = new ConcurrentLinkedQueue<>();
    Queue<Throwable> failures = new ConcurrentLinkedQueue<>();
    AtomicInteger forgets = new AtomicInteger();
    try (Relearn relearn = Relearn.open(index, FeedbackScenario.HASHING)) {
      long deadline = System.nanoTime() + LOAD.toNanos();
      List<Thread> threads = new ArrayList<>();
      for (int t = 0; t < RECORDERS; t++) {
        int thread = t;
        threads.add(new Thread(guard(failures, () -> {
          Random random = new Random(100 + thread);
          for (int i = 0; System.nanoTime() < deadline; i++) {
            String session = "keep" + thread + "." + (i / 20);
            FeedbackRequest request =
                FeedbackScenario.request(random, "k" + thread + "-" + i, session, chunkIds);
            long before = System.currentTimeMillis();
            FeedbackAck ack = relearn.feedback(request);
            assertFalse(ack.duplicate(), request.eventId());
            acked.add(new Sent(request, relearn.feedbackStore().sessions().hash(session), before,
                System.currentTimeMillis()));
          }
        }), "recorder-" + t));
      }
      for (int t = 0; t < SEARCHERS; t++) {
        int thread = t;
        threads.add(new Thread(guard(failures, () -> {
          Random random = new Random(200 + thread);
          while (System.nanoTime() < deadline) {
            assertFalse(relearn.search(SearchRequest.of(FeedbackScenario.query(random))
                .withK(10)).hits().isEmpty());
          }
        }), "searcher-" + t));
      }
      threads.add(new Thread(guard(failures, () -> {
        Random random = new Random(300);
        FeedbackStore store = relearn.feedbackStore();
        String gone = store.sessions().hash("gone");
        for (int round = 0; System.nanoTime() < deadline; round++) {
          for (int i = 0; i < 3; i++) {
            relearn.feedback(FeedbackScenario.request(random, "g" + round + "-" + i, "gone",
                chunkIds));
          }
          store.forgetSession(gone);
          assertFalse(store.contains("g" + round + "-0"));
          forgets.incrementAndGet();
        }
      }), "forgetter"));
      threads.forEach(Thread::start);
      for (Thread thread : threads) {
        thread.join(LOAD.toMillis() + TimeUnit.MINUTES.toMillis(1));
        assertFalse(thread.isAlive(), thread.getName() + " did not stop");
      }
      if (!failures.isEmpty()) {
        AssertionError error = new AssertionError(failures.size() + " thread(s) failed; first: "
            + failures.peek());
        failures.forEach(error::addSuppressed);
        throw error;
      }
      assertTrue(forgets.get() > 1, "the forgetter ran " + forgets.get() + " time(s)");
      FeedbackStore store = relearn.feedbackStore();
      store.flushLearnedFields();
      StoreStats stats = store.stats();
      assertEquals(acked.size(), stats.ledgerEvents(), "ledger: exactly the other sessions'");
      assertEquals(acked.size(), stats.clusters().events(), "cluster index: as many events");
      Map<String, LearnedValues> searched = new TreeMap<>();
      for (Hit hit : relearn.search(SearchRequest.of(FeedbackScenario.COMMON_WORD).withK(200))
          .hits()) {
        searched.put(hit.chunkId(), hit.learned());
      }
      FeedbackScenario.assertLearned(acked, searched, "search hits after the forgets");
      Map<String, LearnedValues> inStore = new TreeMap<>();
      for (String id : chunkIds) {
        inStore.put(id, store.learned(id));
      }
      FeedbackScenario.assertLearned(acked, inStore, "the store's aggregates");
    }
    FeedbackScenario.assertLearned(acked, FeedbackScenario.docValues(index),
        "doc values after close");
  }

  private static Runnable guard(Queue<Throwable> failures, FeedbackScenarioBody body) {
    return () -> {
      try {
        body.run();
      } catch (Throwable e) {
        failures.add(new AssertionError(Thread.currentThread().getName() + " failed: " + e, e));
      }
    };
  }

  @FunctionalInterface
  private interface FeedbackScenarioBody {
    void run() throws Exception;
  }
}
