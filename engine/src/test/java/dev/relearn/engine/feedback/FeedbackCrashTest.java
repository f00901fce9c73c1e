package dev.relearn.engine.feedback;

import static dev.relearn.engine.feedback.FeedbackCrashChild.eventId;
import static dev.relearn.engine.feedback.FeedbackCrashChild.number;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.relearn.engine.FeedbackRequest;
import dev.relearn.engine.Relearn;
import dev.relearn.engine.feedback.FeedbackScenario.Sent;
import dev.relearn.feedback.store.FeedbackStore;
import dev.relearn.feedback.store.StoreStats;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.lucene.schema.LearnedValues;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The crash test: a child JVM ({@link FeedbackCrashChild}) records feedback, and checkpoints at
 * random moments, until it is killed with SIGKILL at a random moment; then this JVM opens the
 * engine (replaying the event log and reconciling the learned fields) and checks that
 *
 * <ol>
 *   <li>every acknowledged event is in the store, and the ledger holds exactly the events known
 *       to be present: every acknowledged one, the one event in flight at the kill if the store
 *       has it, nothing else, nothing twice; re-sent ids were acknowledged as duplicates;
 *   <li>the cluster index holds as many events as the ledger;
 *   <li>the chunk index's learned doc values, read after the engine is closed, equal {@link
 *       dev.relearn.feedback.learn.ChunkAggregates#recompute} over the present events for every
 *       chunk (counts bit for bit, the last use within the events' clock brackets).
 * </ol>
 *
 * <p>The child records one event at a time, so at most one event is in doubt per kill. Event
 * numbers never repeat across rounds, except the few earlier ones each round sends again.
 */
class FeedbackCrashTest {
  private static final int ROUNDS = Integer.getInteger("relearn.crash.rounds", 50);
  private static final int CHUNK_FILES = 30;
  private static final long ROUND_STRIDE = 100_000;
  private static final int RESENDS_PER_ROUND = 4;
  private static final int MIN_KILL_DELAY_MS = 300;
  private static final int MAX_KILL_DELAY_MS = 1500;
  /** The exit value of a process ended by signal 9. */
  private static final int SIGKILL_EXIT = 128 + 9;

  @TempDir Path tmp;

  /** What the open after a kill found: the event in doubt present or not, the log replayed. */
  private record Recovered(boolean inDoubtPresent, long replayedRecords, long tornBytes) {}

  /** What one child printed before it was killed, parsed. */
  private record ChildRun(Map<Long, Long> sent, Map<Long, Long> acked, Long inDoubt,
      long killedAtMillis, int delayMillis) {}

  @Test
  @Timeout(value = 20, unit = TimeUnit.MINUTES) // a liveness bound: about 125 s here, 50 rounds
  void acknowledgedFeedbackSurvivesSigkillExactlyOnce() throws Exception {
    Random random = new Random(20_261_122L);
    Path docs = FeedbackScenario.writeCorpus(tmp.resolve("docs"), CHUNK_FILES, 11);
    Path index = tmp.resolve("index");
    try (Relearn relearn = Relearn.open(index, FeedbackScenario.HASHING)) {
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
    }
    List<String> chunkIds = List.copyOf(FeedbackScenario.docValues(index).keySet());
    assertTrue(chunkIds.size() >= CHUNK_FILES, "chunks: " + chunkIds.size());
    Path idsFile = Files.write(tmp.resolve("chunk-ids.txt"), chunkIds);

    Map<Long, Sent> present = new LinkedHashMap<>();
    long acked = 0;
    long started = System.nanoTime();
    for (int round = 0; round < ROUNDS; round++) {
      long first = (round + 1) * ROUND_STRIDE;
      List<Long> resends = new ArrayList<>(present.keySet());
      Collections.shuffle(resends, random);
      resends = List.copyOf(resends.subList(0, Math.min(RESENDS_PER_ROUND, resends.size())));
      ChildRun run = runAndKill(round, index, idsFile, first, resends, random);
      acked += run.acked().size();
      Recovered recovered = verify(round, index, chunkIds, first, run, present);
      System.out.printf("crash round %2d: killed %4d ms after the first ACK; acked %4d (%d re-sent"
              + " as duplicates), in doubt: %s; replayed %4d log records (torn tail %d bytes);"
              + " present %5d events%n", round, run.delayMillis(), run.acked().size(),
          run.acked().keySet().stream().filter(n -> n < first).count(),
          run.inDoubt() == null ? "none" : eventId(run.inDoubt())
              + (recovered.inDoubtPresent() ? " (present)" : " (absent)"),
          recovered.replayedRecords(), recovered.tornBytes(), present.size());
    }
    System.out.printf("crash test: %d rounds, %d acknowledgements, %d events present, %s, %.1f s%n",
        ROUNDS, acked, present.size(), FeedbackScenario.coverage(present.values()),
        (System.nanoTime() - started) / 1e9);
  }

  /** Starts a child, kills it with SIGKILL a random time after its first ACK, reads all output. */
  private ChildRun runAndKill(int round, Path index, Path idsFile, long first,
      List<Long> resends, Random random) throws Exception {
    String java = ProcessHandle.current().info().command().orElse("java");
    Path stderr = tmp.resolve("child-" + round + ".err");
    Process child = new ProcessBuilder(List.of(java, "-Xmx256m", "-XX:+UseSerialGC", "-cp",
        System.getProperty("java.class.path"), FeedbackCrashChild.class.getName(),
        index.toString(), idsFile.toString(), Long.toString(first),
        resends.stream().map(String::valueOf).collect(Collectors.joining(",")),
        Long.toString(random.nextLong())))
        .redirectError(stderr.toFile()).start();
    List<String> lines = Collections.synchronizedList(new ArrayList<>());
    CountDownLatch firstAck = new CountDownLatch(1);
    AtomicReference<IOException> readFailure = new AtomicReference<>();
    Thread reader = new Thread(() -> {
      try (BufferedReader in = child.inputReader()) {
        for (String line = in.readLine(); line != null; line = in.readLine()) {
          lines.add(line);
          if (line.startsWith("ACK ")) {
            firstAck.countDown();
          }
        }
      } catch (IOException e) {
        readFailure.set(e);
      }
    }, "crash-child-stdout-" + round);
    reader.start();
    int delay = MIN_KILL_DELAY_MS + random.nextInt(MAX_KILL_DELAY_MS - MIN_KILL_DELAY_MS + 1);
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (!firstAck.await(100, TimeUnit.MILLISECONDS)) {
        if (!child.isAlive()) {
          fail("round " + round + ": the child ended before its first ACK, exit "
              + child.exitValue() + "; stderr: " + read(stderr));
        }
        if (System.nanoTime() > deadline) {
          fail("round " + round + ": no ACK within 60 s; stderr: " + read(stderr)
              + "\nthe child's threads:\n" + threadDump(java, child));
        }
      }
      Thread.sleep(delay);
      assertTrue(child.isAlive(), () -> "round " + round + ": the child ended before the kill;"
          + " stderr: " + read(stderr));
    } finally {
      child.toHandle().destroyForcibly();
      assertTrue(child.waitFor(60, TimeUnit.SECONDS), "the killed child did not end");
    }
    long killedAt = System.currentTimeMillis();
    reader.join(TimeUnit.SECONDS.toMillis(60)); // to EOF: no printed ACK is lost
    assertFalse(reader.isAlive(), "the child's stdout did not reach EOF");
    if (readFailure.get() != null) {
      throw readFailure.get();
    }
    assertEquals(SIGKILL_EXIT, child.exitValue(), () -> "stderr: " + read(stderr));
    return parse(round, first, List.copyOf(lines), killedAt, delay);
  }

  private static ChildRun parse(int round, long first, List<String> lines, long killedAt,
      int delay) {
    Map<Long, Long> sent = new LinkedHashMap<>();
    Map<Long, Long> acked = new LinkedHashMap<>();
    Long open = null;
    for (String line : lines) {
      String[] f = line.split(" ");
      String where = "round " + round + ", line '" + line + "'";
      if (f[0].equals("SEND") && f.length == 3) {
        assertNull(open, where + ": sent before the previous event was acknowledged");
        open = number(f[1]);
        assertNull(sent.put(open, Long.parseLong(f[2])), where + ": sent twice");
      } else if (f[0].equals("ACK") && f.length == 4) {
        long n = number(f[1]);
        assertEquals(open, n, where + ": acknowledges another event than the one sent");
        assertEquals(n < first, Boolean.parseBoolean(f[2]),
            where + ": a re-sent id must be a duplicate, a new one must not");
        acked.put(n, Long.parseLong(f[3]));
        open = null;
      } else {
        fail(where + ": unexpected output");
      }
    }
    return new ChildRun(sent, acked, open, killedAt, delay);
  }

  /**
   * Opens the engine after a kill and checks the store and the doc values against {@code
   * present}, which it first extends with the run's new events known to be present.
   *
   * @return what the open found
   */
  private static Recovered verify(int round, Path index, List<String> chunkIds, long first,
      ChildRun run, Map<Long, Sent> present) throws IOException {
    String where = "round " + round;
    boolean inDoubtPresent;
    StoreStats stats;
    Map<String, LearnedValues> inMemory = new TreeMap<>();
    try (Relearn relearn = Relearn.open(index, FeedbackScenario.HASHING)) {
      FeedbackStore store = relearn.feedbackStore();
      run.acked().forEach((n, ackedAt) -> {
        if (n >= first) {
          present.put(n, sent(store, n, chunkIds, run.sent().get(n), ackedAt));
        }
      });
      Long doubt = run.inDoubt();
      inDoubtPresent = doubt != null && store.contains(eventId(doubt));
      if (inDoubtPresent && doubt >= first) {
        present.put(doubt, sent(store, doubt, chunkIds, run.sent().get(doubt),
            run.killedAtMillis()));
      }
      for (long n : present.keySet()) {
        assertTrue(store.contains(eventId(n)), where + ": lost " + eventId(n));
      }
      stats = store.stats();
      assertEquals(0, stats.recovery().damagedRecords(),
          where + ": damage in the log: " + stats.recovery().problems());
      assertEquals(present.size(), stats.ledgerEvents(),
          where + ": the ledger must hold exactly the present events, each once");
      assertEquals(present.size(), stats.clusters().events(),
          where + ": the cluster index must hold as many events as the ledger");
      for (String id : chunkIds) {
        inMemory.put(id, store.learned(id));
      }
    }
    FeedbackScenario.assertLearned(present.values(), inMemory, where + " (store)");
    Map<String, LearnedValues> docValues = FeedbackScenario.docValues(index);
    assertEquals(chunkIds, List.copyOf(docValues.keySet()), where + ": chunks changed");
    FeedbackScenario.assertLearned(present.values(), docValues, where + " (doc values)");
    return new Recovered(inDoubtPresent, stats.recovery().records(),
        stats.recovery().truncatedBytes());
  }

  private static Sent sent(FeedbackStore store, long n, List<String> chunkIds, long notBefore,
      long notAfter) {
    FeedbackRequest request = FeedbackCrashChild.request(n, chunkIds);
    return new Sent(request, store.sessions().hash(request.session()), notBefore, notAfter);
  }

  /** The child's thread dump, taken with the jcmd of this JVM's JDK. */
  private static String threadDump(String java, Process child) throws Exception {
    Process jcmd = new ProcessBuilder(Path.of(java).resolveSibling("jcmd").toString(),
        Long.toString(child.pid()), "Thread.print").redirectErrorStream(true).start();
    String dump = new String(jcmd.getInputStream().readAllBytes());
    assertTrue(jcmd.waitFor(30, TimeUnit.SECONDS), "jcmd did not end");
    return dump;
  }

  private static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      return "(cannot read " + file + ": " + e + ")";
    }
  }
}
