package dev.relearn.eval.firststage;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Locale;
import org.junit.jupiter.api.Test;

class FirstStageResultTest {
  @Test
  void theSummaryWritesDecimalPointsWhateverTheDefaultLocale() {
    Locale saved = Locale.getDefault();
    Locale.setDefault(Locale.GERMANY);
    try {
      FirstStageResult result = new FirstStageResult("myeval", "test", "bm25", null, 4,
          0.65328, 0.625, 0.75, 1_250);
      assertEquals("myeval/test bm25: 4 queries  nDCG@10 0.6533  Recall@100 0.6250"
          + "  MRR@10 0.7500  (1.3 s)", result.summary());
    } finally {
      Locale.setDefault(saved);
    }
  }

  @Test
  void oneQueryIsOneQuery() {
    FirstStageResult result = new FirstStageResult("myeval", "test", "bm25", null, 1, 1, 1, 1, 5);
    assertEquals("myeval/test bm25: 1 query  nDCG@10 1.0000  Recall@100 1.0000  MRR@10 1.0000"
        + "  (0.0 s)", result.summary());
  }
}
