package dev.relearn.lucene.weights;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Saving and loading; seeding is in {@link AdaptiveWeightsSeedTest}. */
class AdaptiveWeightsFileTest {
  private static final long T0 = 1_700_000_000_000L;
  private static final AdaptiveWeightsConfig D = AdaptiveWeightsConfig.DEFAULTS;

  /** A valid saved file; the corrupt cases replace one of its lines. */
  private static final List<String> VALID = List.of(
      "relearn-adaptive-weights 1",        // 1
      "# saved by a test",                 // 2
      "class keywords",                    // 3
      "samples 6",                         // 4
      "positives 4",                       // 5
      "negatives 1",                       // 6
      "last-millis 1000",                  // 7
      "ema 0.3 0.3 0.4",                   // 8
      "history 1000 0.3 0.3 0.4",          // 9
      "end",                               // 10
      "",                                  // 11
      "class question",                    // 12
      "samples 2",                         // 13
      "positives 1",                       // 14
      "negatives 1",                       // 15
      "last-millis 900",                   // 16
      "ema 0.4 0.3 0.3",                   // 17
      "end");                              // 18

  @TempDir
  Path dir;

  @Test
  void saveAndLoadRoundTrip() throws IOException {
    AdaptiveWeights original = randomlyRated(D, 42);
    Path file = dir.resolve("sub/weights.txt");
    original.save(file);
    AdaptiveWeights loaded = AdaptiveWeights.load(file, D);
    assertEquals(original.allStats(), loaded.allStats());
    // and both go on identically
    Random random = new Random(5);
    for (int i = 0; i < 200; i++) {
      QueryClass c = QueryClass.values()[random.nextInt(4)];
      double r = random.nextDouble() * 2 - 1;
      double[] contributions = {random.nextDouble(), random.nextDouble(), random.nextDouble()};
      assertEquals(original.record(c, r, contributions, T0 + 100_000_000L + i),
          loaded.record(c, r, contributions, T0 + 100_000_000L + i));
    }
  }

  @Test
  void saveReplacesTheFileAtomicallyAndLeavesNoTemporaryFile() throws IOException {
    Path file = dir.resolve("weights.txt");
    Files.writeString(file, "old");
    AdaptiveWeights aw = new AdaptiveWeights();
    aw.save(file); // nothing rated: header only
    assertEquals(List.of("relearn-adaptive-weights 3", "end-of-file classes 0 applied 0"),
        Files.readAllLines(file).stream().filter(l -> !l.startsWith("#")).toList());
    assertEquals(aw.allStats(), AdaptiveWeights.load(file, D).allStats());
    randomlyRated(D, 1).save(file);
    try (Stream<Path> files = Files.list(dir)) {
      assertEquals(List.of(file), files.toList());
    }
  }

  @Test
  void readsTheDocumentedFormat() throws IOException {
    Path file = write(VALID);
    AdaptiveWeights aw = AdaptiveWeights.load(file, D);
    ClassStats keywords = aw.stats(QueryClass.KEYWORDS);
    assertEquals(new Weights(0.3, 0.3, 0.4), keywords.weights()); // 6 samples: warmed up
    assertEquals(6, keywords.samples());
    assertEquals(0.8, keywords.accuracy(), 1e-12);
    assertEquals(List.of(new HistoryEntry(1000, new Weights(0.3, 0.3, 0.4))), keywords.history());
    ClassStats question = aw.stats(QueryClass.QUESTION);
    assertEquals(Weights.DEFAULT, question.weights()); // 2 samples: still warming up
    assertEquals(new Weights(0.4, 0.3, 0.3), question.ema());
    assertEquals(0, aw.stats(QueryClass.IDENTIFIER).samples());
  }

  @Test
  void loadAppliesTheCurrentConfiguration() throws IOException {
    AdaptiveWeights aw = new AdaptiveWeights(D.withMinSamples(1));
    for (int i = 0; i < 30; i++) {
      aw.record(QueryClass.KEYWORDS, 1, Signal.LEARNED, T0 + i);
    }
    Path file = dir.resolve("w.txt");
    aw.save(file);
    AdaptiveWeightsConfig narrow = D.withBounds(0.2, 0.5).withHistoryLimit(4);
    AdaptiveWeights loaded = AdaptiveWeights.load(file, narrow);
    ClassStats stats = loaded.stats(QueryClass.KEYWORDS);
    assertTrue(stats.weights().within(0.2, 0.5), stats.weights().toString());
    assertEquals(0.5, stats.weights().learned(), 1e-12);
    List<HistoryEntry> all = aw.stats(QueryClass.KEYWORDS).history();
    assertTrue(all.size() > 4);
    assertEquals(all.subList(all.size() - 4, all.size()), stats.history());
  }

