package dev.relearn.lucene.rerank;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** {@link RelevanceLadder}: how far a candidate is from the ones some places above and below. */
class RelevanceLadderTest {
  private static final RelevanceLadder LADDER = RelevanceLadder.of(0.2, 1, 0.5, 0.5, 0);

  @Test
  void roomIsCountedInPlacesFromTheCandidate() {
    assertEquals(0.5, LADDER.roomAbove(0.5, 1), 1e-12, "one place above 0.5 is 1");
    assertEquals(0.5, LADDER.roomAbove(0.5, 7), 1e-12, "no further than the top");
    assertEquals(0, LADDER.roomAbove(1, 3), "the top has no room above");
    assertEquals(0.3, LADDER.roomBelow(0.5, 1), 1e-12, "ties count from their last place");
    assertEquals(0.5, LADDER.roomBelow(0.5, 9), 1e-12, "no further than the bottom");
    assertEquals(0.8, LADDER.roomAbove(0.2, 3), 1e-12);
    assertEquals(0, LADDER.roomAbove(0.3, 1), "a value not on the ladder has no room");
    assertEquals(0, RelevanceLadder.EMPTY.roomBelow(0.5, 1));
  }

  @Test
  void aValueOutsideTheUnitIntervalIsNamed() {
    assertEquals("relevance must be in [0, 1], got: NaN", assertThrows(
        IllegalArgumentException.class, () -> RelevanceLadder.of(0.5, Double.NaN)).getMessage());
  }
}
