package dev.relearn.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.lucene.feedback.ChunkEvidence;
import dev.relearn.lucene.feedback.FeedbackLookup;
import dev.relearn.lucene.feedback.PastQuery;
import dev.relearn.lucene.fusion.FusedHit;
import dev.relearn.lucene.fusion.StageHit;
import dev.relearn.lucene.rerank.LearnedRescorer;
import dev.relearn.lucene.rerank.RankedHit;
import dev.relearn.lucene.schema.ChunkSchema;
import java.io.IOException;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.KeywordField;
import org.apache.lucene.document.Field;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A learned search's second stage shared with the lookup worker: the worker ranks a window offered
 * in time, the caller ranks whatever the worker did not claim or failed, and the ranking is the
 * same whoever does it.
 */
class RankingHandOffTest {
  private static final float[] QUERY = {0.6f, 0.8f};
  private static final int DOCS = 30;
  /** The first stage's 13th candidate, just below its top 10. */
  private static final int VOUCHED = 12;
  /** A past query that vouches for that candidate. */
  private static final FeedbackLookup CLICKS = (vector, min, max) -> List.of(new PastQuery(0.9f,
      3, Map.of("c" + VOUCHED, new ChunkEvidence(3, 3, 3, 0)), 0));

  private final ByteBuffersDirectory dir = new ByteBuffersDirectory();
  private final Set<Thread> readers = ConcurrentHashMap.newKeySet();
  private DirectoryReader reader;
  private IndexSearcher searcher;

  @BeforeEach
  void index() throws IOException {
    try (IndexWriter writer = new IndexWriter(dir, new IndexWriterConfig())) {
      for (int i = 0; i < DOCS; i++) {
        Document doc = new Document();
        doc.add(new KeywordField(ChunkSchema.ID, "c" + i, Field.Store.YES));
        writer.addDocument(doc);
      }
    }
    reader = DirectoryReader.open(dir);
    searcher = new IndexSearcher(reader);
  }

  @AfterEach
  void close() throws IOException {
    reader.close();
    dir.close();
  }

  /** The first stage's window, best first; records which threads read it. */
  private List<FusedHit> window() {
    List<FusedHit> hits = new ArrayList<>();
    for (int i = 0; i < DOCS; i++) {
      hits.add(new FusedHit(i, 1.0 - i / (double) DOCS, new StageHit(i, DOCS - i, i + 1), null));
    }
    return new AbstractList<>() {
      @Override
      public FusedHit get(int index) {
        readers.add(Thread.currentThread());
        return hits.get(index);
      }

      @Override
      public int size() {
        return hits.size();
      }
    };
  }

  private List<RankedHit> alone() throws IOException {
    return new LearnedRescorer(CLICKS, QUERY).rerankOrder(searcher, window(), 10);
  }

  private Thread worker(RankingHandOff handOff) {
    return Thread.ofPlatform().name("worker").start(() -> handOff.work(() -> true));
  }

  /** A worker that has prepared {@code handOff} and waits for its window. */
  private static Thread waitingWorker(RankingHandOff handOff) throws InterruptedException {
    CountDownLatch waiting = new CountDownLatch(1);
    Thread worker = Thread.ofPlatform().start(() -> handOff.work(() -> {
      waiting.countDown();
      return true;
    }));
    assertTrue(waiting.await(10, TimeUnit.SECONDS));
    return worker;
  }

  @Test
  void aWindowOfferedWhileTheWorkerWaitsIsRankedThere() throws Exception {
    List<RankedHit> alone = alone();
    assertTrue(alone.stream().anyMatch(hit -> hit.firstStagePosition() == VOUCHED),
        "the vouched chunk rises into the top 10: " + alone);
    readers.clear();
    RankingHandOff handOff = new RankingHandOff(new LearnedRescorer(CLICKS, QUERY), searcher);
    Thread worker = waitingWorker(handOff);
    handOff.offer(window(), 10);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (handOff.workerBusy() && System.nanoTime() < deadline) {
      Thread.onSpinWait(); // as the search reads ahead meanwhile
    }
    assertEquals(alone, handOff.ranked());
    worker.join(10_000);
    assertEquals(Set.of(worker), readers, "only the worker read the window");
  }

  @Test
  void withoutAWorkerTheCallerDoesItAllAndReadsNothingAhead() throws Exception {
    List<RankedHit> alone = alone();
    readers.clear();
    RankingHandOff handOff = new RankingHandOff(new LearnedRescorer(CLICKS, QUERY), searcher);
    handOff.offer(window(), 10);
    assertFalse(handOff.workerBusy(), "the worker has not started");
    assertEquals(alone, handOff.ranked());
    assertEquals(Set.of(Thread.currentThread()), readers);
    handOff.work(() -> true); // a late worker finds nothing left to do
    assertEquals(Set.of(Thread.currentThread()), readers);
  }