  @Test
  void appliedRatingIdsAreSavedAndStillAppliedOnceAfterLoading() throws IOException {
    AdaptiveWeights aw = new AdaptiveWeights(D.withMinSamples(1));
    double[] c = {0.9, 0.1, 0.5};
    assertNotNull(aw.record(QueryClass.KEYWORDS, 1, c, T0, "event-a"));
    assertNotNull(aw.record(QueryClass.QUESTION, -1, c, T0 + 1, "event_b"));
    Path file = dir.resolve("w.txt");
    aw.save(file);
    List<String> lines = Files.readAllLines(file);
    assertEquals(List.of("applied event-a", "applied event_b"),
        lines.stream().filter(l -> l.startsWith("applied")).toList());
    AdaptiveWeights loaded = AdaptiveWeights.load(file, D.withMinSamples(1));
    assertEquals(aw.allStats(), loaded.allStats());
    assertNull(loaded.record(QueryClass.KEYWORDS, 1, c, T0 + 2, "event-a"), "applied before");
    assertEquals(1, loaded.stats(QueryClass.KEYWORDS).samples());
    assertNotNull(loaded.record(QueryClass.KEYWORDS, 1, c, T0 + 3, "event-c"));
    assertEquals(2, loaded.stats(QueryClass.KEYWORDS).samples());
  }

  @Test
  void versionOneFilesAreStillRead() throws IOException {
    Path file = write(VALID); // VALID is a version 1 file
    AdaptiveWeights aw = AdaptiveWeights.load(file, D);
    assertEquals(6, aw.stats(QueryClass.KEYWORDS).samples());
    assertNotNull(aw.record(QueryClass.KEYWORDS, 1, new double[] {1, 0, 0}, T0, "first"));
  }

  @Test
  void aBadAppliedIdNamesTheLine() throws IOException {
    Path file = write(List.of("relearn-adaptive-weights 2", "applied has space", "class keywords"));
    WeightsFileException e =
        assertThrows(WeightsFileException.class, () -> AdaptiveWeights.load(file, D));
    assertEquals(2, e.line());
    assertTrue(e.getMessage().contains("'applied' takes 1 value"), e.getMessage());
    Path bad = write(List.of("relearn-adaptive-weights 2", "applied a/b"));
    assertTrue(assertThrows(WeightsFileException.class, () -> AdaptiveWeights.load(bad, D))
        .getMessage().contains("rating id must be 1 to 64 letters, digits, '-' or '_', got: a/b"));
  }

  @Test
  void missingFile() throws IOException {
    Path file = dir.resolve("absent.txt");
    assertThrows(NoSuchFileException.class, () -> AdaptiveWeights.load(file, D));
    assertEquals(new AdaptiveWeights().allStats(),
        AdaptiveWeights.loadIfExists(file, D).allStats());
  }

  @ParameterizedTest(name = "line {0}: {1}")
  @CsvSource(delimiter = '|', value = {
      "1 | relearn-weights 1 | 1 | not a relearn adaptive-weights file",
      "1 | relearn-adaptive-weights 4 | 1 | unsupported format version '4'; this relearn reads"
          + " versions 1 to 3",
      "2 | applied 9f86d081884c7d65 | 2 | misplaced 'applied' line: it belongs before the first"
          + " class, and only from format version 2 on",
      "3 | class prose | 3 | unknown query class: 'prose'",
      "3 | klass keywords | 3 | expected 'class <label>', got 'klass keywords'",
      "4 | samples six | 4 | bad integer 'six' in 'samples six'",
      "4 | samples 0 | 4 | 'samples' must be at least 1, got 0",
      "5 | positives -1 | 5 | 'positives' must be at least 0, got -1",
      "6 | negatives 3 | 10 | class 'keywords': positives (4) and negatives (3) exceed samples (6)",
      "7 | last-millis | 7 | 'last-millis' takes 1 value, got 'last-millis'",
      "8 | ema 0.3 x 0.4 | 8 | bad number 'x' in 'ema 0.3 x 0.4'",
      "8 | ema 0.3 0.3 NaN | 8 | bad number 'NaN'",
      "8 | ema 0.5 0.5 0.4 | 8 | weights must sum to 1, got: 1.4",
      "8 | ema 0.05 0.55 0.4 | 8 | bm25 weight must be in [0.1, 0.9], got: 0.05",
      "8 | ema 0.3 0.3 | 8 | 'ema' takes 3 values",
      "8 | colour blue | 8 | unknown key 'colour' in class 'keywords'",
      "8 | samples 7 | 8 | 'samples' appears twice in class 'keywords'",
      "9 | history 1000 0.3 0.3 | 9 | 'history' takes 4 values",
      "10 | end of it | 10 | unknown key 'end'",
      "12 | class keywords | 12 | class 'keywords' appears twice",
      "17 | # ema removed | 18 | class 'question' (line 12) lacks 'ema'",
      "18 | # end removed | 18 | the file ends inside class 'question' (line 12): 'end' is missing",
  })
  void corruptFileNamesFileAndLine(int replace, String with, int line, String problem)
      throws IOException {
    List<String> lines = new ArrayList<>(VALID);
    lines.set(replace - 1, with);
    Path file = write(lines);
    WeightsFileException e =
        assertThrows(WeightsFileException.class, () -> AdaptiveWeights.load(file, D));
    assertEquals(file.toString(), e.source());
    assertEquals(line, e.line());
    assertTrue(e.getMessage().startsWith(file + ", line " + line + ": " + problem),
        e.getMessage());
  }

