package dev.relearn.eval.experiment;

import dev.relearn.eval.simulate.ClickNoise;
import dev.relearn.eval.simulate.OutcomeModel;
import dev.relearn.eval.simulate.PositionBasedModel;
import dev.relearn.eval.simulate.Seeds;
import dev.relearn.eval.simulate.SimulatedUser;
import dev.relearn.eval.stats.PairedRandomisationTest;
import dev.relearn.lucene.schema.Require;
import java.util.Objects;

/**
 * The settings of a learning experiment; start from {@link #defaults()}.
 *
 * @param trainSplit the split the sessions draw from (generalisation, noise, mixed, attack)
 * @param testSplit the split evaluated
 * @param sessions feedback sessions: 0 for none (cold start only), -1 for one per train query (per
 *     feedback session of the test queries when repeated); more than the queries cycles through
 *     them, reshuffled each pass
 * @param seed the seed of everything random: session order, clicks, outcomes, tests
 * @param curveEvery also measure the curve every this many sessions; 0: only at 0, 10, 100, 1,000
 *     and the end
 * @param user the simulated user of generalisation, repeated, attack and most mixed sessions
 * @param noiseUser the user whose clicks ignore relevance: the noise scenario's, and {@link
 *     #MIXED_NOISE_SHARE} of the mixed sessions
 * @param attackEvents feedback events the attacking session sends
 * @param trials the randomisation test's trials
 * @param maxQueries evaluate only the first this many scorable test queries, in queries-file order
 *     (0: all); in the repeated scenario only they get sessions
 */
public record LearnConfig(String trainSplit, String testSplit, int sessions, long seed,
    int curveEvery, SimulatedUser user, SimulatedUser noiseUser, int attackEvents, int trials,
    int maxQueries) {
  /** The default seed. */
  public static final long DEFAULT_SEED = 42;
  /** The default number of events the attacking session sends. */
  public static final int DEFAULT_ATTACK_EVENTS = 1_000;
  /** Probability that a noise user clicks an examined result, and that its task succeeds. */
  public static final double NOISE_PROBABILITY = 0.5;
  /**
   * In the mixed scenario, the probability that a session is the {@link #noiseUser()}'s (drawn per
   * session from the seed).
   */
  public static final double MIXED_NOISE_SHARE = 0.3;
  /** Sessions per test query in the repeated scenario. */
  public static final int REPEATS = 2;
  /** The share of the repeated scenario's sessions that record feedback. */
  public static final double FEEDBACK_SHARE = 0.5;
  /** In the noise scenario, also score up to this many of the queries that got noisy feedback. */
  public static final int SEEN_QUERIES = 2_000;

  public LearnConfig {
    Objects.requireNonNull(trainSplit, "trainSplit");
    Objects.requireNonNull(testSplit, "testSplit");
    if (trainSplit.equals(testSplit)) {
      throw new IllegalArgumentException("the train and test splits must differ, not both '"
          + trainSplit + "': feedback on the test queries would be scored on them");
    }
    if (sessions < -1) {
      throw new IllegalArgumentException("sessions must be >= 0 (or -1 for the default), got: "
          + sessions);
    }
    Require.nonNegative("curve interval", curveEvery);
    Objects.requireNonNull(user, "user");
    Objects.requireNonNull(noiseUser, "noiseUser");
    if (attackEvents < 1) {
      throw new IllegalArgumentException("attack events must be at least 1, got: "
          + attackEvents);
    }
    Require.atLeastOne("trials", trials);
    if (maxQueries < 0) {
      throw new IllegalArgumentException("max queries must be >= 0 (0 for all), got: "
          + maxQueries);
    }
  }

  /**
   * train → test, a session per train query, seed 42, the position-based user with success noise
   * 0.1, a noise user clicking examined results and succeeding with probability 0.5, 1,000 attack
   * events, 10,000 trials, every test query.
   */
  public static LearnConfig defaults() {
    SimulatedUser noise = new SimulatedUser(
        new PositionBasedModel(1, ClickNoise.independent(NOISE_PROBABILITY)),
        OutcomeModel.independent(NOISE_PROBABILITY), SimulatedUser.DEFAULT_SHOWN);
    return new LearnConfig("train", "test", -1, DEFAULT_SEED, 0, SimulatedUser.positionBased(0.1),
        noise, DEFAULT_ATTACK_EVENTS, PairedRandomisationTest.DEFAULT_TRIALS, 0);
  }

  /** With other splits. */
  public LearnConfig withSplits(String train, String test) {
    return new LearnConfig(train, test, sessions, seed, curveEvery, user, noiseUser,
        attackEvents, trials, maxQueries);
  }

  /** With another number of sessions (-1: the default). */
  public LearnConfig withSessions(int sessions) {
    return new LearnConfig(trainSplit, testSplit, sessions, seed, curveEvery, user, noiseUser,
        attackEvents, trials, maxQueries);
  }

  /** With another seed. */
  public LearnConfig withSeed(long seed) {
    return new LearnConfig(trainSplit, testSplit, sessions, seed, curveEvery, user, noiseUser,
        attackEvents, trials, maxQueries);
  }

  /** With another curve interval (0: fixed checkpoints only). */
  public LearnConfig withCurveEvery(int every) {
    return new LearnConfig(trainSplit, testSplit, sessions, seed, every, user, noiseUser,
        attackEvents, trials, maxQueries);
  }

  /** With other simulated users. */
  public LearnConfig withUsers(SimulatedUser user, SimulatedUser noiseUser) {
    return new LearnConfig(trainSplit, testSplit, sessions, seed, curveEvery, user, noiseUser,
        attackEvents, trials, maxQueries);
  }

  /** With another number of attack events. */
  public LearnConfig withAttackEvents(int events) {
    return new LearnConfig(trainSplit, testSplit, sessions, seed, curveEvery, user, noiseUser,
        events, trials, maxQueries);
  }

  /** With another number of randomisation trials. */
  public LearnConfig withTrials(int trials) {
    return new LearnConfig(trainSplit, testSplit, sessions, seed, curveEvery, user, noiseUser,
        attackEvents, trials, maxQueries);
  }

  /** With another cap on the test queries (0: all of them). */
  public LearnConfig withMaxQueries(int maxQueries) {
    return new LearnConfig(trainSplit, testSplit, sessions, seed, curveEvery, user, noiseUser,
        attackEvents, trials, maxQueries);
  }

  /** Who runs the mixed scenario's sessions, in words. */
  public static String mixedUser() {
    return Math.round(MIXED_NOISE_SHARE * 100)
        + " % of sessions by the noise user, the rest by the simulated user";
  }

  /**
   * The user of the mixed scenario's session {@code session}: the noise user with probability
   * {@link #MIXED_NOISE_SHARE}, drawn from the seed and the index alone, else the simulated user.
   */
  SimulatedUser mixedUserAt(int session) {
    return noisy(session) ? noiseUser : user;
  }

  /** Whether the mixed scenario's session {@code session} is run by the noise user. */
  boolean noisy(int session) {
    return Seeds.of(seed, "mixed-user", session).nextDouble() < MIXED_NOISE_SHARE;
  }

  /** The randomisation test these settings describe. */
  public PairedRandomisationTest randomisation() {
    return new PairedRandomisationTest(seed, trials);
  }

  /** The number of sessions for a pool of {@code available} distinct sessions. */
  int sessionsFor(int available) {
    return sessions < 0 ? available : sessions;
  }
}
