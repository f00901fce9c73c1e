package dev.relearn.engine.config;

import dev.relearn.feedback.store.FeedbackStoreConfig;
import dev.relearn.lucene.rerank.LinearModel;
import dev.relearn.lucene.rerank.RerankOptions;
import dev.relearn.lucene.schema.VectorEncoding;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * An index's configuration: {@code relearn.json} as written, one record per section, each
 * validated in its compact constructor ({@link ConfigLoader}); {@link #DEFAULTS} takes every
 * default from the code that uses it. docs/CONFIGURATION.md lists every key.
 */
public record RelearnConfig(RerankSettings rerank, WeightsSettings weights,
    Exploration exploration, Feedback feedback, Index index) {
  /** Every key at its default. */
  public static final RelearnConfig DEFAULTS = new RelearnConfig(RerankSettings.DEFAULTS,
      WeightsSettings.DEFAULTS, Exploration.OFF, Feedback.DEFAULTS, Index.DEFAULTS);

  /** Rejects a missing section. */
  public RelearnConfig {
    Objects.requireNonNull(rerank, "rerank");
    Objects.requireNonNull(weights, "weights");
    Objects.requireNonNull(exploration, "exploration");
    Objects.requireNonNull(feedback, "feedback");
    Objects.requireNonNull(index, "index");
  }

  /**
   * The {@code index} section: how a new index is built (an existing one keeps its own).
   *
   * @param vectorEncoding a {@link VectorEncoding} label: float32, int8, int4 or 1bit
   */
  public record Index(String vectorEncoding) {
    /**
     * int8: within 0.002 nDCG@10 of float32 on SciFact, NFCorpus and ToolLens, with a quarter of
     * its hot vector memory (docs/BENCHMARKS.md).
     */
    public static final Index DEFAULTS = new Index(VectorEncoding.INT8.label());

    /** Validates, naming the key and the value. */
    public Index {
      try {
        vectorEncoding = VectorEncoding.fromLabel(vectorEncoding).label();
      } catch (IllegalArgumentException e) {
        throw new ConfigException(List.of("index.vectorEncoding"),
            "index.vectorEncoding: " + e.getMessage());
      }
    }

    /** The encoding a new index's vectors get. */
    public VectorEncoding encoding() {
      return VectorEncoding.fromLabel(vectorEncoding);
    }
  }

  /** The {@code feedback} section: seconds between the store's checkpoints, in [1, 86400]. */
  public record Feedback(int checkpointSeconds) {
    /** The store's default interval. */
    public static final Feedback DEFAULTS = new Feedback(
        (int) FeedbackStoreConfig.defaults(1).checkpointInterval().toSeconds());

    /** Validates, naming the key. */
    public Feedback {
      Check.in("feedback.checkpointSeconds", checkpointSeconds, 1, 86_400);
    }
  }

  /** The re-ranker's base model, with the start weights (a class's replace them at search). */
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
