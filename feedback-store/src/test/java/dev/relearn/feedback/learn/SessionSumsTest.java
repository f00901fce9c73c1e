package dev.relearn.feedback.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SessionSumsTest {
  @Test
  void keepsEverySessionsSumsAsItGrows() {
    Random random = new Random(5);
    SessionSums sums = new SessionSums(3);
    Map<Integer, long[]> model = new HashMap<>();
    for (int i = 0; i < 20_000; i++) {
      int session = random.nextInt(5_000) * 7919; // spread ids, colliding hash buckets too
      int slot = sums.slotOf(session);
      long[] expected = model.computeIfAbsent(session, s -> new long[3]);
      int which = random.nextInt(3);
      expected[which] += random.nextInt(1_000);
      sums.set(slot, which, expected[which]);
    }
    for (Map.Entry<Integer, long[]> entry : model.entrySet()) {
      int slot = sums.find(entry.getKey());
      for (int i = 0; i < 3; i++) {
        assertEquals(entry.getValue()[i], sums.get(slot, i), "session " + entry.getKey());
      }
    }
    assertEquals(-1, sums.find(1));
  }

  @Test
  void refusesANegativeSessionId() {
    assertThrows(IllegalArgumentException.class, () -> new SessionSums(1).slotOf(-1));
  }
}
