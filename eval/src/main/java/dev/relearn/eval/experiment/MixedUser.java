package dev.relearn.eval.experiment;

import dev.relearn.eval.simulate.Seeds;
import dev.relearn.eval.simulate.SimulatedUser;
import java.util.function.IntFunction;

/**
 * The user of each session of the mixed scenario: the settings' noise user with probability
 * {@link LearnConfig#MIXED_NOISE_SHARE}, drawn from the seed and the session's index alone (so the
 * assignment does not depend on what earlier sessions drew), and the simulated user otherwise.
 */
final class MixedUser implements IntFunction<SimulatedUser> {
  private static final String STREAM = "mixed-user";
  private final LearnConfig config;

  MixedUser(LearnConfig config) {
    this.config = config;
  }

  /** Whether session {@code session} is run by the noise user. */
  boolean noisy(int session) {
    return Seeds.of(config.seed(), STREAM, session).nextDouble() < LearnConfig.MIXED_NOISE_SHARE;
  }

  /** How many of the first {@code sessions} sessions the noise user runs. */
  int noisySessions(int sessions) {
    int count = 0;
    for (int i = 0; i < sessions; i++) {
      if (noisy(i)) {
        count++;
      }
    }
    return count;
  }

  @Override
  public SimulatedUser apply(int session) {
    return noisy(session) ? config.noiseUser() : config.user();
  }
}
