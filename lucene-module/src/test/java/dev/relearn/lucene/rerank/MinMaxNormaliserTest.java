package dev.relearn.lucene.rerank;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class MinMaxNormaliserTest {
  @Test
  void mapsTheRangeOntoTheUnitIntervalClamped() {
    MinMaxNormaliser n = new MinMaxNormaliser(2, 6);
    assertEquals(0.0, n.normalise(2));
    assertEquals(0.5, n.normalise(4));
    assertEquals(1.0, n.normalise(6));
    assertEquals(0.0, n.normalise(-10), "below the window");
    assertEquals(1.0, n.normalise(10), "above the window");
    assertEquals(1.0, new MinMaxNormaliser(3, 3).normalise(3), "a point range");
    assertEquals(0.5, new MinMaxNormaliser(-Double.MAX_VALUE, Double.MAX_VALUE).normalise(0),
        "a range beyond Double.MAX_VALUE");
  }

  @Test
  void stageRangesNormaliseFloatsAsTheirOwnArithmeticDid() {
    Random random = new Random(11L);
    for (int i = 0; i < 10_000; i++) {
      float a = (float) (random.nextGaussian() * 20);
      float b = (float) (random.nextGaussian() * 20);
      float score = (float) (random.nextGaussian() * 20);
      MinMaxNormaliser range = new MinMaxNormaliser(Math.min(a, b), Math.max(a, b));
      double expected = range.max() > range.min()
          ? Math.max(0, Math.min(1, ((double) score - range.min())
              / ((double) range.max() - range.min())))
          : 1;
      assertEquals(Double.doubleToRawLongBits(expected),
          Double.doubleToRawLongBits(range.normalise(score)), range + " " + score);
    }
  }

  @Test
  void rejectsABadRangeNamingIt() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new MinMaxNormaliser(1, 0));
    assertEquals("range must be finite with min <= max, got: [1.0, 0.0]", e.getMessage());
    assertTrue(assertThrows(IllegalArgumentException.class,
        () -> new MinMaxNormaliser(Double.NaN, 0)).getMessage().contains("NaN"));
  }
}
