package dev.relearn.eval.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The mixed scenario's assignment of sessions to users: seeded, and about 30 % noise. */
class MixedUserTest {
  private static final int SESSIONS = 1_000;

  @Test
  void theSameSeedAssignsTheSameSessionsToTheNoiseUser() {
    LearnConfig config = LearnConfig.defaults().withSeed(11);
    String first = assignment(config);
    assertEquals(first, assignment(config), "same seed, same assignment");
    assertEquals(first, assignment(LearnConfig.defaults().withSeed(11)));
    assertNotEquals(first, assignment(config.withSeed(12)), "another seed");
  }

  @Test
  void aboutThirtyPercentOfSessionsGoToTheNoiseUser() {
    for (long seed : new long[] {42, 7, 2026}) {
      LearnConfig config = LearnConfig.defaults().withSeed(seed);
      long noisy = IntStream.range(0, SESSIONS).filter(config::noisy).count();
      System.out.printf("seed %d: %d of %d sessions by the noise user%n", seed, noisy, SESSIONS);
      // binomial(1000, 0.3): mean 300, standard deviation 14.5; 250..350 is beyond 3.4 sigma
      assertTrue(noisy >= 250 && noisy <= 350, seed + ": " + noisy);
    }
  }

  @Test
  void eachSessionGetsTheUserItsDrawNames() {
    LearnConfig config = LearnConfig.defaults();
    for (int i = 0; i < 200; i++) {
      assertSame(config.noisy(i) ? config.noiseUser() : config.user(), config.mixedUserAt(i));
    }
    assertEquals("30 % of sessions by the noise user, the rest by the simulated user",
        LearnConfig.mixedUser());
  }

  /** One character per session: {@code n} for the noise user, {@code .} for the other. */
  private static String assignment(LearnConfig users) {
    StringBuilder noisy = new StringBuilder(SESSIONS);
    for (int i = 0; i < SESSIONS; i++) {
      noisy.append(users.noisy(i) ? 'n' : '.');
    }
    return noisy.toString();
  }
}