  @Test
  void theCallerIsToldTheWorkerIsBusyOnlyWhilePreparingOrRankingTheWindow() throws Exception {
    CountDownLatch entered = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    FeedbackLookup slow = (vector, min, max) -> {
      entered.countDown();
      await(release);
      return CLICKS.similar(vector, min, max);
    };
    RankingHandOff handOff = new RankingHandOff(new LearnedRescorer(slow, QUERY), searcher);
    CountDownLatch waiting = new CountDownLatch(1);
    Thread worker = Thread.ofPlatform().start(() -> handOff.work(() -> {
      waiting.countDown();
      return true;
    }));
    assertTrue(entered.await(10, TimeUnit.SECONDS));
    assertTrue(handOff.workerBusy(), "preparing");
    release.countDown();
    assertTrue(waiting.await(10, TimeUnit.SECONDS));
    assertFalse(handOff.workerBusy(), "prepared, with no window to rank");
    handOff.offer(window(), 10);
    assertEquals(alone(), handOff.ranked());
    worker.join(10_000);
    assertFalse(worker.isAlive());
    assertFalse(handOff.workerBusy(), "done");
  }

  @Test
  void aWorkerThatMayNotWaitLeavesTheRankingToTheCaller() throws Exception {
    List<RankedHit> alone = alone();
    readers.clear();
    RankingHandOff handOff = new RankingHandOff(new LearnedRescorer(CLICKS, QUERY), searcher);
    handOff.work(() -> false); // prepared, then gave up at once: no window yet
    handOff.offer(window(), 10);
    assertFalse(handOff.workerBusy());
    assertEquals(alone, handOff.ranked());
    assertEquals(Set.of(Thread.currentThread()), readers);
  }

  @Test
  void aWithheldWindowStopsAWaitingWorker() throws Exception {
    RankingHandOff handOff = new RankingHandOff(new LearnedRescorer(CLICKS, QUERY), searcher);
    Thread worker = waitingWorker(handOff);
    handOff.withhold();
    worker.join(10_000);
    assertFalse(worker.isAlive(), "it waits for a window only while the search may offer one");
    assertFalse(handOff.workerBusy());
  }

  @Test
  void aWindowWithheldFromTheStartStillHasTheWorkerPrepareButNotWait() throws Exception {
    Set<Thread> lookedUp = ConcurrentHashMap.newKeySet();
    LearnedRescorer rescorer = new LearnedRescorer((vector, min, max) -> {
      lookedUp.add(Thread.currentThread());
      return CLICKS.similar(vector, min, max);
    }, QUERY);
    RankingHandOff handOff = new RankingHandOff(rescorer, searcher);
    handOff.withhold(); // an explained search: it ranks on its own thread
    Thread worker = worker(handOff); // may wait for ever, but is told no window comes
    worker.join(10_000);
    assertFalse(worker.isAlive(), "it did not wait");
    assertEquals(Set.of(worker), lookedUp, "the lookup still ran beside the first stage");
    assertEquals(alone(), rescorer.rerankOrder(searcher, window(), 10), "using that lookup");
    assertEquals(Set.of(worker), lookedUp);
  }

  @Test
  void aRankingThatFailsOnTheWorkerIsRepeatedByTheCallerWhichGetsItsFailure() throws Exception {
    RankingHandOff handOff = new RankingHandOff(new LearnedRescorer(CLICKS, QUERY), searcher);
    AtomicReference<Thread> failedOn = new AtomicReference<>();
    List<FusedHit> window = window();
    handOff.offer(new AbstractList<>() {
      @Override
      public FusedHit get(int index) {
        if (Thread.currentThread().getName().equals("worker")) {
          failedOn.set(Thread.currentThread());
          throw new IllegalStateException("the window's reader failed");
        }
        return window.get(index);
      }

      @Override
      public int size() {
        return window.size();
      }
    }, 10);
    Thread worker = worker(handOff);
    worker.join(10_000);
    assertEquals(worker, failedOn.get(), "the worker tried and failed, and ended quietly");
    assertEquals(alone(), handOff.ranked(), "the caller ranked it again");

    RankingHandOff failing = new RankingHandOff(new LearnedRescorer((vector, min, max) -> {
      throw new IOException("feedback index gone");
    }, QUERY), searcher);
    failing.offer(window, 10);
    worker = worker(failing);
    worker.join(10_000);
    assertEquals("feedback index gone",
        assertThrows(IOException.class, failing::ranked).getMessage(),
        "a failed preparation surfaces on the caller");
  }

  private static void await(CountDownLatch latch) {
    try {
      latch.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
