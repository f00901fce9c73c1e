package dev.relearn.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.engine.weights.AdaptiveWeights;
import dev.relearn.engine.weights.AdaptiveWeightsConfig;
import dev.relearn.lucene.fusion.QueryClass;
import dev.relearn.engine.weights.WeightsFileException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The adaptive weights' JSON file: round trip, atomic and ordered saves, damaged files. */
class SavedWeightsTest {
  private static final long T0 = 1_700_000_000_000L;
  private static final AdaptiveWeightsConfig D = AdaptiveWeightsConfig.DEFAULTS;
  private static final String WAY_OUT = ". Fix the file, restore it from a backup, or delete it"
      + " to start the weights afresh (feedback is kept)";

  @TempDir Path dir;

  @Test
  void savedWeightsLoadAsTheyWereAndTheSaveLeavesNoTemporaryFile() throws IOException {
    SavedWeights saved = SavedWeights.load(dir, D);
    assertEquals(new AdaptiveWeights().allStats(), saved.weights().allStats(), "no file yet");
    rate(saved.weights(), 7);
    saved.save();
    AdaptiveWeights loaded = SavedWeights.load(dir, D).weights();
    assertEquals(saved.weights().allStats(), loaded.allStats());
    assertNull(loaded.record(QueryClass.KEYWORDS, 1, new double[] {1, 0, 0}, T0, "rating-0"),
        "its applied ids were read");
    try (Stream<Path> files = Files.list(dir)) {
      assertEquals(List.of(dir.resolve(Relearn.WEIGHTS_FILE)), files.toList());
    }
    String json = Files.readString(dir.resolve(Relearn.WEIGHTS_FILE));
    assertTrue(json.contains("\"appliedRatings\" : [ \"rating-0\", \"rating-1\", \"rating-2\" ]"),
        json);
    assertTrue(json.contains("\"queryClass\" : \"KEYWORDS\""), json);
  }

  /**
   * A file cut anywhere (a failing disk, a partial copy; saves themselves are atomic) is refused
   * naming the file and a line, not read as fewer classes or applied ids.
   */
  @Test
  void aFileCutAnywhereIsRefusedNamingTheFile() throws IOException {
    SavedWeights saved = SavedWeights.load(dir, D);
    rate(saved.weights(), 11);
    saved.save();
    Path file = dir.resolve(Relearn.WEIGHTS_FILE);
    byte[] bytes = Files.readAllBytes(file);
    int end = new String(bytes, StandardCharsets.UTF_8).stripTrailing().length();
    for (int cut = 0; cut < end; cut++) {
      Files.write(file, Arrays.copyOf(bytes, cut));
      WeightsFileException e = assertThrows(WeightsFileException.class,
          () -> SavedWeights.load(dir, D), "cut at " + cut);
      assertTrue(e.getMessage().startsWith(file + ", line "), e.getMessage());
      assertTrue(e.getMessage().endsWith(WAY_OUT), e.getMessage());
    }
    System.out.println("refused " + end + " cuts of a " + bytes.length + "-byte file");
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(delimiter = '|', value = {
      "\"bm25\" : 0.35 | \"bm25\" : 0.85 | weights must sum to 1",
      "\"bm25\" : 0.35 | \"bm25\" : \"x\" | Cannot deserialize value of type `double`",
      "\"KEYWORDS\" | \"PROSE\" | not one of the values accepted for Enum class",
      "\"rating-0\" | \"a/b\" | rating id must be 1 to 64 letters, digits, '-' or '_', got: a/b",
      "\"samples\" : | \"sample\" : | Missing creator property 'samples'",
      "\"samples\" : | \"colour\" : 1, \"samples\" : | Unrecognized field \"colour\"",
      "\"queryClass\" : \"QUESTION\" | \"queryClass\" : \"KEYWORDS\" | class KEYWORDS appears"
          + " twice",
  })
  void aDamagedValueIsRefusedNamingTheFileAndLine(String from, String to, String problem)
      throws IOException {
    SavedWeights saved = SavedWeights.load(dir, D);
    rate(saved.weights(), 3);
    saved.save();
    Path file = dir.resolve(Relearn.WEIGHTS_FILE);
    Files.writeString(file, Files.readString(file).replaceFirst(
        java.util.regex.Pattern.quote(from), to));
    WeightsFileException e =
        assertThrows(WeightsFileException.class, () -> SavedWeights.load(dir, D));
    assertTrue(e.problem().contains(problem), e.getMessage());
    assertTrue(e.line() > 1, e.getMessage());
    System.out.println(e.getMessage());
  }

  /**
   * Threads that each record a rating and save, as feedback calls do, leave the file holding
   * every rating: a save that took its snapshot first but renamed its file last would write an
   * older state over a newer one, and a restart would lose acknowledged ratings.
   */
  @Test
  @Timeout(value = 2, unit = TimeUnit.MINUTES)
  void concurrentSavesLeaveTheNewestState() throws Exception {
    SavedWeights saved = SavedWeights.load(dir, D);
    int threadsPerRound = 4;
    CyclicBarrier start = new CyclicBarrier(threadsPerRound);
    AtomicReference<Throwable> failure = new AtomicReference<>();
    for (int round = 0; round < 40; round++) {
      List<Thread> threads = new ArrayList<>();
      for (int t = 0; t < threadsPerRound; t++) {
        Random random = new Random(round * 31L + t);
        String id = "r" + round + "t" + t;
        threads.add(Thread.ofPlatform().name("rate-and-save-" + t).start(() -> {
          try {
            start.await();
            saved.weights().record(QueryClass.values()[random.nextInt(4)],
                random.nextBoolean() ? 1 : -1, new double[] {random.nextDouble(),
                    random.nextDouble(), random.nextDouble()}, T0, id);
            saved.save();
          } catch (Exception e) {
            failure.set(e);
          }
        }));
      }
      for (Thread thread : threads) {
        thread.join();
      }
      assertNull(failure.get());
      assertEquals(saved.weights().allStats(), SavedWeights.load(dir, D).weights().allStats(),
          "after round " + round);
    }
  }

  /** Every class rated with history, and three applied rating ids. */
  private static void rate(AdaptiveWeights aw, long seed) {
    Random random = new Random(seed);
    for (int i = 0; i < 60; i++) {
      double[] contributions = {random.nextDouble(), random.nextDouble(), random.nextDouble()};
      double rating = random.nextDouble() * 2 - 1;
      long at = T0 + i * 3_600_000L;
      QueryClass queryClass = QueryClass.values()[i % 4];
      if (i < 3) {
        aw.record(queryClass, rating, contributions, at, "rating-" + i);
      } else {
        aw.record(queryClass, rating, contributions, at);
      }
    }
  }
}
