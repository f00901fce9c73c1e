package dev.relearn.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.relearn.lucene.feedback.FeedbackLookup;
import dev.relearn.lucene.fusion.FusedHit;
import dev.relearn.lucene.fusion.StageHit;
import dev.relearn.lucene.rerank.LearnedRescorer;
import dev.relearn.lucene.rerank.RerankOptions;
import java.io.IOException;
import java.util.AbstractList;
import java.util.HashSet;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The lookup worker: runs prefetches off the caller, spins only in a burst (and only then waits
 * for the window to rank it), wakes from its deep sleep, stops.
 */
class LookupPrefetcherTest {
  /** A window no test outlasts. */
  private static final long LONG = TimeUnit.MINUTES.toNanos(10);

  private final ByteBuffersDirectory dir = new ByteBuffersDirectory();
  private final BlockingQueue<Thread> lookups = new ArrayBlockingQueue<>(16);
  private DirectoryReader reader;
  private IndexSearcher searcher;

  @BeforeEach
  void emptyIndex() throws IOException {
    try (IndexWriter writer = new IndexWriter(dir, new IndexWriterConfig())) {
      writer.addDocument(new Document()); // a window to rank
    }
    reader = DirectoryReader.open(dir);
    searcher = new IndexSearcher(reader);
  }

  @AfterEach
  void closeIndex() throws IOException {
    reader.close();
    dir.close();
  }

  private LearnedRescorer rescorer(FeedbackLookup lookup) {
    return new LearnedRescorer(lookup, new float[] {1f}, RerankOptions.DEFAULTS);
  }

  private LearnedRescorer recording() {
    return rescorer((vector, min, max) -> {
      lookups.add(Thread.currentThread());
      return List.of();
    });
  }

  private void prefetch(LookupPrefetcher prefetcher, LearnedRescorer rescorer) {
    prefetcher.prefetch(new RankingHandOff(rescorer, searcher));
  }

  @Test
  void aPrefetchRunsTheLookupOnTheWorkerNotTheCaller() throws Exception {
    try (LookupPrefetcher prefetcher = new LookupPrefetcher()) {
      prefetch(prefetcher, recording());
      Thread ran = lookups.poll(10, TimeUnit.SECONDS);
      assertTrue(ran != null && ran != Thread.currentThread()
          && ran.getName().startsWith("relearn-lookup-"), String.valueOf(ran));
      assertTrue(ran.isDaemon());
    }
  }

  @Test
  void theWorkerChecksForWorkWithItsOwnLowTimerSlack() throws Exception {
    BlockingQueue<OptionalLong> slack = new ArrayBlockingQueue<>(1);
    try (LookupPrefetcher prefetcher = new LookupPrefetcher()) {
      prefetch(prefetcher, rescorer((vector, min, max) -> {
        slack.add(TimerSlack.current());
        return List.of();
      }));
      OptionalLong worker = slack.poll(10, TimeUnit.SECONDS);
      OptionalLong expected = TimerSlack.unavailable().isEmpty()
          ? OptionalLong.of(LookupPrefetcher.SLACK_NANOS) : OptionalLong.empty();
      assertEquals(expected, worker, TimerSlack.unavailable().orElse("available"));
    }
  }

  @Test
  void aWorkerParkedUntilWokenStillTakesTheNextPrefetch() throws Exception {
    try (LookupPrefetcher prefetcher = new LookupPrefetcher()) {
      prefetch(prefetcher, recording());
      Thread worker = lookups.poll(10, TimeUnit.SECONDS);
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (worker.getState() != Thread.State.WAITING && System.nanoTime() < deadline) {
        Thread.sleep(5); // past its active window it parks without a timeout
      }
      assertEquals(Thread.State.WAITING, worker.getState());
      prefetch(prefetcher, recording());
      assertEquals(worker, lookups.poll(10, TimeUnit.SECONDS));
    }
  }

  @Test
  void anIsolatedPrefetchLeavesTheWorkerCheckingWithTimedParksNotSpinning() throws Exception {
    try (LookupPrefetcher prefetcher = new LookupPrefetcher(LONG, LONG)) {
      prefetch(prefetcher, recording());
      Thread worker = lookups.poll(10, TimeUnit.SECONDS);
      assertEquals(Thread.State.TIMED_WAITING, awaitState(worker, Thread.State.TIMED_WAITING));
    }
  }

  @Test
  void aPrefetchSoonAfterAnotherMakesTheWorkerSpinUntilItsWindowEnds() throws Exception {
    long spin = TimeUnit.SECONDS.toNanos(1);
    try (LookupPrefetcher prefetcher = new LookupPrefetcher(spin, LONG)) {
      prefetch(prefetcher, recording());
      Thread worker = lookups.poll(10, TimeUnit.SECONDS);
      long firstSeen = System.nanoTime(); // before the first task's end
      prefetch(prefetcher, recording());
      assumeTrue(System.nanoTime() - firstSeen < spin / 2, "this thread stalled: no burst");
      assertEquals(worker, lookups.poll(10, TimeUnit.SECONDS));
      long seen = System.nanoTime(); // before the second task's end, from which the spin counts
      int samples = 0;
      int parked = 0;
      while (true) {
        Thread.State state = worker.getState();
        if (System.nanoTime() - seen >= spin / 4) {
          break; // enough, and that state may be from after the window
        }
        samples++;
        if (state != Thread.State.RUNNABLE) {
          parked++; // a spinning worker never parks
        }
        Thread.sleep(1);
      }
      assertEquals(0, parked, "parked in " + parked + " of " + samples + " samples");
      assertEquals(Thread.State.TIMED_WAITING, awaitState(worker, Thread.State.TIMED_WAITING));
    }
  }

