package dev.relearn.eval.experiment;

import dev.relearn.eval.experiment.LearningResult.CurvePoint;
import dev.relearn.engine.FeedbackRequest;
import dev.relearn.engine.Relearn;
import dev.relearn.engine.RelearnOperations;
import dev.relearn.engine.search.Hit;
import dev.relearn.engine.search.SearchMode;
import dev.relearn.engine.search.RankedChunk;
import dev.relearn.engine.search.SearchRequest;
import dev.relearn.engine.search.SearchResults;
import dev.relearn.eval.simulate.Interaction;
import dev.relearn.eval.simulate.Seeds;
import dev.relearn.eval.simulate.SimulatedUser;
import dev.relearn.feedback.event.ShownResult;
import dev.relearn.indexer.build.Progress;
import dev.relearn.lucene.feedback.Outcome;
import dev.relearn.lucene.fusion.Fusion;
import dev.relearn.lucene.trust.Trust;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.function.IntFunction;
import java.util.random.RandomGenerator;
import java.util.stream.IntStream;
import org.apache.lucene.util.IOFunction;

/**
 * Simulated sessions end to end through the public API ({@link RelearnOperations}, so on a
 * cluster too), and the learning curve measured along them. A session is a {@code learned} search
 * (what a user gets once the engine has feedback), the user's clicks on the top results and, if
 * anything was clicked, one feedback event: the shown list, the clicked chunks as used, the
 * outcome, under the session's id.
 */
final class SessionLoop {
  private static final List<Integer> FIXED_CHECKPOINTS = List.of(0, 10, 100, 1_000);

  /**
   * What a sequence of sessions produced: the curve (a point per checkpoint), feedback events
   * (sessions with a click), clicks, the scores at the last checkpoint, and the wall time of the
   * sessions and of the checkpoints.
   */
  record Result(List<CurvePoint> curve, int events, long clicks, QueryScores last,
      double sessionSeconds, double checkpointSeconds) {}

  private final RelearnOperations engine;
  private final Fusion fusion;
  private final LearnConfig config;
  private final Progress progress;

  SessionLoop(RelearnOperations engine, Fusion fusion, LearnConfig config, Progress progress) {
    this.engine = engine;
    this.fusion = fusion;
    this.config = config;
    this.progress = progress;
  }

  /**
   * When the curve is measured for {@code total} sessions: after 0, 10, 100 and 1,000, after
   * every {@code every} (0: none) and at the end; sorted.
   */
  static List<Integer> checkpoints(int total, int every) {
    if (total < 0 || every < 0) {
      throw new IllegalArgumentException("total sessions and curve interval must be >= 0, got: "
          + total + ", " + every);
    }
    TreeSet<Integer> points = new TreeSet<>();
    FIXED_CHECKPOINTS.stream().filter(point -> point <= total).forEach(points::add);
    for (int point = every; every > 0 && point < total; point += every) {
      points.add(point);
    }
    points.add(total);
    return List.copyOf(points);
  }

  /**
   * The query of each session: {@code ids} in a seeded random order, reshuffled for every pass
   * when there are more sessions than ids, so each comes once per pass.
   */
  static IntFunction<String> order(List<String> ids, long seed, String stream) {
    if (ids.isEmpty()) {
      throw new IllegalArgumentException("no queries to draw sessions from");
    }
    List<String> pool = List.copyOf(ids);
    List<List<String>> passes = new ArrayList<>();
    return session -> {
      while (passes.size() <= session / pool.size()) {
        List<String> order = new ArrayList<>(pool);
        Collections.shuffle(order, Seeds.of(seed, "order-" + stream, passes.size()));
        passes.add(order);
      }
      return passes.get(session / pool.size()).get(session % pool.size());
    };
  }