  @Test
  void aFileCutShortBetweenClassesIsRefusedNotReadAsFewerClasses() throws IOException {
    Path saved = dir.resolve("saved.txt");
    randomlyRated(D, 3).save(saved);
    byte[] bytes = Files.readAllBytes(saved);
    String text = new String(bytes, StandardCharsets.UTF_8);
    int secondClass = text.indexOf("class ", text.indexOf("class ") + 1);
    int cut = secondClass + 3; // inside 'class <label>': the first class block is whole
    Path truncated = dir.resolve("truncated.txt");
    Files.write(truncated, java.util.Arrays.copyOf(bytes, cut));
    int line = (int) text.substring(0, cut).chars().filter(c -> c == '\n').count() + 1;
    WeightsFileException e =
        assertThrows(WeightsFileException.class, () -> AdaptiveWeights.load(truncated, D));
    assertEquals(line, e.line());
    assertEquals(truncated + ", line " + line + ": the file ends in the middle of a line: it was"
        + " cut short. Fix that line, restore the file from a backup, or delete it to start the"
        + " weights afresh (feedback is kept)",
        e.getMessage());

    Path comment = dir.resolve("cut-in-comment.txt"); // no class survives: read as empty before
    Files.write(comment, java.util.Arrays.copyOf(bytes, text.indexOf('#') + 20));
    assertThrows(WeightsFileException.class, () -> AdaptiveWeights.load(comment, D));

    Path edited = dir.resolve("edited.txt"); // by hand, without the final newline: still read
    Files.writeString(edited, String.join("\n", VALID));
    assertEquals(2, AdaptiveWeights.load(edited, D).allStats().values().stream()
        .filter(s -> s.samples() > 0).count());
  }

  @Test
  void emptyAndTruncatedAndBinaryFiles() throws IOException {
    Path empty = dir.resolve("empty.txt");
    Files.writeString(empty, "");
    assertEquals(empty + ", line 1: empty file; expected the header 'relearn-adaptive-weights 3'."
        + " Fix that line, restore the file from a backup, or delete it to start the weights"
        + " afresh (feedback is kept)",
        assertThrows(WeightsFileException.class, () -> AdaptiveWeights.load(empty, D))
            .getMessage());

    Path saved = dir.resolve("saved.txt");
    randomlyRated(D, 3).save(saved);
    byte[] bytes = Files.readAllBytes(saved);
    Path truncated = dir.resolve("truncated.txt");
    Files.write(truncated, java.util.Arrays.copyOf(bytes, bytes.length * 2 / 3));
    WeightsFileException e =
        assertThrows(WeightsFileException.class, () -> AdaptiveWeights.load(truncated, D));
    assertTrue(e.getMessage().startsWith(truncated + ", line "), e.getMessage());

    Path binary = dir.resolve("binary.txt");
    Files.write(binary, new byte[] {'r', 'e', '\n', (byte) 0xff, (byte) 0xfe, '\n'});
    e = assertThrows(WeightsFileException.class, () -> AdaptiveWeights.load(binary, D));
    assertTrue(e.getMessage().startsWith(binary + ", line "), e.getMessage());
  }

  private Path write(List<String> lines) throws IOException {
    Path file = dir.resolve("weights.txt");
    Files.write(file, lines, StandardCharsets.UTF_8);
    return file;
  }

  /** Weights after a few hundred random ratings, every class warmed up with history. */
  private static AdaptiveWeights randomlyRated(AdaptiveWeightsConfig config, long seed) {
    Random random = new Random(seed);
    AdaptiveWeights aw = new AdaptiveWeights(config);
    for (int i = 0; i < 400; i++) {
      aw.record(QueryClass.values()[i % 4], random.nextDouble() * 2 - 1,
          new double[] {random.nextDouble(), random.nextDouble(), random.nextDouble()},
          T0 + i * 3_600_000L);
    }
    return aw;
  }
}
