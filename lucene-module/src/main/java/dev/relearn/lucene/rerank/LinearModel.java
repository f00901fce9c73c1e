package dev.relearn.lucene.rerank;

import dev.relearn.lucene.schema.Require;
import java.util.Arrays;
import java.util.Objects;
import org.apache.lucene.search.Explanation;

/**
 * The re-ranker's model: {@code score = Σ_f w[f] · x[f]} over the named {@link Feature}s, summed
 * in {@link Feature} order, then capped. The symbols are those of docs/RANKING.md, the formula's
 * one home (every term, default and cap): {@code x} is {@link #featureValues} (relevance, balance,
 * the vote {@code s·(b − b₀)} with {@code s = n/(n+k)}, the usage terms times {@code s}, context),
 * {@code b₀} is {@code boostBaseline}, {@code k} is {@code evidenceK}, the cap is {@code boostCap}
 * on the vote alone or, with {@code capPerSession}, per backing session on the learned terms.
 *
 * <p>{@link #withWeights} maps learned {@link Weights} over (bm25, vector, learned) onto {@code
 * w[RELEVANCE] = w_bm25 + w_vector}, {@code w[BALANCE] = w_bm25 − w_vector} and {@code w[BOOST] =
 * w_learned}. {@link #score} and {@link #explain} share one computation and one summation order,
 * so the explanation's total equals the score exactly.
 *
 * @param weights one weight per {@link Feature}, indexed by its ordinal: {@link Feature#BALANCE}'s
 *     in [−1e6, 1e6] (positive favours BM25), every other in [0, 1e6]; copied in and out
 * @param boostBaseline the raw boost that counts as neither good nor bad, in [0, 1]
 * @param evidenceK the shrinkage constant k: evidence n = k trusts half the deviation, and the
 *     usage terms count that share too; > 0
 * @param boostCap the largest absolute boost contribution, in [0, 1e6]; per voting session when
 *     {@code capPerSession}
 * @param capPerSession whether the cap is per session (set once the trust is fit, by {@code
 *     Trust#apply}): the {@link Feature#LEARNED} terms together are scaled down to {@code
 *     boostCap} times the distinct sessions that back their direction ({@link #sessionCap}), so
 *     one session moves a chunk by at most {@code boostCap}; the prior caps the boost alone
 */
