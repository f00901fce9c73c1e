package dev.relearn.indexer.chunk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TokenEstimatorTest {

  @Test
  void emptyAndBlankTextsCostAlmostNothing() {
    assertEquals(0, TokenEstimator.estimate(""));
    assertEquals(1, TokenEstimator.estimate("   "));
  }

  @Test
  void proseCountsWordsWithMargin() {
    // 6 words -> 8; 31 chars -> 8; 7 pieces.
    assertEquals(8, TokenEstimator.estimate("The quick brown fox jumps over."));
  }

  @Test
  void punctuationHeavyCodeCountsPieces() {
    // One word of 19 chars, but foo . bar ( baz , 1 ) ; . x ( ) = 13 pieces.
    assertEquals(13, TokenEstimator.estimate("foo.bar(baz,1);.x()"));
  }

  @Test
  void ideographsCountOneEach() {
    assertEquals(6, TokenEstimator.estimate("\u4F60\u597D\u4E16\u754C\u4F60\u597D"));
  }

  @Test
  void estimateIsAtLeastTheSumOfItsParts() {
    String a = "alpha beta, gamma.";
    String b = "delta(epsilon) zeta";
    assertTrue(TokenEstimator.estimate(a + " " + b)
        >= Math.max(TokenEstimator.estimate(a), TokenEstimator.estimate(b)));
  }

  @Test
  void negativeCountsAreRejectedByName() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> TokenEstimator.estimate(-1, 0, 0));
    assertTrue(e.getMessage().contains("words=-1"), e.getMessage());
  }
}
