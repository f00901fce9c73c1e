package dev.relearn.engine.weights;

import dev.relearn.lucene.fusion.QueryClass;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Ranking weights over (bm25, vector, learned), learned online per {@link QueryClass} from
 * explicit ratings. Thread-safe: every method may be called from any thread; each rating is
 * applied atomically.
 *
 * <h2>Update rule</h2>
 *
 * A rating {@code r} in [−1, 1] (see {@link Ratings}) of a hit whose per-signal contributions
 * were {@code c = (c_bm25, c_vector, c_learned)}, each in [0, 1] (for example the min-max
 * normalised stage scores the ranker saw for that hit, or {@link Signal#oneHot()} of the signal
 * most responsible for it), moves the class's moving average {@code m}:
 *
 * <ol>
 *   <li>decay: {@code m ← s + f·(m − s)} with {@code s} the start weights and {@code f =
 *       decay^(days since the class's previous rating)} (fractional days; no decay when no time
 *       passed or the clock went back);
 *   <li>target: {@code t_i = m_i + r·(c_i − mean(c))}. A signal that scored the rated hit above
 *       the hit's average signal gets credit for a positive rating and blame for a negative one;
 *       a hit every signal scored alike, or a neutral rating, gives no credit;
 *   <li>moving average: {@code m ← (1 − lr)·m + lr·t}, computed as the equal {@code m +
 *       lr·r·(c − mean(c))} so that a neutral rating leaves {@code m} exactly as it is;
 *   <li>bounds: {@link Weights#normalized(double, double, double, double, double) clamp} each to
 *       [lower, upper] and renormalise to sum 1, repeated until stable.
 * </ol>
 *
 * A single rating moves a weight by at most {@code lr·|r|·2/3}. Ratings count in proportion to
 * their grade: a 5-star rating (r = 1) moves twice as far as a 4-star one (r = 0.5), 3 stars not
 * at all.
 *
 * <h2>Warm-up</h2>
 *
 * A class's weights are its start weights until it has {@code minSamples} ratings; from then on
 * they are its moving average. Ratings during warm-up are counted and already move the moving
 * average, so they are not lost: the rating that completes warm-up makes the weights jump to the
 * average of everything seen so far.
 *
 * <h2>Decay</h2>
 *
 * Decay is per day of wall-clock time, applied to what feedback has accumulated, the moving
 * average's distance from the start weights, when the class is next rated. Ignoring the bounds, a
 * rating {@code d} days older than the class's latest counts {@code decay^d} as much: with 0.95,
 * a week-old rating about 70%, a month-old one about 21%. Per day rather than per rating, so that
 * how fast old feedback fades does not depend on traffic, and a neutral rating moves nothing.
 * {@link #weights(QueryClass, long)} shows the weights as decayed up to a given time without
 * changing them. Counts (samples, positives, negatives) do not decay.
 *
 * <h2>Files</h2>
 *
 * {@link #state} and {@link #restore} give and take what is worth saving (the engine keeps it in
 * a JSON file); {@link #seed(Reader)} replays historical ratings through the update rule, one
 * {@code class,rating,c_bm25,c_vector,c_learned[,millis]} per line (format in the {@linkplain
 * dev.relearn.engine.weights package documentation}).
 *
 * <h2>Applied once</h2>
 *
 * {@link #record(QueryClass, double, double[], long, String)} takes the id of a rating and
 * applies each id once: the newest {@value #REMEMBERED_RATINGS} ids are kept, and are part of
 * its {@link #state}. A caller that retries a rating after a crash, without knowing whether it was applied,
 * passes the same id and the weights count it exactly once (as long as fewer than that many
 * other ratings came in between). Resets keep the ids: a reset forgets what ratings taught, not
 * which ratings were seen.
 */
public final class AdaptiveWeights {
  /** Milliseconds per day, the unit of decay. */
  public static final long DAY_MILLIS = 86_400_000L;
  /** How many of the newest applied rating ids are remembered (and saved). */
  public static final int REMEMBERED_RATINGS = 1_000;

  private final AdaptiveWeightsConfig config;
  private final EnumMap<QueryClass, ClassState> states = new EnumMap<>(QueryClass.class);
  private final AppliedRatings applied = new AppliedRatings(REMEMBERED_RATINGS);

  /** Adaptive weights with {@link AdaptiveWeightsConfig#DEFAULTS}, every class at its start. */
  public AdaptiveWeights() {
    this(AdaptiveWeightsConfig.DEFAULTS);
  }

  /** Adaptive weights with {@code config}, every class at its start weights. */
  public AdaptiveWeights(AdaptiveWeightsConfig config) {
    if (config == null) {
      throw new IllegalArgumentException("config must not be null");
    }
    this.config = config;
  }

  /** The configuration. */
  public AdaptiveWeightsConfig config() {
    return config;
  }

  /** The weights searches of {@code queryClass} use, as of the class's latest rating. */
  public synchronized Weights weights(QueryClass queryClass) {
    ClassState state = states.get(queryClass);
    return state == null ? config.initial() : state.effective();
  }

  /**
   * The weights of {@code queryClass} with decay applied up to {@code nowMillis}, as the next
   * rating would see them before its own effect. Changes nothing.
   */
  public synchronized Weights weights(QueryClass queryClass, long nowMillis) {
    ClassState state = states.get(queryClass);
    return state == null ? config.initial() : state.asOf(nowMillis);
  }

  /**
   * Records the rating of a hit for a query of class {@code queryClass}; see the class comment
   * for the rule.
   *
   * @param rating in [−1, 1]: thumbs ±1, stars via {@link Ratings#stars}
   * @param contributions the rated hit's per-signal contributions in {@link Signal} order
   *     (bm25, vector, learned), each in [0, 1]
   * @param nowMillis when the rating was given, epoch milliseconds
   * @return the weights before and after, and whether they moved
   * @throws IllegalArgumentException for a rating or contribution out of range, naming it
   */
  public Update record(QueryClass queryClass, double rating, double[] contributions,
      long nowMillis) {
    return applyOnce(new ClassRating(queryClass, rating, contributions, nowMillis), null);
  }

  /**
   * Records the rating with id {@code ratingId} unless a rating with that id was applied before
   * (see "Applied once" in the class comment); otherwise as {@link #record(QueryClass, double,
   * double[], long)}.
   *
   * @param ratingId 1 to 64 letters, digits, '-' or '_'; for example a hash of the id of the
   *     feedback event that carried the rating
   * @return the update, or null when {@code ratingId} was applied before (nothing changes)
   * @throws IllegalArgumentException for a bad id, rating or contribution, naming it
   */
  public Update record(QueryClass queryClass, double rating, double[] contributions,
      long nowMillis, String ratingId) {
    String id = AppliedRatings.check(ratingId);
    return applyOnce(new ClassRating(queryClass, rating, contributions, nowMillis), id);
  }

  /** Applies {@code rating} unless {@code ratingId} (null for none) was applied before. */
  private synchronized Update applyOnce(ClassRating rating, String ratingId) {
    if (ratingId != null && !applied.add(ratingId)) {
      return null;
    }
    return apply(rating);
  }

  /**
   * Records a rating crediting only the signal most responsible for the rated hit: {@link
   * #record(QueryClass, double, double[], long)} with {@link Signal#oneHot()} contributions.
   */
  public Update record(QueryClass queryClass, double rating, Signal responsible,
      long nowMillis) {
    return record(queryClass, rating, responsible.oneHot(), nowMillis);
  }

  /** What is known about {@code queryClass}; zero counts and start weights if never rated. */
  public synchronized ClassStats stats(QueryClass queryClass) {
    ClassState state = states.get(queryClass);
    if (state == null) {
      return new ClassStats(queryClass, 0, 0, 0, config.initial(), config.initial(), 0,
          List.of());
    }
    return state.stats(queryClass);
  }

  /** The statistics of every query class, in {@link QueryClass} order. */
  public synchronized Map<QueryClass, ClassStats> allStats() {
    EnumMap<QueryClass, ClassStats> all = new EnumMap<>(QueryClass.class);
    for (QueryClass queryClass : QueryClass.values()) {
      all.put(queryClass, stats(queryClass));
    }
    return Collections.unmodifiableMap(all);
  }

  /** Forgets everything about {@code queryClass}: counts, moving average, history. */
  public synchronized void reset(QueryClass queryClass) {
    states.remove(queryClass);
  }

  /** Forgets everything about every class. */
  public synchronized void resetAll() {
    states.clear();
  }

  /** A snapshot of every rated class and the applied rating ids, to save and {@link #restore}. */
  public synchronized WeightsState state() {
    List<ClassStats> rated = new ArrayList<>();
    for (QueryClass queryClass : states.keySet()) {
      rated.add(stats(queryClass));
    }
    return new WeightsState(rated, applied.ids());
  }

  /**
   * Adaptive weights with {@code config} that go on from {@code saved}: each class's moving
   * average is brought within the configured bounds, and only its newest {@code historyLimit}
   * changes are kept; the current weights follow from the average, the samples and {@code config}.
   */
  public static AdaptiveWeights restore(WeightsState saved, AdaptiveWeightsConfig config) {
    AdaptiveWeights weights = new AdaptiveWeights(config);
    for (ClassStats stats : saved.classes()) {
      weights.states.put(stats.queryClass(), ClassState.restored(stats, config));
    }
    saved.appliedRatings().forEach(weights.applied::add);
    return weights;
  }

  /**
   * Replays historical feedback (format in the package documentation); lines without a time are
   * dated now.
   *
   * @return the number of ratings applied
   * @throws WeightsFileException naming the line of the first bad line; nothing is applied then
   */
  public int seed(Reader historicalFeedback) throws IOException {
    return seed(historicalFeedback, "historical feedback", System.currentTimeMillis());
  }

  /** {@link #seed(Reader)} from a UTF-8 file, whose name errors report. */
  public int seed(Path historicalFeedback) throws IOException {
    try (Reader in = Files.newBufferedReader(historicalFeedback, StandardCharsets.UTF_8)) {
      return seed(in, historicalFeedback.toString(), System.currentTimeMillis());
    }
  }

  /**
   * {@link #seed(Reader)} with the name errors give the source, and the time of lines that have
   * none.
   */
  public int seed(Reader historicalFeedback, String sourceName, long defaultMillis)
      throws IOException {
    List<ClassRating> ratings = SeedFile.read(historicalFeedback, sourceName, defaultMillis);
    synchronized (this) {
      for (ClassRating rating : ratings) {
        apply(rating);
      }
    }
    return ratings.size();
  }

  private Update apply(ClassRating rating) {
    return states.computeIfAbsent(rating.queryClass(), k -> new ClassState(config)).apply(rating);
  }
}
