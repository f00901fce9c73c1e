package dev.relearn.engine.config;

import dev.relearn.lucene.rerank.Feature;
import dev.relearn.lucene.rerank.LinearModel;
import dev.relearn.lucene.rerank.RerankOptions;
import dev.relearn.lucene.rerank.VoteWeighting;
import dev.relearn.lucene.weights.AdaptiveWeightsConfig;
import dev.relearn.lucene.weights.Weights;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The effective configuration of an index: every {@link ConfigKey} with its value and where the
 * value came from ({@code default}, the file, or an environment variable). Built by {@link
 * ConfigLoader}; validated as a whole on construction, so that an instance always yields a valid
 * model, rerank options, weights settings, exploration and feedback checkpoint interval.
 *
 * @param values every key's value, by dotted name
 * @param sources where each value came from, by dotted name
 * @param model the re-ranker's base model (its relevance, balance and boost weights come from the
 *     query class's adaptive weights at search time)
 * @param rerank the similar-query lookup settings, with {@code model}
 * @param weights the adaptive weights' settings
 * @param exploration the exploration settings
 * @param checkpointInterval how often a writer's feedback store checkpoints ({@code
 *     feedback.checkpointSeconds})
 */
public record RelearnConfig(Map<String, Double> values, Map<String, String> sources,
    LinearModel model, RerankOptions rerank, AdaptiveWeightsConfig weights,
    Exploration exploration, Duration checkpointInterval) {
  /** The name of a value's source when nothing set it. */
  public static final String DEFAULT_SOURCE = "default";

  /** Every key at its default. */
  public static final RelearnConfig DEFAULTS = of(defaultValues(), Map.of());

  /** Copies the maps. */
  public RelearnConfig {
    values = Map.copyOf(values);
    sources = Map.copyOf(sources);
    Objects.requireNonNull(model, "model");
    Objects.requireNonNull(rerank, "rerank");
    Objects.requireNonNull(weights, "weights");
    Objects.requireNonNull(exploration, "exploration");
    if (checkpointInterval == null || !checkpointInterval.isPositive()) {
      throw new IllegalArgumentException("checkpointInterval must be positive, got: "
          + checkpointInterval);
    }
  }

  /**
   * Builds a configuration from every key's value (each already range-checked by {@link
   * ConfigKey#check}) and the sources that set some of them.
   *
   * @throws ConfigException when values are valid alone but not together (start weights that do
   *     not sum to 1 or lie outside the bounds), naming them and their sources
   */
  static RelearnConfig of(Map<String, Double> values, Map<String, String> setBy) {
    Map<String, String> sources = new LinkedHashMap<>();
    for (ConfigKey key : ConfigKey.ALL) {
      if (!values.containsKey(key.name())) {
        throw new IllegalStateException("no value for " + key.name());
      }
      sources.put(key.name(), setBy.getOrDefault(key.name(), DEFAULT_SOURCE));
    }
    double[] featureWeights = new double[Feature.COUNT];
    for (Feature usage : List.of(Feature.PRIOR, Feature.RECENCY, Feature.FREQUENCY,
        Feature.CONTEXT)) {
      featureWeights[usage.ordinal()] = v(values, "rerank." + usage.weightName());
    }
    LinearModel model = new LinearModel(featureWeights, v(values, "rerank.boostBaseline"),
        v(values, "rerank.evidenceK"), v(values, "rerank.boostCap"));
    Weights initial = startWeights(values, sources);
    model = model.withWeights(initial);
    RerankOptions rerank = RerankOptions.DEFAULTS
        .withMinSimilarity((float) v(values, "rerank.minSimilarity"))
        .withMaxPastQueries((int) v(values, "rerank.maxPastQueries"))
        .withVote(new VoteWeighting(v(values, "rerank.temperature"),
            v(values, "rerank.failedClickWeight")))
        .withModel(model);
    AdaptiveWeightsConfig weights;
    try {
      weights = new AdaptiveWeightsConfig(v(values, "weights.learningRate"),
          (int) v(values, "weights.minSamples"), v(values, "weights.lower"),
          v(values, "weights.upper"), v(values, "weights.decay"),
          (int) v(values, "weights.historyLimit"), initial);
    } catch (IllegalArgumentException e) {
      throw new ConfigException(describe(sources, "weights.lower", "weights.upper", "weights.bm25",
          "weights.vector", "weights.learned") + ": " + e.getMessage(), e);
    }
    Exploration exploration = new Exploration(v(values, "exploration.rate"),
        (long) v(values, "exploration.seed"));
    Duration checkpoints = Duration.ofSeconds((long) v(values, "feedback.checkpointSeconds"));
    return new RelearnConfig(values, sources, model, rerank, weights, exploration, checkpoints);
  }

  private static Weights startWeights(Map<String, Double> values, Map<String, String> sources) {
    double bm25 = v(values, "weights.bm25");
    double vector = v(values, "weights.vector");
    double learned = v(values, "weights.learned");
    if (Math.abs(bm25 + vector + learned - 1) > 1e-9) {
      throw new ConfigException(describe(sources, "weights.bm25", "weights.vector",
          "weights.learned") + ": weights.bm25 + weights.vector + weights.learned must sum to 1,"
          + " got: " + ConfigKey.plain(bm25) + " + " + ConfigKey.plain(vector) + " + "
          + ConfigKey.plain(learned) + " = " + ConfigKey.plain(bm25 + vector + learned));
    }
    return new Weights(bm25, vector, learned);
  }

  /** The value of {@code key}. */
  public double value(String key) {
    Double value = values.get(key);
    if (value == null) {
      throw new IllegalArgumentException("unknown config key: " + key);
    }
    return value;
  }

  /** Where the value of {@code key} came from. */
  public String source(String key) {
    value(key);
    return sources.get(key);
  }

  private static double v(Map<String, Double> values, String key) {
    return values.get(key);
  }

  private static String describe(Map<String, String> sources, String... keys) {
    Map<String, Boolean> distinct = new LinkedHashMap<>();
    for (String key : keys) {
      distinct.put(sources.get(key), true);
    }
    return String.join(", ", distinct.keySet());
  }

  static Map<String, Double> defaultValues() {
    Map<String, Double> values = new LinkedHashMap<>();
    for (ConfigKey key : ConfigKey.ALL) {
      values.put(key.name(), key.defaultValue());
    }
    return values;
  }
}
