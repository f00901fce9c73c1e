package dev.relearn.feedback.index;

import static dev.relearn.feedback.index.Fixtures.T0;
import static dev.relearn.feedback.index.Fixtures.add;
import static dev.relearn.feedback.index.Fixtures.event;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.lucene.feedback.ChunkEvidence;
import dev.relearn.lucene.feedback.Outcome;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every edited chunk leaves a rename in the ledger until no feedback needs it, so an index that
 * has been edited for months holds tens of thousands; a save that renames many chunks (a file
 * reformatted, a package moved) must cost each rename a constant, not a pass over all of them.
 * Each rename resolved every rename recorded so far: 10,000 renames took 105 s (under 1 s now),
 * and the next big save longer still.
 */
class ManyRenamesTest {
  private static final int DIM = 8;
  private static final int RENAMES = 10_000;

  @TempDir
  Path dir;

  @Test
  void renamesCostTheSameHoweverManyCameBefore() throws Exception {
    try (FeedbackIndex index = TestIndexes.open(dir, FeedbackIndexConfig.defaults(DIM))) {
      add(index, event("e1", "A", Fixtures.randomUnit(new Random(3), DIM), "c5000",
          Outcome.SUCCESS, T0));
      long start = System.nanoTime();
      for (int chunk = 0; chunk < RENAMES; chunk++) {
        RenameEffect effect = index.rename("c" + chunk, "d" + chunk);
        assertEquals(chunk == 5000 ? new RenameEffect(true, "c5000")
            : new RenameEffect(false, null), effect, "rename of c" + chunk);
      }
      Duration took = Duration.ofNanos(System.nanoTime() - start);
      assertTrue(took.compareTo(Duration.ofSeconds(10)) < 0, RENAMES + " renames took " + took);
      assertEquals(Map.of("d5000", ChunkEvidence.NONE),
          index.currentIds(Map.of("c5000", ChunkEvidence.NONE)));
    }
  }
}
