package dev.relearn.feedback.index;

import java.time.Duration;
import java.time.InstantSource;
import java.util.Objects;
import org.apache.lucene.codecs.KnnVectorsFormat;

/**
 * How a {@link FeedbackIndex} clusters, searches, decays and caps; start from {@link
 * #defaults(int)}.
 *
 * @param dimension the query vector dimension, 1 to 1024 (Lucene's default maximum)
 * @param mergeSimilarity a new event joins its session's most similar cluster at least this
 *     similar (near-duplicates merge their counts); in (0, 1]
 * @param compactSimilarity {@link FeedbackIndex#compact()} merges clusters of any session more
 *     similar than this; in (0, 1]
 * @param halfLife evidence decays by {@code 0.5^(age/halfLife)}; null or zero for no decay
 * @param ttl {@link FeedbackIndex#expire()} deletes events older than this; null keeps them
 * @param perSessionCap within one cluster, a session's clicks, successes and failures on one chunk
 *     count at most this, its examinations three times this; finite and above 0
 * @param clock the time for decay and expiry
 */
public record FeedbackIndexConfig(int dimension, float mergeSimilarity, float compactSimilarity,
    Duration halfLife, Duration ttl, double perSessionCap,
    InstantSource clock) {
  /** The default {@link #mergeSimilarity()}. */
  public static final float DEFAULT_MERGE_SIMILARITY = 0.95f;
  /** The default {@link #compactSimilarity()}. */
  public static final float DEFAULT_COMPACT_SIMILARITY = 0.98f;
  /** The default {@link #halfLife()}. */
  public static final Duration DEFAULT_HALF_LIFE = Duration.ofDays(30);
  /** The default {@link #ttl()}. */
  public static final Duration DEFAULT_TTL = Duration.ofDays(90);
  /** The default {@link #perSessionCap()}. */
  public static final double DEFAULT_PER_SESSION_CAP = 3.0;

  /** Validates every field, naming the bad value. */
  public FeedbackIndexConfig {
    if (dimension < 1 || dimension > KnnVectorsFormat.DEFAULT_MAX_DIMENSIONS) {
      throw new IllegalArgumentException("dimension must be in [1, "
          + KnnVectorsFormat.DEFAULT_MAX_DIMENSIONS + "], got: " + dimension);
    }
    requireSimilarity("mergeSimilarity", mergeSimilarity);
    requireSimilarity("compactSimilarity", compactSimilarity);
    if (halfLife != null && halfLife.isNegative()) {
      throw new IllegalArgumentException("halfLife must not be negative, got: " + halfLife);
    }
    if (ttl != null && (ttl.isNegative() || ttl.isZero())) {
      throw new IllegalArgumentException("ttl must be positive (or null for none), got: " + ttl);
    }
    if (!(perSessionCap > 0) || Double.isInfinite(perSessionCap)) {
      throw new IllegalArgumentException(
          "perSessionCap must be finite and > 0, got: " + perSessionCap);
    }
    Objects.requireNonNull(clock, "clock");
  }

  private static void requireSimilarity(String name, float value) {
    if (!(value > 0 && value <= 1)) {
      throw new IllegalArgumentException(name + " must be in (0, 1], got: " + value);
    }
  }

  /** The defaults for vectors of {@code dimension} components, on the system clock. */
  public static FeedbackIndexConfig defaults(int dimension) {
    return new FeedbackIndexConfig(dimension, DEFAULT_MERGE_SIMILARITY,
        DEFAULT_COMPACT_SIMILARITY, DEFAULT_HALF_LIFE, DEFAULT_TTL,
        DEFAULT_PER_SESSION_CAP, InstantSource.system());
  }

  /** A copy with another clock (tests use a fake one). */
  public FeedbackIndexConfig withClock(InstantSource value) {
    return new FeedbackIndexConfig(dimension, mergeSimilarity, compactSimilarity,
        halfLife, ttl, perSessionCap, value);
  }

  /** The decay of {@link #halfLife()}. */
  public Decay decay() {
    return Decay.of(halfLife);
  }
}
