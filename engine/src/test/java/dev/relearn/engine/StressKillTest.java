package dev.relearn.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.lucene.schema.ChunkSchema;
import dev.relearn.engine.search.SearchMode;
import dev.relearn.engine.search.SearchRequest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kills {@link StressKillChild} with SIGKILL, by turns just after it began an index call and at
 * a random moment, while a second process (this one) tries to open the index read-write (refused,
 * naming the child) and reads it. After each kill the index opens, holds exactly the files of the
 * child's last finished index call or of the one in flight (never a mix), and every acknowledged
 * feedback event is in the store.
 */
class StressKillTest {
  private static final int ROUNDS = Integer.getInteger("relearn.stress.killRounds", 4);
  private static final int SIGKILL_EXIT = 128 + 9;

  @TempDir Path tmp;

  @Test
  @Timeout(value = 10, unit = TimeUnit.MINUTES)
  void acknowledgedWorkSurvivesSigkill() throws Exception {
    Random random = new Random(31);
    Path docs = Files.createDirectories(tmp.resolve("docs"));
    for (int i = 0; i < 60; i++) {
      StressKillChild.writeNote(docs.resolve("n" + i + ".md"), "init", random);
    }
    Path index = tmp.resolve("index");
    try (Relearn relearn = Relearn.open(index, TestOptions.HASHING)) {
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
    }
    String committed = StressKillChild.state(docs);
    List<String> acked = new ArrayList<>();
    int midIndex = 0;
    int inDoubtPresent = 0;
    for (int round = 0; round < ROUNDS; round++) {
      List<String> lines = runAndKill(round, index, docs, random);
      String last = committed;
      String inFlight = null;
      String sent = null;
      for (String line : lines) {
        if (line.startsWith("SEND ")) {
          sent = line.split(" ")[1];
        } else if (line.startsWith("ACK ")) {
          acked.add(line.split(" ")[1]);
          sent = null;
        } else if (line.startsWith("STATE ")) {
          inFlight = line.substring(6);
        } else if (line.startsWith("INDEXED")) {
          last = inFlight;
          inFlight = null;
        }
      }
      String found = committedState(index);
      if (!found.equals(last) && !found.equals(inFlight)) {
        fail("round " + round + ": the index after the kill is neither the last finished call's"
            + " nor the one in flight's; against the last: " + diff(last, found)
            + "; against the one in flight: "
            + (inFlight == null ? "none" : diff(inFlight, found)));
      }
      midIndex += inFlight != null ? 1 : 0;
      try (Relearn relearn = Relearn.open(index, TestOptions.HASHING)) {
        for (String id : acked) {
          assertTrue(relearn.feedbackStore().contains(id), "round " + round + ": event " + id);
        }
        if (sent != null && relearn.feedbackStore().contains(sent)) {
          inDoubtPresent++; // durable, killed before it was acknowledged
        }
        assertEquals(acked.size() + inDoubtPresent,
            relearn.feedbackStore().stats().ledgerEvents(), "round " + round);
        repairTornFiles(docs, round, random); // the kill may land while a file is written
        relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
        committed = StressKillChild.state(docs);
        assertEquals(committed, committedState(index));
        assertEquals(Files.list(docs).count(), relearn.search(SearchRequest.of(StressWorld.COMMON)
            .withK(1000).withMode(SearchMode.BM25)).hits().size());
      }
    }
    System.out.printf("kill test: %d rounds (%d with an index call in flight), %d events"
        + " acknowledged, all recovered (and %d sent but not acknowledged)%n", ROUNDS, midIndex,
        acked.size(), inDoubtPresent);
  }

