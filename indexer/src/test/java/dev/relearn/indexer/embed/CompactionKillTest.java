package dev.relearn.indexer.embed;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.lucene.schema.Chunk;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A process compacting its vector cache over and over is killed (SIGKILL) at seeded random
 * moments: every time, the cache opens with no damaged record, every vector in it is the one
 * written for its text, the batch of the last compaction that returned is whole, and the copy a
 * compaction was writing is gone.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class CompactionKillTest {
  private static final int ROUNDS = 12;

  @TempDir Path dir;

  @Test
  void aKillAtAnyPointLeavesAUsableCache() throws Exception {
    Random random = new Random(20241123L);
    int round = 1;
    int killedMidCompaction = 0;
    for (int kill = 0; kill < ROUNDS; kill++) {
      Process child = new ProcessBuilder(command(round)).redirectErrorStream(true).start();
      int lastCompacted = round - 1;
      try (BufferedReader out = new BufferedReader(
          new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
        String line = out.readLine();
        assertEquals("open", line, "the child's first line");
        int rounds = 1 + random.nextInt(3);
        while (lastCompacted < round - 1 + rounds) { // let some rounds complete
          line = out.readLine();
          assertTrue(line != null && line.startsWith("compacted "), String.valueOf(line));
          lastCompacted = Integer.parseInt(line.substring("compacted ".length()));
        }
        Thread.sleep(random.nextInt(40)); // then somewhere in the next round
        child.toHandle().destroyForcibly(); // SIGKILL, the streams left open
        assertTrue(child.waitFor(30, TimeUnit.SECONDS));
        for (line = out.readLine(); line != null; line = out.readLine()) {
          if (line.startsWith("compacted ")) {
            lastCompacted = Integer.parseInt(line.substring("compacted ".length()));
          }
        }
      }
      killedMidCompaction += Files.exists(dir.resolve("m.vectors.compacting")) ? 1 : 0;
      check(lastCompacted);
      round = lastCompacted + 2; // the next child starts a round no file has seen
    }
    System.out.println("kills that found a compaction's copy: " + killedMidCompaction + " of "
        + ROUNDS);
  }

  private void check(int lastCompacted) throws Exception {
    try (VectorStore store = VectorStore.open(dir, "m", CompactionKillChild.DIM)) {
      assertEquals(0, store.droppedRecords(), "no damaged record");
      assertFalse(Files.exists(dir.resolve("m.vectors.compacting")));
      for (int round = lastCompacted - 1; round <= lastCompacted + 1; round++) {
        for (int i = 0; i < CompactionKillChild.BATCH; i++) {
          String text = CompactionKillChild.text(round, i);
          float[] stored = store.get(Chunk.sha256Hex(text));
          if (round == lastCompacted || stored != null) { // the last batch is whole
            assertArrayEquals(CompactionKillChild.vector(text), stored, text);
          }
        }
      }
      assertTrue(store.size() <= 4 * CompactionKillChild.BATCH, "size " + store.size());
    }
  }

  private List<String> command(int round) {
    List<String> command = new ArrayList<>();
    command.add(ProcessHandle.current().info().command()
        .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(CompactionKillChild.class.getName());
    command.add(dir.toString());
    command.add(String.valueOf(round));
    return command;
  }
}
