package dev.relearn.feedback.index;

import static dev.relearn.feedback.index.Fixtures.T0;
import static dev.relearn.feedback.index.Fixtures.add;
import static dev.relearn.feedback.index.Fixtures.event;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.relearn.feedback.index.Fixtures.FakeClock;
import dev.relearn.lucene.feedback.Outcome;
import java.nio.file.Path;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An idle merge that a forget aborts is skipped, not a failure: the maintenance thread must not
 * turn it into an error that every later record rethrows.
 */
class FeedbackIndexMergeRaceTest {
  private static final int DIM = 64;

  @TempDir Path dir;

  @Test
  void aForgetThatAbortsAnIdleMergeLeavesTheIndexWorking() throws Exception {
    Random random = new Random(11);
    try (FeedbackIndex index = TestIndexes.open(dir, FeedbackIndexConfig.defaults(DIM)
        .withClock(new FakeClock(T0)).withExactSearchBelow(0))) {
      for (int round = 0; round < 3; round++) {
        for (int i = 0; i < 2_000; i++) {
          add(index, event("r" + round + "e" + i, "s" + i, Fixtures.randomUnit(random, DIM),
              "c" + (i % 50), Outcome.SUCCESS, T0 + i));
          if (i % 100 == 99) {
            index.similar(Fixtures.randomUnit(random, DIM), 0.5f, 5); // refresh: a segment
          }
        }
        long writes = index.writes();
        CompletableFuture<Boolean> merge = CompletableFuture.supplyAsync(() -> {
          try {
            return index.mergeIfUnchangedSince(writes);
          } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
          }
        });
        Thread.sleep(20); // the merge is under way
        index.forgetAll();
        merge.get(60, TimeUnit.SECONDS); // merged, or skipped because the forget aborted it
        assertEquals(0, index.clusters());
        add(index, event("after" + round, "s", Fixtures.randomUnit(random, DIM), "c",
            Outcome.SUCCESS, T0));
        assertEquals(1, index.similar(Fixtures.randomUnit(random, DIM), -1f, 5).size());
        index.forgetAll();
      }
    }
  }
}