  /** Runs a child until it is killed: after an index call began, or at a random moment. */
  private List<String> runAndKill(int round, Path index, Path docs, Random random)
      throws Exception {
    String java = ProcessHandle.current().info().command().orElse("java");
    Path stderr = tmp.resolve("child-" + round + ".err");
    Path stdout = tmp.resolve("child-" + round + ".out");
    Process child = new ProcessBuilder(List.of(java, "-Xmx256m", "-cp",
        System.getProperty("java.class.path"), StressKillChild.class.getName(),
        index.toString(), docs.toString(), Integer.toString(round),
        Long.toString(random.nextLong())))
        .redirectOutput(stdout.toFile()).redirectError(stderr.toFile()).start();
    boolean duringIndex = round % 2 == 0;
    int states = duringIndex ? 2 + random.nextInt(4) : 0;
    long killAt = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(800 + random.nextInt(1500));
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
    boolean checkedLock = false;
    long inCall = -1; // when to kill, once an index call began
    while (true) {
      List<String> soFar = completeLines(stdout);
      if (!child.isAlive()) {
        fail("round " + round + ": the child ended, exit " + child.exitValue() + ": "
            + Files.readString(stderr));
      }
      if (System.nanoTime() > deadline) {
        fail("round " + round + ": no progress in 90 s; output " + soFar);
      }
      boolean open = soFar.contains("OPEN");
      if (open && !checkedLock) {
        checkSecondProcess(round, index, child.pid());
        checkedLock = true;
      }
      long writing = soFar.stream().filter(l -> l.startsWith("WRITING ")).count();
      boolean calling = writing > soFar.stream().filter(l -> l.startsWith("INDEXED")).count();
      if (duringIndex && writing >= states && calling && inCall < 0) {
        inCall = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(random.nextInt(60));
      }
      if (duringIndex ? inCall > 0 && System.nanoTime() > inCall
          : open && System.nanoTime() > killAt) {
        break;
      }
      Thread.sleep(2);
    }
    child.destroyForcibly(); // SIGKILL
    assertTrue(child.waitFor(60, TimeUnit.SECONDS));
    assertEquals(SIGKILL_EXIT, child.exitValue(), Files.readString(stderr));
    return completeLines(stdout);
  }

  /** The lines the child wrote so far, without a last one it had not finished. */
  private static List<String> completeLines(Path stdout) throws IOException {
    String text = Files.readString(stdout);
    return text.lines().limit(text.endsWith("\n") ? Long.MAX_VALUE
        : Math.max(0, text.lines().count() - 1)).toList();
  }

  /** A second writer is refused, naming the child; a reader opens and searches. */
  private static void checkSecondProcess(int round, Path index, long childPid)
      throws IOException {
    try (Relearn second = Relearn.open(index, TestOptions.HASHING)) {
      fail("round " + round + ": a second writer opened " + second.directory());
    } catch (IndexInUseException e) {
      assertTrue(e.getMessage().contains("held by stress child " + round + ", pid " + childPid),
          e.getMessage());
    }
    try (Relearn reader = Relearn.open(index, TestOptions.HASHING.withReadOnly(true))) {
      reader.search(SearchRequest.of("cache latency").withMode(SearchMode.HYBRID));
      reader.stats();
    }
  }

  private static void repairTornFiles(Path docs, int round, Random random) throws IOException {
    try (var files = Files.list(docs)) {
      for (Path file : files.toList()) {
        if (!Files.readString(file).endsWith(".\n")) {
          StressKillChild.writeNote(file, "repaired" + round, random);
        }
      }
    }
  }

  private static String diff(String expected, String found) {
    Set<String> want = new TreeSet<>(List.of(expected.split(";")));
    Set<String> got = new TreeSet<>(List.of(found.split(";")));
    Set<String> missing = new TreeSet<>(want);
    missing.removeAll(got);
    got.removeAll(want);
    return "missing " + missing + ", unexpected " + got;
  }

  /** Each committed chunk's file and title, as {@link StressKillChild#state} prints files. */
  private static String committedState(Path index) throws IOException {
    TreeMap<String, String> titles = new TreeMap<>();
    CommittedChunks.forEach(index, Set.of(ChunkSchema.PATH, ChunkSchema.TITLE),
        (leaf, doc, fields) -> {
          String path = fields.get(ChunkSchema.PATH);
          String old = titles.put(path.substring(path.indexOf('/') + 1),
              fields.get(ChunkSchema.TITLE));
          assertEquals(null, old, "a file twice: " + path);
        });
    StringBuilder out = new StringBuilder();
    titles.forEach((name, title) -> out.append(name).append('=').append(title).append(';'));
    return out.toString();
  }
}
