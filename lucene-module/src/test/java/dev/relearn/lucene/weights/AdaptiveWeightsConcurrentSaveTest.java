package dev.relearn.lucene.weights;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Threads that each record a rating and save, as the engine's feedback calls do, leave the file
 * holding every rating: a save that took its snapshot first but renamed its file last wrote an
 * older state over a newer one, so a restart lost ratings that had been acknowledged.
 */
class AdaptiveWeightsConcurrentSaveTest {
  private static final int THREADS = 4;
  private static final int ROUNDS = 40;
  private static final long T0 = 1_700_000_000_000L;

  @TempDir Path dir;

  @Test
  @Timeout(value = 2, unit = TimeUnit.MINUTES)
  void concurrentSavesLeaveTheNewestState() throws Exception {
    AdaptiveWeights weights = new AdaptiveWeights();
    Path file = dir.resolve("weights.txt");
    CyclicBarrier start = new CyclicBarrier(THREADS);
    AtomicReference<Throwable> failure = new AtomicReference<>();
    for (int round = 0; round < ROUNDS; round++) {
      List<Thread> threads = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        Random random = new Random(round * 31L + t);
        String id = "r" + round + "t" + t;
        threads.add(Thread.ofPlatform().start(() -> {
          try {
            start.await();
            weights.record(QueryClass.values()[random.nextInt(QueryClass.values().length)],
                random.nextBoolean() ? 1 : -1, new double[] {random.nextDouble(),
                    random.nextDouble(), random.nextDouble()}, T0, id);
            weights.save(file);
          } catch (Exception e) {
            failure.set(e);
          }
        }));
      }
      for (Thread thread : threads) {
        thread.join();
      }
      assertNull(failure.get());
      assertEquals(weights.allStats(), load(file).allStats(), "after round " + round);
    }
  }

  private static AdaptiveWeights load(Path file) throws IOException {
    return AdaptiveWeights.load(file, AdaptiveWeightsConfig.DEFAULTS);
  }
}