  @Test
  void inABurstTheWorkerWaitsForTheWindowAndRanksItButNotOtherwise() throws Exception {
    try (LookupPrefetcher prefetcher = new LookupPrefetcher(LONG, LONG)) {
      RankingHandOff isolated = new RankingHandOff(recording(), searcher);
      prefetcher.prefetch(isolated);
      Thread worker = lookups.poll(10, TimeUnit.SECONDS);
      assertEquals(Thread.State.TIMED_WAITING, awaitState(worker, Thread.State.TIMED_WAITING));
      assertEquals(Thread.currentThread(), rankedBy(isolated), "no burst: it did not wait");

      RankingHandOff inBurst = new RankingHandOff(recording(), searcher);
      prefetcher.prefetch(inBurst); // within the spin window of the last task's end
      assertEquals(worker, lookups.poll(10, TimeUnit.SECONDS));
      Thread.sleep(20); // the lookup is done: the worker now waits for the window
      assertEquals(worker, rankedBy(inBurst));
    }
  }

  /** Offers a one-hit window, reads ahead until the worker is done, and says who ranked it. */
  private static Thread rankedBy(RankingHandOff search) throws IOException {
    List<Thread> readers = new CopyOnWriteArrayList<>();
    FusedHit hit = new FusedHit(0, 1, new StageHit(0, 1, 1), null);
    search.offer(new AbstractList<>() {
      @Override
      public FusedHit get(int index) {
        readers.add(Thread.currentThread());
        return hit;
      }

      @Override
      public int size() {
        return 1;
      }
    }, 1);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (search.workerBusy() && System.nanoTime() < deadline) {
      Thread.onSpinWait();
    }
    assertEquals(0, search.ranked().get(0).doc());
    assertEquals(1, new HashSet<>(readers).size(), String.valueOf(readers));
    return readers.get(0);
  }

  @Test
  void theFirstPrefetchAfterADeepSleepStartsNoBurst() throws Exception {
    try (LookupPrefetcher prefetcher =
        new LookupPrefetcher(LONG, TimeUnit.MILLISECONDS.toNanos(50))) {
      prefetch(prefetcher, recording());
      Thread worker = lookups.poll(10, TimeUnit.SECONDS);
      assertEquals(Thread.State.WAITING, awaitState(worker, Thread.State.WAITING));
      prefetch(prefetcher, recording()); // woken: not a burst, however soon it came
      assertEquals(worker, lookups.poll(10, TimeUnit.SECONDS));
      assertEquals(Thread.State.TIMED_WAITING, awaitState(worker, Thread.State.TIMED_WAITING));
    }
  }

  /** Waits up to 10 s for {@code thread} to be in {@code state}; returns the last state seen. */
  private static Thread.State awaitState(Thread thread, Thread.State state)
      throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    Thread.State seen = thread.getState();
    while (seen != state && System.nanoTime() < deadline) {
      Thread.sleep(1);
      seen = thread.getState();
    }
    return seen;
  }

  @Test
  void aFailedLookupReachesTheCallerAndTheWorkerGoesOn() throws Exception {
    AtomicInteger calls = new AtomicInteger();
    LearnedRescorer failing = rescorer((vector, min, max) -> {
      calls.incrementAndGet();
      throw new IOException("disk gone");
    });
    try (LookupPrefetcher prefetcher = new LookupPrefetcher()) {
      prefetch(prefetcher, failing);
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (calls.get() == 0 && System.nanoTime() < deadline) {
        Thread.sleep(1);
      }
      assertEquals("disk gone", assertThrows(IOException.class, failing::feedback).getMessage());
      prefetch(prefetcher, recording());
      assertTrue(lookups.poll(10, TimeUnit.SECONDS) != null, "the worker survived the failure");
    }
  }

  @Test
  void aWorkerThatAnErrorEndedIsReplacedAtTheNextPrefetch() throws Exception {
    LearnedRescorer erring = rescorer((vector, min, max) -> {
      lookups.add(Thread.currentThread());
      throw new AssertionError("damaged file, as Lucene's assertions see it");
    });
    try (LookupPrefetcher prefetcher = new LookupPrefetcher()) {
      prefetch(prefetcher, erring);
      Thread first = lookups.poll(10, TimeUnit.SECONDS);
      first.join(TimeUnit.SECONDS.toMillis(10));
      assertFalse(first.isAlive(), "the error ended the worker");
      prefetch(prefetcher, recording());
      Thread second = lookups.poll(10, TimeUnit.SECONDS);
      assertTrue(second != null && second != first && second != Thread.currentThread(),
          String.valueOf(second));
    }
  }

  @Test
  void closeStopsTheWorkerAndLaterPrefetchesAreLeftToTheReRank() throws Exception {
    LookupPrefetcher prefetcher = new LookupPrefetcher();
    prefetch(prefetcher, recording());
    Thread worker = lookups.poll(10, TimeUnit.SECONDS);
    prefetcher.close();
    worker.join(TimeUnit.SECONDS.toMillis(10));
    assertFalse(worker.isAlive());
    LearnedRescorer late = recording();
    prefetch(prefetcher, late);
    assertEquals(null, lookups.poll(200, TimeUnit.MILLISECONDS));
    late.prepare(searcher); // the re-rank does it itself
    assertEquals(Thread.currentThread(), lookups.poll());
  }
}
