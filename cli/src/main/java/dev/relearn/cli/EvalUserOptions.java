package dev.relearn.cli;

import dev.relearn.eval.experiment.LearnConfig;
import dev.relearn.eval.simulate.ClickModel;
import dev.relearn.eval.simulate.ClickNoise;
import dev.relearn.eval.simulate.OutcomeModel;
import dev.relearn.eval.simulate.SimulatedUser;
import dev.relearn.lucene.fusion.Fusion;
import picocli.CommandLine.Option;

/** The simulated user's and the experiment's settings, shared by {@code eval learn} and report. */
final class EvalUserOptions {
  @Option(names = "--sessions", paramLabel = "N",
      description = "Feedback sessions; 0 measures only the cold start (default: one per train"
          + " query; in the repeated scenario, every feedback session of the test queries).")
  Integer sessions;

  @Option(names = "--seed", paramLabel = "S", defaultValue = "" + LearnConfig.DEFAULT_SEED,
      description = "Seed of session order, clicks, outcomes and tests"
          + " (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--click-model", paramLabel = "MODEL", defaultValue = "pbm",
      description = "pbm (position-based), cascade-perfect, cascade-navigational or"
          + " cascade-informational (default: ${DEFAULT-VALUE}).")
  String clickModel;

  @Option(names = "--eta", paramLabel = "ETA", defaultValue = "1",
      description = "pbm: examination probability (1/rank)^eta (default: ${DEFAULT-VALUE}).")
  double eta;

  @Option(names = "--p-click-relevant", paramLabel = "P", defaultValue = "1.0",
      description = "pbm: P(click | examined, relevant) (default: ${DEFAULT-VALUE}).")
  double clickRelevant;

  @Option(names = "--p-click-nonrelevant", paramLabel = "P", defaultValue = "0.1",
      description = "pbm: P(click | examined, not relevant) (default: ${DEFAULT-VALUE}).")
  double clickNonRelevant;

  @Option(names = "--success-noise", paramLabel = "P", defaultValue = "0.1",
      description = "Success = a relevant result was clicked, flipped with this probability"
          + " (default: ${DEFAULT-VALUE}).")
  double successNoise;

  @Option(names = "--shown", paramLabel = "N", defaultValue = "" + SimulatedUser.DEFAULT_SHOWN,
      description = "Results the user sees (default: ${DEFAULT-VALUE}).")
  int shown;

  @Option(names = "--attack-events", paramLabel = "N",
      defaultValue = "" + LearnConfig.DEFAULT_ATTACK_EVENTS,
      description = "attack: events the attacking session sends (default: ${DEFAULT-VALUE}).")
  int attackEvents;

  @Option(names = "--curve-every", paramLabel = "N",
      description = "Also measure the learning curve after every N sessions, N at least 1"
          + " (default: only after 0, 10, 100, 1000 and the last).")
  Integer curveEvery;

  @Option(names = "--fusion", paramLabel = "FUSION", defaultValue = "minmax",
      description = "Hybrid fusion under hybrid and learned: minmax or rrf"
          + " (default: ${DEFAULT-VALUE}).")
  String fusion;

  /**
   * The experiment settings these options describe (splits are set by the caller).
   *
   * @throws IllegalArgumentException naming the option and the bad value
   */
  LearnConfig config() {
    if (sessions != null && sessions < 0) {
      throw new IllegalArgumentException("--sessions must be at least 0, got: " + sessions
          + " (leave it out for the default: one session per train query)");
    }
    if (curveEvery != null && curveEvery < 1) {
      throw new IllegalArgumentException("--curve-every must be at least 1, got: " + curveEvery
          + " (leave it out to measure only after 0, 10, 100, 1000 sessions and the last)");
    }
    ClickNoise noise = new ClickNoise(clickRelevant, clickNonRelevant);
    SimulatedUser user = new SimulatedUser(ClickModel.parse(clickModel, eta, noise),
        OutcomeModel.followsRelevance(successNoise), shown);
    LearnConfig defaults = LearnConfig.defaults();
    return defaults.withSessions(sessions == null ? defaults.sessions() : sessions)
        .withSeed(seed).withCurveEvery(curveEvery == null ? defaults.curveEvery() : curveEvery)
        .withUsers(user, defaults.noiseUser()).withAttackEvents(attackEvents);
  }

  /** The fusion {@code --fusion} names, with its defaults. */
  Fusion fusion() {
    return SearchOptions.fusion(fusion, null, 60);
  }
}
