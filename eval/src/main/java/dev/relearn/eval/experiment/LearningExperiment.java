package dev.relearn.eval.experiment;

import dev.relearn.eval.experiment.Scorer.ModeRun;
import dev.relearn.engine.Relearn;
import dev.relearn.engine.RelearnCluster;
import dev.relearn.engine.RelearnOperations;
import dev.relearn.eval.beir.BeirDataset;
import dev.relearn.eval.stats.PairedComparison;
import dev.relearn.eval.simulate.SimulatedUser;
import dev.relearn.indexer.build.Progress;
import dev.relearn.lucene.fusion.Fusion;
import dev.relearn.engine.search.SearchMode;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.IntFunction;
import java.util.stream.IntStream;

/**
 * Runs the learning scenarios on one engine whose index holds the dataset's corpus, in this process
 * ({@link Relearn}) or on a cluster ({@link RelearnCluster}). Every scenario first forgets all
 * feedback (never point this at an index whose feedback you want to keep); the last scenario's
 * stays.
 */
public final class LearningExperiment {
  /** Generalisation, noise, mixed and attack draw the same train queries in the same order. */
  private static final String TRAIN_ORDER = "train";
  // engine, config, scorer and loop are read by RepeatedScenario too
  final RelearnOperations engine;
  final LearnConfig config;
  final Scorer scorer;
  final SessionLoop loop;
  private final BeirDataset dataset;
  private final Progress progress;
  private Split train;
  private Split test;
  private ModeRun hybridTest;

  /**
   * An experiment on {@code engine}, whose index holds {@code dataset}'s corpus; {@code fusion}
   * fuses hybrid and learned searches.
   */
  public LearningExperiment(RelearnOperations engine, BeirDataset dataset, Fusion fusion,
      LearnConfig config, Progress progress) {
    this.engine = Objects.requireNonNull(engine, "engine");
    this.dataset = Objects.requireNonNull(dataset, "dataset");
    this.config = Objects.requireNonNull(config, "config");
    this.progress = Objects.requireNonNull(progress, "progress");
    this.scorer = new Scorer(engine, fusion);
    this.loop = new SessionLoop(engine, fusion, config, progress);
  }

  /** Runs {@code scenario} from a cold engine. */
  public LearningResult run(Scenario scenario) throws IOException {
    return switch (scenario) {
      case GENERALISATION -> generalisation();
      case NOISE -> noise();
      case REPEATED -> new RepeatedScenario(this).run();
      case ATTACK -> attack(generalisation());
      case MIXED -> mixed();
    };
  }

  /** Feedback sessions on the train queries; the learned mode evaluated on the test queries. */
  public LearningResult generalisation() throws IOException {
    return onTrainQueries(Scenario.GENERALISATION, i -> config.user(), config.user().describe(),
        new LinkedHashMap<>());
  }

  /**
   * Sessions of a user whose clicks and outcomes ignore relevance, on the train queries; scored on
   * the test queries and (details) on up to {@link LearnConfig#SEEN_QUERIES} of the queries that
   * got the noise.
   */
  public LearningResult noise() throws IOException {
    Map<String, Object> details = new LinkedHashMap<>();
    LearningResult result = onTrainQueries(Scenario.NOISE, i -> config.noiseUser(),
        config.noiseUser().describe(), details);
    if (result.sessions() > 0) {
      IntFunction<String> order = SessionLoop.order(train().ids(), config.seed(), TRAIN_ORDER);
      Set<String> seen = new LinkedHashSet<>();
      for (int i = 0; i < result.sessions() && seen.size() < LearnConfig.SEEN_QUERIES; i++) {
        seen.add(order.apply(i));
      }
      List<String> ids = List.copyOf(seen);
      QueryScores hybrid = scorer.score(train(), ids, SearchMode.HYBRID, Scorer.DEPTH).scores();
      QueryScores learned = scorer.score(train(), ids, SearchMode.LEARNED, Scorer.DEPTH).scores();
      Map<String, Object> block = new LinkedHashMap<>();
      block.put("queries", ids.size());
      block.put("baseline", hybrid.toJson());
      block.put("learned", learned.toJson());
      block.put("delta_ndcg@10", learned.ndcg() - hybrid.ndcg());
      block.put("comparison", compare(hybrid, learned).toJson());
      details.put("noise_on_seen_queries", block);
    }
    return new LearningResult(result.dataset(), result.scenario(), result.trainSplit(),
        result.testSplit(), result.sessions(), result.events(), result.seed(), result.user(),
        result.baseline(), result.learned(), result.comparison(), result.curve(), details,
        result.seconds());
  }

  /**
   * The train sessions of {@link #generalisation()}, each by the noise user with probability {@link
   * LearnConfig#MIXED_NOISE_SHARE}, else by the simulated user.
   */
  public LearningResult mixed() throws IOException {
    Map<String, Object> details = new LinkedHashMap<>();
    details.put("noise_user_share", LearnConfig.MIXED_NOISE_SHARE);
    details.put("noise_user_sessions",
        (int) IntStream.range(0, config.sessionsFor(train().size())).filter(config::noisy).count());
    return onTrainQueries(Scenario.MIXED, config::mixedUserAt, LearnConfig.mixedUser(), details);
  }

