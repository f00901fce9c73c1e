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
 * explicit ratings. Thread-safe; each rating is applied atomically.
 *
 * <h2>Update rule</h2>
 *
 * A rating {@code r} in [−1, 1] (thumbs ±1, 1 to 5 stars {@code (stars − 3) / 2}) of a hit whose
 * per-signal contributions were {@code c}, each in [0, 1] (say the min-max normalised stage
 * scores), moves the class's moving average {@code m}:
 *
 * <ol>
 *   <li>decay: {@code m ← s + f·(m − s)}, {@code s} the start weights, {@code f =
 *       decay^(days since the class's previous rating)} (none if the clock went back);
 *   <li>target: {@code t_i = m_i + r·(c_i − mean(c))}: a signal that scored the hit above its
 *       average gets credit for a positive rating, blame for a negative one;
 *   <li>moving average: {@code m ← m + lr·r·(c − mean(c))}, which equals {@code (1 − lr)·m +
 *       lr·t} and leaves {@code m} exactly as it is for a neutral rating;
 *   <li>bounds: {@link Weights#normalized(double, double, double, double, double) clamp} to
 *       [lower, upper] and renormalise to sum 1, until stable.
 * </ol>
 *
 * One rating moves a weight by at most {@code lr·|r|·2/3}: 5 stars (r = 1) twice as far as 4, 3
 * stars not at all. A class keeps its start weights until it has {@code minSamples} ratings,
 * which move the average meanwhile: the one that completes warm-up makes the weights jump to it.
 * Decay is per day, not per rating, so that fading does not depend on traffic: with 0.95 a
 * week-old rating counts about 70%, a month-old one 21%. Counts do not decay.
 *
 * <p>{@link #state} and {@link #restore} give and take what is saved; {@link #seed(Path)}
 * replays historical ratings (format in the {@linkplain dev.relearn.engine.weights package
 * documentation}). {@link #record(QueryClass, double, double[], long, String)} applies each
 * rating id once: the newest {@value #REMEMBERED_RATINGS} ids are kept in the state, so a rating
 * retried after a crash counts exactly once. Resets keep the ids.
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
   * Records the rating, in [−1, 1], of a hit for a query of class {@code queryClass}, given at
   * {@code nowMillis}.
   *
   * @param contributions the hit's per-signal contributions in {@link Signal} order, in [0, 1]
   * @throws IllegalArgumentException for a rating or contribution out of range, naming it
   */
  public Update record(QueryClass queryClass, double rating, double[] contributions,
      long nowMillis) {
    return applyOnce(new ClassRating(queryClass, rating, contributions, nowMillis), null);
  }

  /**
   * As {@link #record(QueryClass, double, double[], long)}, unless {@code ratingId} was applied
   * before.
   *
   * @param ratingId 1 to 64 letters, digits, '-' or '_', such as a hash of the event's id
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
   * Adaptive weights with {@code config} that go on from {@code saved}, each class's average
   * brought within the bounds and its newest {@code historyLimit} changes kept.
   */
  public static AdaptiveWeights restore(WeightsState saved, AdaptiveWeightsConfig config) {
    AdaptiveWeights weights = new AdaptiveWeights(config);
    weights.replace(saved);
    return weights;
  }

  /**
   * Replaces everything with {@code saved}, read as {@link #restore} reads it: for a read-only
   * engine following the weights another process saves.
   */
  public synchronized void replace(WeightsState saved) {
    states.clear();
    for (ClassStats stats : saved.classes()) {
      states.put(stats.queryClass(), ClassState.restored(stats, config));
    }
    applied.clear();
    saved.appliedRatings().forEach(applied::add);
  }

  /**
   * Replays historical feedback from a UTF-8 file (format in the package documentation); lines
   * without a time are dated now. Returns the number applied.
   *
   * @throws WeightsFileException naming the file and its first bad line; nothing is applied then
   */
  public int seed(Path historicalFeedback) throws IOException {
    try (Reader in = Files.newBufferedReader(historicalFeedback, StandardCharsets.UTF_8)) {
      return seed(in, historicalFeedback.toString(), System.currentTimeMillis());
    }
  }

  /** {@link #seed(Path)} from a reader, with the source's name and the time of undated lines. */
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
