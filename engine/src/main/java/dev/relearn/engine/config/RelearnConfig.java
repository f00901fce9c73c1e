package dev.relearn.engine.config;

import dev.relearn.feedback.store.FeedbackStoreConfig;
import dev.relearn.lucene.rerank.LinearModel;
import dev.relearn.lucene.rerank.RerankOptions;
import dev.relearn.lucene.schema.VectorEncoding;
import java.time.Duration;
import java.util.List;
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
 * @param index the {@code index} section
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
   * The {@code index} section: how a new index is built. An existing index keeps what it
   * recorded.
   *
   * @param vectorEncoding a {@link VectorEncoding} label: {@code float32}, {@code int8}, {@code
   *     int4} or {@code 1bit}
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