  /**
   * The attack, from the engine's current state (normally right after {@link #generalisation()},
   * whose result is {@code trained}): one session spams clicks on one irrelevant chunk; the harm to
   * the test queries is measured.
   */
  public LearningResult attack(LearningResult trained) throws IOException {
    long start = System.nanoTime();
    AttackScenario.Outcome attack = new AttackScenario(loop, scorer, config)
        .run(test(), hybridTest());
    Map<String, Object> details = new LinkedHashMap<>(attack.details());
    return new LearningResult(dataset.name(), Scenario.ATTACK, trained.trainSplit(),
        trained.testSplit(), trained.sessions(), trained.events(), config.seed(),
        config.user().describe(), trained.baseline(), attack.after().scores(),
        compare(trained.baseline(), attack.after().scores()), trained.curve(), details,
        trained.seconds() + seconds(start));
  }

  /** The hybrid first stage on the test queries, measured once. */
  public ModeRun hybridTest() throws IOException {
    if (hybridTest == null) {
      hybridTest = scorer.score(test(), SearchMode.HYBRID);
    }
    return hybridTest;
  }

  /** The train split's queries that sessions can use (those with a relevant document). */
  public Split train() throws IOException {
    if (train == null) {
      train = Split.forSessions(dataset, config.trainSplit());
    }
    return train;
  }

  /** The test split's scorable queries, the first {@link LearnConfig#maxQueries()} if set. */
  public Split test() throws IOException {
    if (test == null) {
      test = Split.of(dataset, config.testSplit()).first(config.maxQueries());
    }
    return test;
  }

  private LearningResult onTrainQueries(Scenario scenario, IntFunction<SimulatedUser> userAt,
      String user, Map<String, Object> details) throws IOException {
    Split sessions = train();
    ModeRun baseline = hybridTest();
    reset(engine);
    long start = System.nanoTime();
    int[] coldOtherwise = new int[1];
    boolean[] measured = new boolean[1];
    SessionLoop.Result outcome = loop.run(scenario.label(), sessions,
        SessionLoop.order(sessions.ids(), config.seed(), TRAIN_ORDER),
        config.sessionsFor(sessions.size()), userAt, full -> {
          int depth = full ? Scorer.DEPTH : Scorer.CURVE_DEPTH;
          ModeRun run = scorer.score(test(), test().ids(), SearchMode.LEARNED, depth);
          if (!measured[0]) { // before any session: learned against hybrid, one first stage
            measured[0] = true;
            coldOtherwise[0] = scorer.queriesRankedOtherwise(test());
          }
          return run.scores();
        });
    details.put("cold_start_equals_hybrid", coldOtherwise[0] == 0);
    details.put("cold_start_queries_ranked_otherwise", coldOtherwise[0]);
    if (engine instanceof Relearn relearn) { // a cluster does not say
      details.put("test_queries_with_similar_past_query", withSimilarPastQuery(relearn, test()));
    }
    details.put("clicks", outcome.clicks());
    details.put("session_seconds", outcome.sessionSeconds());
    details.put("checkpoint_seconds", outcome.checkpointSeconds());
    return result(scenario, sessions.name(), outcome, baseline.scores(), outcome.last(), details,
        user, start);
  }

  LearningResult result(Scenario scenario, String sessionSplit, SessionLoop.Result outcome,
      QueryScores baseline, QueryScores learned, Map<String, Object> details, String user,
      long startNanos) throws IOException {
    int sessions = outcome.curve().get(outcome.curve().size() - 1).sessions();
    return new LearningResult(dataset.name(), scenario, sessionSplit, test().name(), sessions,
        outcome.events(), config.seed(), user, baseline, learned,
        compare(baseline, learned), outcome.curve(), details, seconds(startNanos));
  }

  PairedComparison compare(QueryScores baseline, QueryScores system) {
    return PairedComparison.of(baseline.ndcg10(), system.ndcg10(),
        config.randomisation());
  }

  /**
   * How many queries of {@code split} have a past query at the re-ranker's similarity threshold:
   * only those can gain from what similar queries taught.
   */
  private static int withSimilarPastQuery(Relearn engine, Split split) throws IOException {
    float threshold = engine.config().rerank().minSimilarity();
    int count = 0;
    for (String id : split.ids()) {
      float[] vector = engine.embedder().embedQuery(split.text(id));
      if (!engine.feedbackStore().similar(vector, threshold, 1).isEmpty()) {
        count++;
      }
    }
    return count;
  }

  /**
   * Returns {@code engine} to its cold state: forgets all feedback (refitting the trust) and what
   * ratings taught the weights (a cluster's learn none); throws if it is read-only.
   */
  static void reset(RelearnOperations operations) throws IOException {
    if (operations instanceof RelearnCluster cluster) {
      cluster.forgetAll();
      return;
    }
    Relearn engine = (Relearn) operations;
    if (engine.feedbackStore() == null) {
      throw new IllegalStateException("learning experiments need a writable index");
    }
    engine.forgetAll();
    engine.resetWeights(null);
  }

  private static double seconds(long startNanos) {
    return (System.nanoTime() - startNanos) / 1e9;
  }
}
