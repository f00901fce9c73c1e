package dev.relearn.feedback.store;

import dev.relearn.feedback.index.FeedbackIndexConfig;
import dev.relearn.feedback.learn.ChunkAggregates;
import dev.relearn.feedback.log.Durability;
import dev.relearn.feedback.log.Translog;
import dev.relearn.lucene.schema.Require;
import java.time.Duration;
import java.util.Objects;

/**
 * How a feedback store runs.
 *
 * @param durability REQUEST (acknowledge after fsync; the default) or ASYNC (fsync every {@code
 *     syncInterval}: events acknowledged within the last interval before a crash may be lost)
 * @param syncInterval the ASYNC fsync interval
 * @param flushInterval how often staged learned fields are written as doc values
 * @param checkpointInterval how often the indexes are committed and the event log trimmed
 * @param eta the position-bias exponent of the examination model
 * @param perSessionCap the most one session can add to one chunk's clicks, successes or failures
 * @param index the feedback index's settings (similarity thresholds, decay, TTL)
 * @param protectVectors store query vectors rotated by a per-install secret and int8-quantised
 *     ({@link dev.relearn.feedback.event.VectorProtection}); once a store has a secret, it stays
 *     protected
 */
public record FeedbackStoreConfig(Durability durability, Duration syncInterval,
    Duration flushInterval, Duration checkpointInterval, double eta, double perSessionCap,
    FeedbackIndexConfig index, boolean protectVectors) {
  /** Validates; messages name the bad value. */
  public FeedbackStoreConfig {
    Objects.requireNonNull(durability, "durability");
    Objects.requireNonNull(index, "index");
    for (Duration d : new Duration[] {syncInterval, flushInterval, checkpointInterval}) {
      if (d == null || d.isNegative() || d.isZero()) {
        throw new IllegalArgumentException("intervals must be positive, got: " + d);
      }
    }
    Require.finiteNonNegative("eta", eta);
    if (!(perSessionCap > 0) || perSessionCap > ChunkAggregates.MAX_PER_SESSION_CAP) {
      throw new IllegalArgumentException("perSessionCap must be in (0, "
          + ChunkAggregates.MAX_PER_SESSION_CAP + "], got: " + perSessionCap);
    }
  }

  /**
   * Request durability, 200 ms async interval, 1 s flushes (each refreshes the chunk index's
   * searchers: at 250 ms they took a fifth of the CPU of 8 HTTP writers), 30 s checkpoints, eta 1,
   * cap 3.
   */
  public static FeedbackStoreConfig defaults(int dimension) {
    return new FeedbackStoreConfig(Durability.REQUEST, Translog.DEFAULT_SYNC_INTERVAL,
        Duration.ofSeconds(1), Duration.ofSeconds(30), 1.0,
        ChunkAggregates.DEFAULT_PER_SESSION_CAP, FeedbackIndexConfig.defaults(dimension), false);
  }

  /** With another durability. */
  public FeedbackStoreConfig withDurability(Durability durability) {
    return new FeedbackStoreConfig(durability, syncInterval, flushInterval, checkpointInterval,
        eta, perSessionCap, index, protectVectors);
  }

  /** With query-vector protection on or off. */
  public FeedbackStoreConfig withProtectedVectors(boolean on) {
    return new FeedbackStoreConfig(durability, syncInterval, flushInterval, checkpointInterval,
        eta, perSessionCap, index, on);
  }

  /** With another checkpoint interval. */
  public FeedbackStoreConfig withCheckpointInterval(Duration interval) {
    return new FeedbackStoreConfig(durability, syncInterval, flushInterval, interval, eta,
        perSessionCap, index, protectVectors);
  }
}