  /**
   * Runs {@code sessions} sessions: session i searches {@code queryAt.apply(i)} of {@code split} as
   * {@code userAt.apply(i)}, with its own generator from the seed and {@code stream}. At each
   * checkpoint {@code probe} scores the learned mode; {@code probe.apply(false)} (an intermediate
   * point) needs only nDCG@10, so it may search the top {@value Scorer#CURVE_DEPTH}.
   */
  Result run(String stream, Split split, IntFunction<String> queryAt, int sessions,
      IntFunction<SimulatedUser> userAt, IOFunction<Boolean, QueryScores> probe)
      throws IOException {
    Set<Integer> checkpoints = new HashSet<>(checkpoints(sessions, config.curveEvery()));
    List<CurvePoint> curve = new ArrayList<>();
    QueryScores last = null;
    int events = 0;
    long clicks = 0;
    long checkpointNanos = 0;
    long start = System.nanoTime();
    progress.start(stream + " sessions (" + split.name() + ")", sessions);
    try {
      for (int i = 0; i <= sessions; i++) {
        if (checkpoints.contains(i)) {
          long probeStart = System.nanoTime();
          last = probe.apply(i == 0 || i == sessions);
          checkpointNanos += System.nanoTime() - probeStart;
          curve.add(new CurvePoint(i, last.ndcg(), trust()));
        }
        if (i == sessions) {
          break;
        }
        String id = queryAt.apply(i);
        SplittableRandom random = Seeds.of(config.seed(), stream, i);
        Interaction interaction = session(userAt.apply(i), split.text(id),
            split.qrels().judgments(id), split.maxGrade(), random, "sim-" + stream + "-" + i,
            stream + "-" + config.seed() + "-" + i);
        if (interaction.hasClicks()) {
          events++;
          clicks += interaction.clicked().size();
        }
        progress.advance(i + 1);
      }
    } finally {
      progress.finish();
    }
    long total = System.nanoTime() - start;
    return new Result(curve, events, clicks, last, (total - checkpointNanos) / 1e9,
        checkpointNanos / 1e9);
  }

  /** Runs one session; returns what the user did (feedback was recorded if it clicked). */
  Interaction session(SimulatedUser user, String text, Map<String, Integer> judgments,
      int maxGrade, RandomGenerator random, String session, String eventId) throws IOException {
    SearchResults results = engine.search(request(text, user.shown()));
    Interaction interaction = user.interact(ids(results), judgments, maxGrade, random);
    if (interaction.hasClicks()) {
      // what was shown, with each slot's propensity (below 1 where exploration filled it)
      send(FeedbackRequest.of(text, interaction.clicked()).withShownResults(results, true, false),
          interaction.success(), session, eventId);
    }
    return interaction;
  }

  /** The trust's strength learned searches use now; null under the prior or on a cluster. */
  Double trust() throws IOException {
    if (!(engine instanceof Relearn relearn)) {
      return null;
    }
    Trust trust = relearn.trust().current();
    return trust.fitted() ? trust.strength() : null;
  }

  /** The ids of the top {@code k} learned results for {@code text}. */
  List<String> search(String text, int k) throws IOException {
    return engine.rank(request(text, k)).stream().map(RankedChunk::chunkId).toList();
  }

  /** Refits the trust on every event so far ({@link RelearnOperations#learnNow}). */
  void learnNow() throws IOException {
    engine.learnNow();
  }

  /** Records that {@code used} (a subset of {@code shown}, ranks from 1) served {@code text}. */
  void record(String text, List<String> shown, List<String> used, boolean success,
      String session, String eventId) throws IOException {
    List<ShownResult> list = IntStream.range(0, shown.size())
        .mapToObj(i -> new ShownResult(shown.get(i), i + 1)).toList();
    send(FeedbackRequest.of(text, used).withShown(list, true, false), success, session, eventId);
  }

  /** Records {@code request} with its outcome and ids, and waits for the learning it causes. */
  private void send(FeedbackRequest request, boolean success, String session, String eventId)
      throws IOException {
    engine.feedback(request.withOutcome(success ? Outcome.SUCCESS : Outcome.FAILURE)
        .withIds(session, eventId));
    engine.awaitLearning(); // the next search must not depend on when a refit finishes
  }

  private SearchRequest request(String text, int k) {
    return SearchRequest.of(text).withMode(SearchMode.LEARNED).withK(k).withFusion(fusion);
  }

  private static List<String> ids(SearchResults results) {
    return results.hits().stream().map(Hit::chunkId).toList();
  }
}
