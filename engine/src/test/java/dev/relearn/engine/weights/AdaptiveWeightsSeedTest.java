package dev.relearn.engine.weights;

import dev.relearn.lucene.fusion.QueryClass;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Seeding weights from a file of historical ratings: replayed as live ones, or refused whole. */
class AdaptiveWeightsSeedTest {
  private static final long T0 = 1_700_000_000_000L;

  @TempDir
  Path dir;

  @Test
  void seedReplaysHistoricalFeedback() throws IOException {
    String seed = """
        # historical feedback exported from the old system
        class,rating,c_bm25,c_vector,c_learned,millis

        keywords,1,0.2,0.3,1.0
        KEYWORDS, 0.5 , 0.2, 0.3, 1.0
        keywords,1,0.2,0.3,1.0,%d
        keywords,-0.25,1,0,0
        keywords,1,0,0,1
        question,-1,0,1,0
        """.formatted(T0 + 1000);
    AdaptiveWeights seeded = new AdaptiveWeights();
    assertEquals(6, seeded.seed(new StringReader(seed), "seed", T0));

    AdaptiveWeights live = new AdaptiveWeights();
    live.record(QueryClass.KEYWORDS, 1, new double[] {0.2, 0.3, 1.0}, T0);
    live.record(QueryClass.KEYWORDS, 0.5, new double[] {0.2, 0.3, 1.0}, T0);
    live.record(QueryClass.KEYWORDS, 1, new double[] {0.2, 0.3, 1.0}, T0 + 1000);
    live.record(QueryClass.KEYWORDS, -0.25, new double[] {1, 0, 0}, T0);
    live.record(QueryClass.KEYWORDS, 1, new double[] {0, 0, 1}, T0);
    live.record(QueryClass.QUESTION, -1, new double[] {0, 1, 0}, T0);
    assertEquals(live.allStats(), seeded.allStats());
    assertTrue(seeded.weights(QueryClass.KEYWORDS).learned() > Weights.DEFAULT.learned());

    // a file's lines without a time are dated now
    AdaptiveWeights now = new AdaptiveWeights();
    long before = System.currentTimeMillis();
    Path file = Files.writeString(dir.resolve("undated.csv"), "identifier,1,1,0,0\n");
    assertEquals(1, now.seed(file));

    assertTrue(now.stats(QueryClass.IDENTIFIER).lastMillis() >= before);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "keywords,2,0.2,0.3,1.0 | rating must be in [-1, 1], got 2",
      "keywords,1,0.2,0.3 | expected 5 or 6 comma-separated fields",
      "keywords,1,0.2,0.3,1.0,5,6 | expected 5 or 6 comma-separated fields",
      "prose,1,0.2,0.3,1.0 | unknown query class: 'prose'",
      "keywords,1,0.2,1.5,1.0 | vector contribution must be in [0, 1], got 1.5",
      "keywords,good,0.2,0.3,1.0 | bad number 'good'",
      "keywords,1,0.2,0.3,1.0,yesterday | bad integer 'yesterday'",
      "keywords,1,0.2,0.3,1.0,99999999999999999 | millis must be epoch milliseconds from"
          + " 2000-01-01 to a day from now, got 99999999999999999",
      "keywords,1,0.2,0.3,1.0,1712345678 | millis must be epoch milliseconds from 2000-01-01"
          + " to a day from now, got 1712345678 (seconds? times 1000 is 1712345678000)",
      "keywords,1,0.2,0.3,1.0,-5 | millis must be epoch milliseconds",
  })
  void seedWithABadLineNamesTheLineAndAppliesNothing(String bad, String problem)
      throws IOException {
    String seed = "class,rating,c_bm25,c_vector,c_learned\n"
        + "keywords,1,0.2,0.3,1.0\n"
        + "# comment\n"
        + bad + "\n"
        + "keywords,1,0.2,0.3,1.0\n";
    AdaptiveWeights aw = new AdaptiveWeights();
    WeightsFileException e = assertThrows(WeightsFileException.class,
        () -> aw.seed(new StringReader(seed), "history.csv", T0));
    assertEquals(4, e.line());
    assertTrue(e.getMessage().startsWith("history.csv, line 4: " + problem), e.getMessage());
    assertEquals(new AdaptiveWeights().allStats(), aw.allStats()); // nothing applied
  }

  @Test
  void aSpreadsheetsCsvWithAByteOrderMarkAndCrlfIsRead() throws IOException {
    Path file = dir.resolve("excel.csv"); // as Excel saves "CSV UTF-8"
    Files.writeString(file, "\uFEFFclass,rating,c_bm25,c_vector,c_learned\r\n"
        + "question,1,0.2,0.9,0.4\r\n", StandardCharsets.UTF_8);
    AdaptiveWeights aw = new AdaptiveWeights();
    assertEquals(1, aw.seed(file));
    assertEquals(1, aw.stats(QueryClass.QUESTION).samples());
  }

  @Test
  void seedFromAFileNamesTheFile() throws IOException {
    Path file = dir.resolve("feedback.csv");
    Files.writeString(file, "keywords,1,0,0,1\nkeywords,1,0,0\n", StandardCharsets.UTF_8);
    WeightsFileException e =
        assertThrows(WeightsFileException.class, () -> new AdaptiveWeights().seed(file));
    assertEquals(file + ", line 2: expected 5 or 6 comma-separated fields "
        + "(class,rating,c_bm25,c_vector,c_learned[,millis]), got 4: 'keywords,1,0,0'",
        e.getMessage());
    Files.writeString(file, "keywords,1,0,0,1\n", StandardCharsets.UTF_8);
    AdaptiveWeights aw = new AdaptiveWeights();
    assertEquals(1, aw.seed(file));
    assertEquals(1, aw.stats(QueryClass.KEYWORDS).samples());
  }
}
