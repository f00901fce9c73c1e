package dev.relearn.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.lucene.feedback.FeedbackLookup;
import dev.relearn.lucene.rerank.LearnedRescorer;
import dev.relearn.lucene.rerank.RerankOptions;
import java.io.IOException;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The lookup worker: runs prefetches off the caller, wakes from its deep sleep, stops. */
class LookupPrefetcherTest {
  private final ByteBuffersDirectory dir = new ByteBuffersDirectory();
  private final BlockingQueue<Thread> lookups = new ArrayBlockingQueue<>(16);
  private DirectoryReader reader;
  private IndexSearcher searcher;

  @BeforeEach
  void emptyIndex() throws IOException {
    new IndexWriter(dir, new IndexWriterConfig()).close();
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

  @Test
  void aPrefetchRunsTheLookupOnTheWorkerNotTheCaller() throws Exception {
    try (LookupPrefetcher prefetcher = new LookupPrefetcher()) {
      prefetcher.prefetch(recording(), searcher);
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
      prefetcher.prefetch(rescorer((vector, min, max) -> {
        slack.add(TimerSlack.current());
        return List.of();
      }), searcher);
      OptionalLong worker = slack.poll(10, TimeUnit.SECONDS);
      OptionalLong expected = TimerSlack.unavailable().isEmpty()
          ? OptionalLong.of(LookupPrefetcher.SLACK_NANOS) : OptionalLong.empty();
      assertEquals(expected, worker, TimerSlack.unavailable().orElse("available"));
    }
  }

  @Test
  void aWorkerParkedUntilWokenStillTakesTheNextPrefetch() throws Exception {
    try (LookupPrefetcher prefetcher = new LookupPrefetcher()) {
      prefetcher.prefetch(recording(), searcher);
      Thread worker = lookups.poll(10, TimeUnit.SECONDS);
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (worker.getState() != Thread.State.WAITING && System.nanoTime() < deadline) {
        Thread.sleep(5); // past its active window it parks without a timeout
      }
      assertEquals(Thread.State.WAITING, worker.getState());
      prefetcher.prefetch(recording(), searcher);
      assertEquals(worker, lookups.poll(10, TimeUnit.SECONDS));
    }
  }

  @Test
  void aFailedLookupReachesTheCallerAndTheWorkerGoesOn() throws Exception {
    AtomicInteger calls = new AtomicInteger();
    LearnedRescorer failing = rescorer((vector, min, max) -> {
      calls.incrementAndGet();
      throw new IOException("disk gone");
    });
    try (LookupPrefetcher prefetcher = new LookupPrefetcher()) {
      prefetcher.prefetch(failing, searcher);
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (calls.get() == 0 && System.nanoTime() < deadline) {
        Thread.sleep(1);
      }
      assertEquals("disk gone", assertThrows(IOException.class, failing::feedback).getMessage());
      prefetcher.prefetch(recording(), searcher);
      assertTrue(lookups.poll(10, TimeUnit.SECONDS) != null, "the worker survived the failure");
    }
  }

  @Test
  void closeStopsTheWorkerAndLaterPrefetchesAreLeftToTheReRank() throws Exception {
    LookupPrefetcher prefetcher = new LookupPrefetcher();
    prefetcher.prefetch(recording(), searcher);
    Thread worker = lookups.poll(10, TimeUnit.SECONDS);
    prefetcher.close();
    worker.join(TimeUnit.SECONDS.toMillis(10));
    assertFalse(worker.isAlive());
    LearnedRescorer late = recording();
    prefetcher.prefetch(late, searcher);
    assertEquals(null, lookups.poll(200, TimeUnit.MILLISECONDS));
    late.prepare(searcher); // the re-rank does it itself
    assertEquals(Thread.currentThread(), lookups.poll());
  }
}
