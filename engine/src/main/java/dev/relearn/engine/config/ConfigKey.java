package dev.relearn.engine.config;

import dev.relearn.lucene.rerank.LinearModel;
import dev.relearn.lucene.rerank.RerankOptions;
import dev.relearn.lucene.rerank.VoteWeighting;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * One knob of {@code relearn.json}: its dotted name, default, accepted range and meaning. {@link
 * #ALL} is the complete list; docs/CONFIGURATION.md documents the same list (a test keeps them in
 * step).
 *
 * @param name the dotted name, {@code section.key}, as written in the JSON file's nesting
 * @param defaultValue the value when neither the file nor the environment sets it
 * @param min the lowest accepted value
 * @param max the highest accepted value
 * @param integer whether only whole numbers are accepted
 * @param description what it does, in one sentence
 */
public record ConfigKey(String name, double defaultValue, double min, double max, boolean integer,
    String description) {
  /** Every knob, in documentation order. */
  public static final List<ConfigKey> ALL = List.of(
      real("rerank.minSimilarity", 0.7, 0, 1,
          "Past queries less similar than this (cosine) are not used as evidence."),
      whole("rerank.maxPastQueries", RerankOptions.DEFAULT_MAX_PAST_QUERIES, 1, 10_000,
          "At most this many of the most similar past queries are used."),
      real("rerank.temperature", VoteWeighting.DEFAULT.temperature(), 1e-3, 1e6,
          "Past queries weigh in the vote by similarity·e^((similarity−1)/temperature): lower"
              + " lets the most similar dominate."),
      real("rerank.failedClickWeight", VoteWeighting.DEFAULT.failedClickWeight(), 0, 1,
          "What a click from a task that failed counts in the vote, against 1 for a click."),
      real("rerank.boostBaseline", 0.5, 0, 1,
          "The raw boost (0.5·click rate + 0.5·success rate) that counts as neither good nor bad."),
      real("rerank.evidenceK", 2, 1e-9, 1e6,
          "Shrinkage constant k: a boost with evidence n counts n/(n+k) of its deviation (2: a"
              + " uniform prior on the click rate)."),
      real("rerank.boostCap", 0.1, 0, 1e6,
          "The largest absolute contribution of one chunk's boost to its score, until the trust is"
              + " fit."),
      real("rerank.trustScale", 200, 1e-9, 1e6,
          "Converts the trust fit from clicks (log-odds per unit of vote) into the vote's weight."),
      whole("rerank.sessionRanks", LinearModel.DEFAULT_SESSION_RANKS, 1, LinearModel.MAX_SESSION_RANKS,
          "Once the trust is fit: how many first-stage ranks one session backing a chunk's vote"
              + " may move it."),
      real("rerank.priorWeight", 0.01, 0, 1e6,
          "Weight of the per-chunk log prior, counted n/(n+k) like the boost."),
      real("rerank.recencyWeight", 0.02, 0, 1e6,
          "Weight of recency, e^(-age/30 days), counted n/(n+k) like the boost."),
      real("rerank.frequencyWeight", 0.02, 0, 1e6,
          "Weight of usage frequency, counted n/(n+k) like the boost."),
      real("rerank.contextWeight", 0.05, 0, 1e6,
          "Weight of a match with the request's path-prefix or kind context."),
      real("weights.bm25", 0.35, 0.1, 0.9,
          "Start weight of the BM25 signal for every query class."),
      real("weights.vector", 0.35, 0.1, 0.9,
          "Start weight of the vector signal for every query class."),
      real("weights.learned", 0.30, 0.1, 0.9,
          "Start weight of the learned boost for every query class."),
      real("weights.learningRate", 0.1, 1e-9, 1,
          "How far one rating moves a class's weights towards its target."),
      whole("weights.minSamples", 5, 1, 1e9,
          "Ratings a query class needs before its weights move."),
      real("weights.lower", 0.1, 0.1, 1.0 / 3, "The lowest weight of any signal."),
      real("weights.upper", 0.9, 1.0 / 3, 0.9, "The highest weight of any signal."),
      real("weights.decay", 0.95, 1e-9, 1,
          "Per day, the factor by which what past ratings taught fades; 1 never fades."),
      whole("weights.historyLimit", 200, 1, 1e6, "Weight changes kept per class for charts."),
      real("exploration.rate", 0, 0, 1,
          "Share of learned searches that swap one lower slot for a candidate from below the cut;"
              + " 0 turns exploration off."),
      whole("exploration.seed", 42, 0, 9.007199254740991E15,
          "Seed of exploration's random choices, for reproducible runs."),
      whole("feedback.checkpointSeconds", 30, 1, 86_400,
          "Seconds between the feedback store's checkpoints, which commit its indexes and trim"
              + " its log: a read-only process sees new feedback at most this late."));

  /** Validates the entry itself. */
  public ConfigKey {
    Objects.requireNonNull(name, "name");
    if (!name.matches("[a-z]+\\.[a-zA-Z0-9]+")) {
      throw new IllegalArgumentException("config key must be section.key, got: " + name);
    }
    if (!(min <= defaultValue && defaultValue <= max)) {
      throw new IllegalArgumentException(name + ": default " + defaultValue + " is outside ["
          + min + ", " + max + "]");
    }
  }

  private static ConfigKey real(String name, double value, double min, double max, String text) {
    return new ConfigKey(name, value, min, max, false, text);
  }

  private static ConfigKey whole(String name, double value, double min, double max, String text) {
    return new ConfigKey(name, value, min, max, true, text);
  }

  /** The section: {@code rerank} of {@code rerank.minSimilarity}. */
  public String section() {
    return name.substring(0, name.indexOf('.'));
  }

  /** The key within its section: {@code minSimilarity}. */
  public String key() {
    return name.substring(name.indexOf('.') + 1);
  }

  /** The environment variable that overrides it: {@code RELEARN_RERANK_MIN_SIMILARITY}. */
  public String environmentVariable() {
    String snake = key().replaceAll("([a-z0-9])([A-Z])", "$1_$2");
    return ("RELEARN_" + section() + "_" + snake).toUpperCase(Locale.ROOT);
  }

  /**
   * Checks {@code value} from {@code source} (a file or variable name, for the message).
   *
   * @throws ConfigException naming the key, the value and the source when it is out of range
   */
  public double check(double value, String source) {
    if (!(value >= min && value <= max)) {
      throw new ConfigException(source + ": " + name + " must be in [" + plain(min) + ", "
          + plain(max) + "], got: " + plain(value));
    }
    if (integer && value != Math.rint(value)) {
      throw new ConfigException(source + ": " + name + " must be a whole number, got: "
          + plain(value));
    }
    return value;
  }

  /**
   * A number as people write it: {@code 5} rather than {@code 5.0}, and whole numbers up to 2^53
   * (the largest seed) in full rather than as {@code 9.007199254740991E15}.
   */
  public static String plain(double value) {
    return value == Math.rint(value) && Math.abs(value) <= 0x1p53
        ? Long.toString((long) value) : Double.toString(value);
  }
}
