package dev.relearn.engine.config;

import dev.relearn.lucene.rerank.Feature;
import dev.relearn.lucene.rerank.LinearModel;
import dev.relearn.lucene.rerank.RerankOptions;
import dev.relearn.lucene.rerank.VoteWeighting;
import dev.relearn.engine.weights.Weights;

/**
 * The {@code rerank} section: how the vote of similar past queries is cast and weighed
 * (docs/CONFIGURATION.md), defaults from {@link RerankOptions}, {@link VoteWeighting}, {@link
 * LinearModel}.
 */
public record RerankSettings(float minSimilarity, int maxPastQueries, double temperature,
    double failedClickWeight, double boostBaseline, double evidenceK, double boostCap,
    double trustScale, double sessionCap, double priorWeight, double recencyWeight,
    double frequencyWeight) {
  private static final String S = "rerank.";
  private static final double MAX = LinearModel.MAX_WEIGHT;
  private static final LinearModel M = LinearModel.DEFAULT;

  /** The defaults; trustScale and sessionCap as {@code eval tune} chose (docs/RANKING.md). */
  public static final RerankSettings DEFAULTS = new RerankSettings(
      RerankOptions.DEFAULT_MIN_SIMILARITY, RerankOptions.DEFAULT_MAX_PAST_QUERIES,
      VoteWeighting.DEFAULT.temperature(), VoteWeighting.DEFAULT.failedClickWeight(),
      M.boostBaseline(), M.evidenceK(), M.boostCap(), 200, 0.2, M.weight(Feature.PRIOR),
      M.weight(Feature.RECENCY), M.weight(Feature.FREQUENCY));

  /** Validates every value, naming the key. */
  public RerankSettings {
    Check.in(S + "minSimilarity", minSimilarity, 0, 1);
    Check.in(S + "maxPastQueries", maxPastQueries, 1, RerankOptions.MAX_PAST_QUERIES);
    Check.in(S + "temperature", temperature, 1e-3, MAX);
    Check.in(S + "failedClickWeight", failedClickWeight, 0, 1);
    Check.in(S + "boostBaseline", boostBaseline, 0, 1);
    Check.positive(S + "evidenceK", evidenceK, MAX);
    Check.in(S + "boostCap", boostCap, 0, MAX);
    Check.positive(S + "trustScale", trustScale, MAX);
    Check.in(S + "sessionCap", sessionCap, 0, MAX);
    Check.in(S + "priorWeight", priorWeight, 0, MAX);
    Check.in(S + "recencyWeight", recencyWeight, 0, MAX);
    Check.in(S + "frequencyWeight", frequencyWeight, 0, MAX);
  }

  /** The base model with the start weights {@code initial}. */
  LinearModel model(Weights initial) {
    double[] weights = new double[Feature.COUNT];
    weights[Feature.PRIOR.ordinal()] = priorWeight;
    weights[Feature.RECENCY.ordinal()] = recencyWeight;
    weights[Feature.FREQUENCY.ordinal()] = frequencyWeight;
    // relearn's requests filter by path prefix and kind, so no candidate's context differs:
    // the feature is for a Lucene application's RerankContext, at the model's weight
    weights[Feature.CONTEXT.ordinal()] = M.weight(Feature.CONTEXT);
    return new LinearModel(weights, boostBaseline, evidenceK, boostCap).withWeights(initial.bm25(), initial.vector(),
        initial.learned());
  }

  /** The rescorer's options with {@code model}. */
  RerankOptions options(LinearModel model) {
    return RerankOptions.DEFAULTS.withMinSimilarity(minSimilarity)
        .withMaxPastQueries(maxPastQueries)
        .withVote(new VoteWeighting(temperature, failedClickWeight)).withModel(model);
  }
}
