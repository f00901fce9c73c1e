package dev.relearn.engine.config;

import dev.relearn.feedback.store.FeedbackStoreConfig;
import dev.relearn.lucene.rerank.LinearModel;
import dev.relearn.lucene.rerank.RerankOptions;
import java.time.Duration;
import java.util.Objects;

/**
 * An index's configuration: {@code relearn.json} bound as it is written (one record per section,
 * each validated in its compact constructor), read by {@link ConfigLoader}. {@link #DEFAULTS}
 * takes every default from the code that uses it; docs/CONFIGURATION.md lists every key.
 *
 * @param rerank the {@code rerank} section
 * @param weights the {@code weights} section
 * @param exploration the {@code exploration} section
 * @param feedback the {@code feedback} section
 */
public record RelearnConfig(RerankSettings rerank, WeightsSettings weights,
    Exploration exploration, Feedback feedback) {
  /** Every key at its default. */
  public static final RelearnConfig DEFAULTS = new RelearnConfig(RerankSettings.DEFAULTS,
      WeightsSettings.DEFAULTS, Exploration.OFF, Feedback.DEFAULTS);

  /** Rejects a missing section. */
  public RelearnConfig {
    Objects.requireNonNull(rerank, "rerank");
    Objects.requireNonNull(weights, "weights");
    Objects.requireNonNull(exploration, "exploration");
    Objects.requireNonNull(feedback, "feedback");
  }

  /**
   * The {@code feedback} section.
   *
   * @param checkpointSeconds seconds between the feedback store's checkpoints, in [1, 86400]
   */
  public record Feedback(int checkpointSeconds) {
    /** The store's default interval. */
    public static final Feedback DEFAULTS = new Feedback(
        (int) FeedbackStoreConfig.defaults(1).checkpointInterval().toSeconds());

    /** Validates, naming the key. */
    public Feedback {
      Check.in("feedback.checkpointSeconds", checkpointSeconds, 1, 86_400);
    }
  }

  /**
   * The re-ranker's base model: its relevance, balance and boost weights are the start weights
   * (a query class's adaptive weights replace them at search time).
   */
  public LinearModel model() {
    return rerank.model(weights.initial());
  }

  /** The similar-query lookup settings, with {@link #model}. */
  public RerankOptions rerankOptions() {
    return rerank.options(model());
  }

  /** How often a writer's feedback store checkpoints. */
  public Duration checkpointInterval() {
    return Duration.ofSeconds(feedback.checkpointSeconds());
  }
}