public record LinearModel(double[] weights, double boostBaseline, double evidenceK,
    double boostCap, boolean capPerSession) {

  /** The defaults of docs/RANKING.md, with the start weights (0.35, 0.35, 0.30) applied. */
  public static final LinearModel DEFAULT =
      new LinearModel(new double[] {0.7, 0, 0.3, 0.01, 0.02, 0.02, 0.05}, 0.5, 2, 0.1);

  /** A model with one cap for every chunk. */
  public LinearModel(double[] weights, double boostBaseline, double evidenceK, double boostCap) {
    this(weights, boostBaseline, evidenceK, boostCap, false);
  }

  /** The largest weight accepted: keeps every contribution finite. */
  public static final double MAX_WEIGHT = 1e6;

  /** Validates every parameter, naming the bad one and its value; copies {@code weights}. */
  public LinearModel {
    Objects.requireNonNull(weights, "weights");
    if (weights.length != Feature.COUNT) {
      throw new IllegalArgumentException(
          "weights must have one value per feature " + Feature.LABELS + ", got: " + weights.length);
    }
    weights = weights.clone();
    for (Feature feature : Feature.values()) {
      requireWeight(feature, weights[feature.ordinal()]);
    }
    Require.inUnitInterval("boostBaseline", boostBaseline);
    if (!(evidenceK > 0) || Double.isInfinite(evidenceK)) {
      throw new IllegalArgumentException("evidenceK must be finite and > 0, got: " + evidenceK);
    }
    if (!(boostCap >= 0 && boostCap <= MAX_WEIGHT)) {
      throw new IllegalArgumentException(
          "boostCap must be in [0, " + MAX_WEIGHT + "], got: " + boostCap);
    }
  }

  /** A copy of the weights, indexed by {@link Feature#ordinal()}. */
  @Override
  public double[] weights() {
    return weights.clone();
  }

  /** The weight of {@code feature}. */
  public double weight(Feature feature) {
    return weights[feature.ordinal()];
  }

  /**
   * This model with its relevance, balance and boost weights taken from {@code weights}: {@code
   * relevance = bm25 + vector}, {@code balance = bm25 − vector}, {@code boost = learned}.
   */
  public LinearModel withWeights(double bm25, double vector, double learned) {
    double[] changed = this.weights.clone();
    changed[Feature.RELEVANCE.ordinal()] = bm25 + vector;
    changed[Feature.BOOST.ordinal()] = learned;
    changed[Feature.BALANCE.ordinal()] = bm25 - vector;
    return new LinearModel(changed, boostBaseline, evidenceK, boostCap, capPerSession);
  }

  /**
   * What each signal (bm25, vector, learned) contributed to {@code features}, each in [0, 1], as
   * {@link dev.relearn.engine.weights.AdaptiveWeights#record} takes them: the two stages'
   * normalised scores, and the learned boost as {@code baseline + shrink · (boost − baseline)}
   * clamped to [0, 1] (the baseline when there is no evidence).
   */
  public double[] signalContributions(CandidateFeatures features) {
    double learned = Math.max(0, Math.min(1, boostBaseline + vote(features.boost())));
    return new double[] {features.bm25Norm(), features.vectorNorm(), learned};
  }

  private static void requireWeight(Feature feature, double value) {
    if (!(value >= feature.minWeight() && value <= MAX_WEIGHT)) {
      throw new IllegalArgumentException(feature.weightName() + " must be in ["
          + (feature.minWeight() == 0 ? "0" : String.valueOf(feature.minWeight())) + ", "
          + MAX_WEIGHT + "], got: " + value);
    }
  }

  /** {@code n / (n + k)}: 0 with no evidence, 1/2 at n = k, towards 1 with more. */
  public double shrink(double evidence) {
    return evidence / (evidence + evidenceK);
  }

  /** The score of {@code features}; finite. */
  public double score(CandidateFeatures features) {
    return sum(contributions(featureValues(features), features.boost()));
  }

  /**
   * The feature vector {@code x} of {@code features}, indexed by {@link Feature#ordinal()}: what
   * each weight multiplies. The usage features are already times the chunk's shrink (exactly
   * {@code +0.0} when it is 0), the boost is {@code shrink · (boost − baseline)} (exactly 0
   * without evidence).
   */
  public double[] featureValues(CandidateFeatures features) {
    LearnedBoost boost = features.boost();
    double shrink = shrink(boost.evidence());
    double[] x = new double[Feature.COUNT];
    x[Feature.RELEVANCE.ordinal()] = features.relevance();
    x[Feature.BALANCE.ordinal()] = features.balance();
    x[Feature.BOOST.ordinal()] = vote(boost);
    x[Feature.PRIOR.ordinal()] = vouched(shrink, features.logPrior());
    x[Feature.RECENCY.ordinal()] = vouched(shrink, features.recency());
    x[Feature.FREQUENCY.ordinal()] = vouched(shrink, features.frequency());
    x[Feature.CONTEXT.ordinal()] = features.contextMatch();
    return x;
  }

  /**
   * The score of {@code features} with every term, as a Lucene {@link Explanation}: its value is
   * {@link #score} exactly (a {@code Double}); one detail per {@link Feature}, in order, valued at
   * its contribution and naming the feature, its value, its weight and how the value was computed
   * (the boost's with the evidence behind it as sub-details, the cap when it applied); then one
   * detail, valued 0, per note on what was neutralised.
   */
  public Explanation explain(CandidateFeatures features) {
    double[] x = featureValues(features);
    double[] c = contributions(x, features.boost());
    return ScoreExplanation.of(this, features, x, c, sum(c));
  }

  /** Whether the prior's cap applies to the boost: its contribution exceeds {@code boostCap}. */
  boolean capped(LearnedBoost boost) {
    return !capPerSession && Math.abs(weight(Feature.BOOST) * vote(boost)) > boostCap;
  }

  /**
   * The per-session cap on the learned terms of {@code boost}'s chunk in the direction of {@code
   * lift}: {@code boostCap} times the backing sessions (at least 1).
   */
  double sessionCap(LearnedBoost boost, boolean lift) {
    return boostCap * Math.max(1, lift ? boost.clickSessions() : boost.skipSessions());
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof LinearModel m && Arrays.equals(weights, m.weights)
        && Double.compare(boostBaseline, m.boostBaseline) == 0
        && Double.compare(evidenceK, m.evidenceK) == 0
        && Double.compare(boostCap, m.boostCap) == 0 && capPerSession == m.capPerSession;
  }

  @Override
  public int hashCode() {
    return Objects.hash(Arrays.hashCode(weights), boostBaseline, evidenceK, boostCap,
        capPerSession);
  }

  @Override
  public String toString() {
    StringBuilder out = new StringBuilder("LinearModel[");
    for (Feature feature : Feature.values()) {
      out.append(feature.weightName()).append('=').append(weight(feature)).append(", ");
    }
    return out.append("boostBaseline=").append(boostBaseline).append(", evidenceK=")
        .append(evidenceK).append(", boostCap=").append(boostCap).append(capPerSession ? " per session" : "")
        .append(']').toString();
  }

  /** The boost's one non-linear step: {@code clamp(contribution, ±cap)}. */
  private static double capped(double contribution, double cap) {
    return Math.max(-cap, Math.min(cap, contribution));
  }

  /** A usage feature times the chunk's shrink: exactly {@code +0.0} when the shrink is 0. */
  private static double vouched(double shrink, double usage) {
    return shrink == 0 ? 0.0 : shrink * usage;
  }

  /**
   * The vote of similar past queries on a chunk: {@code shrink · (boost − baseline)}, exactly 0
   * without evidence. The shrink is the cold-start prior: k pseudo-observations at the baseline.
   */
  public double vote(LearnedBoost boost) {
    return boost.evidence() == 0 ? 0.0
        : shrink(boost.evidence()) * (boost.value() - boostBaseline);
  }

  /**
   * {@code w[f] · x[f]} for every feature, then the cap: exactly {@code +0.0} for the boost
   * without evidence; the boost clamped to ±boostCap for the prior; per session, the learned
   * terms scaled down together to {@link #sessionCap} when they exceed it.
   */
  private double[] contributions(double[] x, LearnedBoost vote) {
    double[] c = new double[Feature.COUNT];
    for (int i = 0; i < Feature.COUNT; i++) {
      c[i] = weights[i] * x[i];
    }
    int boost = Feature.BOOST.ordinal();
    if (vote.evidence() == 0) {
      c[boost] = 0.0;
    } else if (!capPerSession) {
      c[boost] = capped(c[boost], boostCap);
    } else {
      double learned = learned(x);
      double cap = sessionCap(vote, learned > 0);
      if (Math.abs(learned) > cap) {
        double scale = cap / Math.abs(learned);
        for (Feature feature : Feature.LEARNED) {
          c[feature.ordinal()] *= scale;
        }
      }
    }
    return c;
  }

  /** {@code Σ w[f] · x[f]} over the {@link Feature#LEARNED} terms, before any cap. */
  double learned(double[] x) {
    double learned = 0;
    for (Feature feature : Feature.LEARNED) {
      learned += weights[feature.ordinal()] * x[feature.ordinal()];
    }
    return learned;
  }

  private static double sum(double[] contributions) {
    double sum = 0;
    for (double contribution : contributions) {
      sum += contribution;
    }
    return sum;
  }
}
