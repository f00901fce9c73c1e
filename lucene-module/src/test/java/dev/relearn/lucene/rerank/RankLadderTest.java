package dev.relearn.lucene.rerank;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RankLadderTest {
  private static final RankLadder LADDER = RankLadder.of(new double[] {0.2, 1.0, 0.5, 0.5, 0.0});

  @Test
  void sortsBestFirst() {
    assertArrayEquals(new double[] {1.0, 0.5, 0.5, 0.2, 0.0}, LADDER.descending());
  }

  @Test
  void liftRoomReachesTheCandidateOnePlaceBeyondThoseItMayPass() {
    assertEquals(0.3, LADDER.liftRoom(0.2, 1), 1e-12); // passes one 0.5, ties the other
    assertEquals(0.8, LADDER.liftRoom(0.2, 2), 1e-12); // passes both 0.5s, ties 1.0
    assertEquals(Double.POSITIVE_INFINITY, LADDER.liftRoom(0.2, 3));
    assertEquals(Double.POSITIVE_INFINITY, LADDER.liftRoom(1.0, 1));
    assertEquals(Double.POSITIVE_INFINITY, LADDER.liftRoom(0.2, Integer.MAX_VALUE));
  }

  @Test
  void dropRoomReachesTheCandidateOnePlaceBeyondThoseItMayFallBelow() {
    assertEquals(0.5, LADDER.dropRoom(1.0, 1), 1e-12); // falls below one 0.5, ties the other
    assertEquals(0.8, LADDER.dropRoom(1.0, 2), 1e-12);
    assertEquals(0.2, LADDER.dropRoom(0.2, 0), 1e-12);
    assertEquals(Double.POSITIVE_INFINITY, LADDER.dropRoom(0.2, 1));
    assertEquals(Double.POSITIVE_INFINITY, RankLadder.NONE.dropRoom(0.5, 1));
  }

  @Test
  void rejectsAnUnsortedOrNonFiniteLadderNamingTheValue() {
    IllegalArgumentException unsorted = assertThrows(IllegalArgumentException.class,
        () -> new RankLadder(new double[] {0.1, 0.2}));
    assertTrue(unsorted.getMessage().contains("0.2 at 1"), unsorted.getMessage());
    assertThrows(IllegalArgumentException.class,
        () -> new RankLadder(new double[] {Double.NaN}));
  }
}
