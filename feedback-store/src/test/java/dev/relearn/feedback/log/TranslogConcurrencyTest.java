package dev.relearn.feedback.log;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Group commit under concurrent appenders, rolling under load, and ASYNC durability. */
class TranslogConcurrencyTest {
  @TempDir Path tmp;
  private final FaultyChannel.Faults faults = new FaultyChannel.Faults();

  /** Runs {@code threads} named appenders, each appending {@code perThread} records. */
  private static Map<Long, String> appendConcurrently(Translog log, int threads, int perThread,
      boolean checkDurable) throws InterruptedException {
    Map<Long, String> acked = new ConcurrentHashMap<>();
    AtomicReference<Throwable> failure = new AtomicReference<>();
    CountDownLatch start = new CountDownLatch(1);
    List<Thread> workers = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      int id = t;
      Thread worker = new Thread(() -> {
        try {
          start.await();
          for (int i = 0; i < perThread; i++) {
            String payload = "t" + id + "-" + i;
            long seq = log.append(payload.getBytes(UTF_8));
            if (checkDurable && log.lastSyncedSeq() < seq) {
              throw new AssertionError("record " + seq + " acknowledged before its fsync");
            }
            if (acked.put(seq, payload) != null) {
              throw new AssertionError("sequence number " + seq + " handed out twice");
            }
          }
        } catch (Throwable e) {
          failure.compareAndSet(null, e);
        }
      }, "appender-" + t);
      worker.start();
      workers.add(worker);
    }
    start.countDown();
    for (Thread worker : workers) {
      worker.join();
    }
    if (failure.get() != null) {
      throw new AssertionError("an appender failed", failure.get());
    }
    return acked;
  }

  private static void assertReplaysExactly(Path dir, Map<Long, String> acked) throws IOException {
    try (Translog log = Translog.open(dir)) {
      Replayed replayed = Replayed.of(log);
      assertTrue(replayed.report.clean(), replayed.report.problems().toString());
      Map<Long, String> seen = new HashMap<>();
      List<String> texts = replayed.texts();
      for (int i = 0; i < texts.size(); i++) {
        assertEquals(null, seen.put(replayed.seqs.get(i), texts.get(i)), "replayed twice");
      }
      assertEquals(acked, seen);
      for (int i = 1; i < replayed.seqs.size(); i++) {
        assertTrue(replayed.seqs.get(i - 1) < replayed.seqs.get(i), "replay out of order");
      }
    }
  }

  @Test
  void concurrentRequestAppendsShareFsyncs() throws Exception {
    int threads = 8;
    int perThread = 500;
    Map<Long, String> acked;
    try (Translog log = Translog.open(tmp, Durability.REQUEST, Duration.ofHours(1),
        faults.opener())) {
      acked = appendConcurrently(log, threads, perThread, true);
    }
    int appends = threads * perThread;
    assertEquals(appends, acked.size());
    Set<Long> expected = new HashSet<>();
    for (long s = 1; s <= appends; s++) {
      expected.add(s);
    }
    assertEquals(expected, acked.keySet());
    int forces = faults.forces.get();
    assertTrue(forces < appends, "group commit should share fsyncs: " + forces + " fsyncs for "
        + appends + " appends");
    assertReplaysExactly(tmp, acked);
  }

  @Test
  void rollingWhileAppendingLosesNothing() throws Exception {
    Map<Long, String> acked;
    try (Translog log = Translog.open(tmp)) {
      AtomicReference<Throwable> rollFailure = new AtomicReference<>();
      CountDownLatch done = new CountDownLatch(1);
      Thread roller = new Thread(() -> {
        try {
          long previous = 0;
          while (!done.await(3, java.util.concurrent.TimeUnit.MILLISECONDS)) {
            long rolled = log.rollGeneration();
            assertTrue(rolled >= previous, "roll went backwards");
            previous = rolled;
          }
        } catch (Throwable e) {
          rollFailure.set(e);
        }
      }, "roller");
      roller.start();
      try {
        acked = appendConcurrently(log, 4, 150, true);
      } finally {
        done.countDown();
        roller.join();
      }
      if (rollFailure.get() != null) {
        throw new AssertionError("rolling failed", rollFailure.get());
      }
    }
    assertEquals(600, acked.size());
    assertReplaysExactly(tmp, acked);
  }

  @Test
  void asyncAppendsReturnWithoutFsyncAndCloseMakesThemDurable() throws Exception {
    Translog log = Translog.open(tmp, Durability.ASYNC, Duration.ofHours(1), faults.opener());
    Map<Long, String> acked = appendConcurrently(log, 4, 50, false);
    assertEquals(0, faults.forces.get(), "ASYNC appends must not wait for an fsync");
    assertEquals(0, log.lastSyncedSeq());
    assertTrue(Thread.getAllStackTraces().keySet().stream().anyMatch(t -> t.isDaemon()
        && t.getName().equals("relearn-translog-sync-" + tmp.getFileName())));
    log.close();
    assertTrue(faults.forces.get() >= 1);
    assertEquals(200, log.lastSyncedSeq());
    assertReplaysExactly(tmp, acked);
  }

  @Test
  void asyncBackgroundThreadSyncsWithinTheInterval() throws Exception {
    try (Translog log = Translog.open(tmp, Durability.ASYNC, Duration.ofMillis(20),
        faults.opener())) {
      for (int i = 0; i < 10; i++) {
        log.append(new byte[] {(byte) i});
      }
      long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos(); // liveness bound
      while (log.lastSyncedSeq() < 10 && System.nanoTime() < deadline) {
        Thread.sleep(5);
      }
      assertEquals(10, log.lastSyncedSeq());
      assertTrue(faults.forces.get() >= 1);
    }
  }

  @Test
  void syncAheadFsyncsOnTheLogsThreadWhileTheWriterWorks() throws Exception {
    try (Translog log = Translog.open(tmp, Durability.REQUEST, Translog.DEFAULT_SYNC_INTERVAL,
        faults.opener())) {
      long seq = log.write(new byte[] {1});
      log.syncAhead(seq); // the writer does not wait: the log's sync thread fsyncs
      long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos(); // liveness bound
      while (log.lastSyncedSeq() < seq && System.nanoTime() < deadline) {
        Thread.sleep(5);
      }
      assertEquals(seq, log.lastSyncedSeq());
      assertEquals(1, faults.forces.get());
      log.awaitDurable(seq); // covered: no second fsync
      assertEquals(1, faults.forces.get());
      assertThrows(IllegalArgumentException.class, () -> log.syncAhead(seq + 1));
    }
  }
}
