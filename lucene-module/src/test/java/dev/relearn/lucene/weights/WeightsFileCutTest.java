package dev.relearn.lucene.weights;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A saved weights file cut short anywhere is refused, not read as fewer classes or applied ids;
 * the counting {@code end-of-file} trailer of format version 3, and the trailer-less versions
 * still read.
 */
class WeightsFileCutTest {
  private static final long T0 = 1_700_000_000_000L;
  private static final AdaptiveWeightsConfig D = AdaptiveWeightsConfig.DEFAULTS;
  private static final String WAY_OUT = ". Fix that line, restore the file from a backup, or"
      + " delete it to start the weights afresh (feedback is kept)";

  @TempDir
  Path dir;

  @Test
  void everyCutAtALineBoundaryIsRefusedAndTheWholeFileLoads() throws IOException {
    AdaptiveWeights original = rated(7);
    Path saved = dir.resolve("saved.txt");
    original.save(saved);
    assertEquals(original.allStats(), AdaptiveWeights.load(saved, D).allStats());
    byte[] bytes = Files.readAllBytes(saved);
    assertEquals('\n', bytes[bytes.length - 1]);

    Path cut = dir.resolve("cut.txt");
    int cuts = 0;
    int lines = 0;
    int lineStart = 0;
    String openClass = null; // the label and line of the class block the cut falls in
    for (int i = 0; i < bytes.length - 1; i++) { // after every newline but the last
      if (bytes[i] != '\n') {
        continue;
      }
      lines++;
      String line = new String(bytes, lineStart, i - lineStart, StandardCharsets.UTF_8);
      lineStart = i + 1;
      if (line.startsWith("class ")) {
        openClass = "'" + line.substring(6) + "' (line " + lines + ")";
      } else if (line.equals("end")) {
        openClass = null;
      }
      Files.write(cut, Arrays.copyOf(bytes, i + 1));
      WeightsFileException e =
          assertThrows(WeightsFileException.class, () -> AdaptiveWeights.load(cut, D),
              "cut after line " + lines);
      assertEquals(lines + 1, e.line());
      assertEquals(cut + ", line " + (lines + 1) + ": the file ends "
          + (openClass == null ? "" : "inside class " + openClass + " ")
          + "without its closing 'end-of-file' line: it was cut short" + WAY_OUT, e.getMessage());
      cuts++;
    }
    // header, comment, 3 applied ids, 4 class blocks with history, trailer
    assertTrue(cuts > 40, "only " + cuts + " lines");

    Files.write(cut, Arrays.copyOf(bytes, bytes.length - 1)); // the trailer's newline lost
    WeightsFileException e =
        assertThrows(WeightsFileException.class, () -> AdaptiveWeights.load(cut, D));
    assertEquals(cuts + 1, e.line());
    assertEquals(cut + ", line " + (cuts + 1) + ": the file ends in the middle of a line: it was"
        + " cut short" + WAY_OUT, e.getMessage());

    Files.write(cut, new byte[0]); // cut before the first line
    assertTrue(assertThrows(WeightsFileException.class, () -> AdaptiveWeights.load(cut, D))
        .problem().startsWith("empty file"));
  }

  @Test
  void aTrailerThatMiscountsIsRefused() throws IOException {
    Path saved = dir.resolve("saved.txt");
    rated(11).save(saved);
    List<String> lines = Files.readAllLines(saved);
    String trailer = "end-of-file classes 4 applied 3";
    assertEquals(trailer, lines.getLast());

    List<String> lessClass = new ArrayList<>(lines); // the second class block lost mid-file
    int second = indexOf(lessClass, "class ", 2);
    while (!lessClass.remove(second).equals("end")) {
      // remove up to and including that block's 'end'
    }
    assertRefused(lessClass, lessClass.size(), "'end-of-file' counts 4 classes and 3 applied ids,"
        + " but the file holds 3 and 3: lines are missing or were added");

    List<String> lessApplied = new ArrayList<>(lines);
    lessApplied.remove(indexOf(lessApplied, "applied ", 1));
    assertRefused(lessApplied, lessApplied.size(), "'end-of-file' counts 4 classes and 3 applied"
        + " ids, but the file holds 4 and 2");

    List<String> after = new ArrayList<>(lines);
    after.add("# a comment after the trailer is fine");
    after.add("class keywords");
    assertRefused(after, after.size(), "'class keywords' after the closing 'end-of-file' line");

    List<String> garbled = new ArrayList<>(lines);
    garbled.set(garbled.size() - 1, "end-of-file 4 3");
    assertRefused(garbled, garbled.size(), "expected 'end-of-file classes <count> applied"
        + " <count>', got 'end-of-file 4 3'");

    List<String> commented = new ArrayList<>(lines); // comments after the trailer: still read
    commented.add("# note");
    assertEquals(4, load(commented).allStats().values().stream()
        .filter(s -> s.samples() > 0).count());
  }

  @Test
  void versionTwoFilesWithoutTrailerAreStillReadAndSavedAsVersionThree() throws IOException {
    AdaptiveWeights original = rated(5);
    Path saved = dir.resolve("saved.txt");
    original.save(saved);
    List<String> lines = new ArrayList<>(Files.readAllLines(saved));
    lines.set(0, "relearn-adaptive-weights 2");
    lines.removeLast(); // version 2 had no trailer
    Path v2 = dir.resolve("v2.txt");
    Files.write(v2, lines, StandardCharsets.UTF_8);
    AdaptiveWeights loaded = AdaptiveWeights.load(v2, D);
    assertEquals(original.allStats(), loaded.allStats());
    assertNull(loaded.record(QueryClass.KEYWORDS, 1, new double[] {1, 0, 0}, T0,
        "rating-0"), "its applied ids were read");

    loaded.save(v2);
    List<String> rewritten = Files.readAllLines(v2);
    assertEquals("relearn-adaptive-weights 3", rewritten.getFirst());
    assertEquals("end-of-file classes 4 applied 3", rewritten.getLast());
  }

  private void assertRefused(List<String> lines, int line, String problem) throws IOException {
    WeightsFileException e = assertThrows(WeightsFileException.class, () -> load(lines));
    assertEquals(line, e.line());
    assertTrue(e.problem().startsWith(problem), e.problem());
    assertTrue(e.problem().endsWith(WAY_OUT), e.problem());
  }

  private AdaptiveWeights load(List<String> lines) throws IOException {
    Path file = dir.resolve("edited.txt");
    Files.write(file, lines, StandardCharsets.UTF_8);
    return AdaptiveWeights.load(file, D);
  }

  /** The index of the {@code nth} line starting with {@code prefix}. */
  private static int indexOf(List<String> lines, String prefix, int nth) {
    int seen = 0;
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).startsWith(prefix) && ++seen == nth) {
        return i;
      }
    }
    throw new AssertionError("no " + nth + ". line starting '" + prefix + "' in " + lines);
  }

  /** Every class rated with history, and three applied rating ids. */
  private static AdaptiveWeights rated(long seed) {
    Random random = new Random(seed);
    AdaptiveWeights aw = new AdaptiveWeights(D);
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
    return aw;
  }
}
