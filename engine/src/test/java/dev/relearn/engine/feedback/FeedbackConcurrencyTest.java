package dev.relearn.engine.feedback;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.engine.FeedbackRequest;
import dev.relearn.engine.Relearn;
import dev.relearn.engine.feedback.FeedbackScenario.Sent;
import dev.relearn.feedback.event.SessionHasher;
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
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The concurrency test: one engine over 50 chunks, 8 threads recording feedback while 4 threads
 * search, for 30 seconds. No thread may fail; afterwards the store holds exactly the acknowledged
 * events (ledger and cluster index), every re-sent id was acknowledged as a duplicate, and the
 * learned values, as searches see them, as the store holds them and as the chunk index's doc
 * values hold them after close, equal {@link dev.relearn.feedback.learn.ChunkAggregates#recompute}
 * over exactly the acknowledged events.
 *
 * <p>Eight sessions are active at any moment and every recorder cycles through all of them, so
 * threads contend on the same (chunk, session) pairs; each session is replaced by a fresh one
 * after {@link #SESSION_EVENTS} events per recorder, so the per-session caps bind only sometimes
 * and the recomputed aggregates stay sensitive to a single lost or doubled event.
 */
class FeedbackConcurrencyTest {
  /** The load, as the issue states it. */
  private static final Duration LOAD = Duration.ofSeconds(30);
  private static final int RECORDERS = 8;
  private static final int SEARCHERS = 4;
  private static final int SESSIONS = 8;
  private static final int SESSION_EVENTS = 48;
  /** Every this many events a recorder sends one of its acknowledged events again. */
  private static final int RESEND_EVERY = 50;
  private static final int CHUNK_FILES = 25;

  @TempDir Path tmp;

  @FunctionalInterface
  private interface Body {
    void run() throws Exception;
  }

  @Test
  @Timeout(value = 3, unit = TimeUnit.MINUTES)
  void eightRecordersAndFourSearchersForThirtySeconds() throws Exception {
    Path docs = FeedbackScenario.writeCorpus(tmp.resolve("docs"), CHUNK_FILES, 23);
    Path index = tmp.resolve("index");
    try (Relearn relearn = Relearn.open(index, FeedbackScenario.HASHING)) {
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
    }
    List<String> chunkIds = List.copyOf(FeedbackScenario.docValues(index).keySet());
    assertEquals(2 * CHUNK_FILES, chunkIds.size(), "two chunks per note: " + chunkIds);

    Queue<Sent> acked = new ConcurrentLinkedQueue<>();
    Queue<Throwable> failures = new ConcurrentLinkedQueue<>();
    LongAdder duplicates = new LongAdder();
    LongAdder searches = new LongAdder();
    try (Relearn relearn = Relearn.open(index, FeedbackScenario.HASHING)) {
      long deadline = System.nanoTime() + LOAD.toNanos();
      List<Thread> threads = new ArrayList<>();
      for (int t = 0; t < RECORDERS; t++) {
        int thread = t;
        threads.add(new Thread(guard(failures, () -> record(relearn, thread, chunkIds, deadline,
            acked, duplicates)), "feedback-recorder-" + t));
      }
      for (int t = 0; t < SEARCHERS; t++) {
        int thread = t;
        threads.add(new Thread(guard(failures, () -> search(relearn, thread, Set.copyOf(chunkIds),
            deadline, searches)), "feedback-searcher-" + t));
      }
      long started = System.nanoTime();
      threads.forEach(Thread::start);
      for (Thread thread : threads) {
        thread.join(LOAD.toMillis() + TimeUnit.MINUTES.toMillis(1));
        assertFalse(thread.isAlive(), thread.getName() + " did not stop");
      }
      double seconds = (System.nanoTime() - started) / 1e9;
      assertNoFailures(failures);

      FeedbackStore store = relearn.feedbackStore();
      store.flushLearnedFields();
      StoreStats stats = store.stats();
      assertEquals(acked.size(), stats.ledgerEvents(), "ledger: exactly the acknowledged events");
      assertEquals(acked.size(), stats.clusters().events(), "cluster index: as many events");
      for (Sent sent : acked) {
        assertTrue(store.contains(sent.request().eventId()), sent.request().eventId());
      }
      Map<String, LearnedValues> searched = new TreeMap<>();
      for (Hit hit : relearn.search(SearchRequest.of(FeedbackScenario.COMMON_WORD).withK(200))
          .hits()) {
        searched.put(hit.chunkId(), hit.learned());
      }
      assertEquals(chunkIds, List.copyOf(searched.keySet()), "one search returns every chunk");
      FeedbackScenario.assertLearned(acked, searched, "search hits after the flush");
      Map<String, LearnedValues> inStore = new TreeMap<>();
      for (String id : chunkIds) {
        inStore.put(id, store.learned(id));
      }
      FeedbackScenario.assertLearned(acked, inStore, "the store's aggregates");
      System.out.printf("concurrency: %d recorders + %d searchers for %.1f s: %d events recorded"
              + " (%.0f events/s), %d re-sent as duplicates, %d searches (%.0f/s); %s%n",
          RECORDERS, SEARCHERS, seconds, acked.size(), acked.size() / seconds, duplicates.sum(),
          searches.sum(), searches.sum() / seconds, FeedbackScenario.coverage(acked));
    }
    FeedbackScenario.assertLearned(acked, FeedbackScenario.docValues(index),
        "doc values after close");
  }

  private static void record(Relearn relearn, int thread, List<String> chunkIds, long deadline,
      Queue<Sent> acked, LongAdder duplicates) throws Exception {
    Random random = new Random(1_000 + thread);
    SessionHasher sessions = relearn.feedbackStore().sessions();
    List<FeedbackRequest> mine = new ArrayList<>();
    for (int i = 0; System.nanoTime() < deadline; i++) {
      if (i % RESEND_EVERY == RESEND_EVERY - 1) {
        FeedbackRequest again = mine.get(random.nextInt(mine.size()));
        FeedbackAck ack = relearn.feedback(again);
        assertTrue(ack.duplicate(), "re-sent " + again.eventId() + " must be a duplicate");
        duplicates.increment();
        continue;
      }
      String session = "s" + ((thread + i) % SESSIONS) + "." + (i / SESSION_EVENTS);
      FeedbackRequest request =
          FeedbackScenario.request(random, "t" + thread + "-" + i, session, chunkIds);
      long before = System.currentTimeMillis();
      FeedbackAck ack = relearn.feedback(request);
      long after = System.currentTimeMillis();
      assertEquals(request.eventId(), ack.eventId());
      assertFalse(ack.duplicate(), request.eventId() + " is new");
      assertEquals(List.of(), ack.unknownIds(), request.eventId());
      acked.add(new Sent(request, sessions.hash(session), before, after));
      mine.add(request);
    }
  }

  private static void search(Relearn relearn, int thread, Set<String> chunkIds, long deadline,
      LongAdder searches) throws Exception {
    Random random = new Random(2_000 + thread);
    while (System.nanoTime() < deadline) {
      String query = FeedbackScenario.query(random);
      List<Hit> hits = relearn.search(SearchRequest.of(query).withK(10)).hits();
      assertFalse(hits.isEmpty(), "no hits for '" + query + "'");
      for (Hit hit : hits) {
        assertTrue(chunkIds.contains(hit.chunkId()), hit.chunkId());
      }
      searches.increment();
    }
  }

  private static Runnable guard(Queue<Throwable> failures, Body body) {
    return () -> {
      try {
        body.run();
      } catch (Throwable e) {
        failures.add(new AssertionError(Thread.currentThread().getName() + " failed: " + e, e));
      }
    };
  }

  private static void assertNoFailures(Queue<Throwable> failures) {
    if (!failures.isEmpty()) {
      AssertionError error = new AssertionError(failures.size() + " thread(s) failed; first: "
          + failures.peek().getMessage());
      failures.forEach(error::addSuppressed);
      throw error;
    }
  }
}
