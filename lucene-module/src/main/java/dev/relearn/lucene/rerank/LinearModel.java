package dev.relearn.lucene.rerank;

import dev.relearn.lucene.weights.Weights;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;

/**
 * The re-ranker's model: a weighted sum of {@link CandidateFeatures}, summed in this order:
 *
 * <pre>
 *   score = relevanceWeight · relevance + balanceWeight · balance
 *         + clamp(boostWeight · shrink · (boost − boostBaseline), ±boostCap),  shrink = n / (n + k)
 *         + priorWeight · shrink · logPrior + recencyWeight · shrink · recency
 *         + frequencyWeight · shrink · frequency + contextWeight · contextMatch
 * </pre>
 *
 * <p>This is the design's {@code 0.7·relevance + 0.3·boost}, with the boost shrunk towards its
 * baseline by the evidence n from similar past queries and re-centred on the baseline (so that
 * with no evidence it adds exactly {@code +0.0}). With the defaults (baseline 0.5, k = 2) the
 * shrunk click rate {@code 0.5 + shrink · (clickRate − 0.5)} is {@code (clicks + 1) / (n + 2)}:
 * the posterior mean of the click rate under a uniform prior (Laplace's rule of succession). That
 * prior needs no tuning and still keeps one click's move small (a quarter of the cap).
 *
 * <p>The usage terms (prior, recency, frequency) are query-independent: they say that a chunk
 * was used, not for what. Each is multiplied by the chunk's {@code shrink}, so usage counts only as
 * far as similar past queries vouch for the chunk; for a chunk they never saw, or a query unlike
 * any past one, those terms are exactly 0, and popularity earned on unrelated queries (or by
 * clicks that ignore relevance) cannot reorder its results.
 *
 * <p>With no evidence, neutral learned values and no context every term but relevance is {@code
 * +0.0}, and the score is {@code relevanceWeight · relevance}: a monotone transform of the
 * first-stage score.
 *
 * <p>The balance term, {@code (bm25Norm − vectorNorm) / 2}, lets learned {@link Weights} over
 * (bm25, vector, learned) tilt the ranking towards one stage: {@link #withWeights} sets {@code
 * relevanceWeight = w_bm25 + w_vector}, {@code balanceWeight = w_bm25 − w_vector} and {@code
 * boostWeight = w_learned}, so that the first two terms approximate {@code w_bm25·bm25Norm +
 * w_vector·vectorNorm} while equal weights leave the first-stage order untouched ({@code
 * balanceWeight = 0}). The defaults are {@link Weights#DEFAULT} (0.35, 0.35, 0.30) exactly.
 *
 * <p>{@link #score} and {@link #explain} share one computation and one summation order, so the
 * explanation's total equals the score exactly.
 *
 * @param relevanceWeight weight of the normalised first-stage score, in [0, 1e6]
 * @param boostWeight weight of the learned boost's deviation from its baseline, in [0, 1e6]
 * @param boostBaseline the raw boost that counts as neither good nor bad, in [0, 1]
 * @param evidenceK the shrinkage constant k: evidence n = k trusts half the deviation, and the
 *     usage terms count that share too; > 0
 * @param boostCap the largest absolute boost contribution, in [0, 1e6]
 * @param priorWeight weight of the per-chunk log prior (times shrink), in [0, 1e6]
 * @param recencyWeight weight of recency (times shrink), in [0, 1e6]
 * @param frequencyWeight weight of frequency (times shrink), in [0, 1e6]
 * @param contextWeight weight of the context match, in [0, 1e6]
 * @param balanceWeight weight of the stage balance, in [−1e6, 1e6]: positive favours BM25
 */
public record LinearModel(double relevanceWeight, double boostWeight, double boostBaseline,
    double evidenceK, double boostCap, double priorWeight, double recencyWeight,
    double frequencyWeight, double contextWeight, double balanceWeight) {

  /**
   * The defaults: relevance 0.7, boost 0.3 around a baseline of 0.5 with k = 2 (the uniform
   * prior) and a cap of 0.1 (so two chunks' boosts differ by at most 0.2, under 0.3 of the
   * relevance term's range 0.7), prior 0.01, recency 0.02, frequency 0.02, context 0.05, balance
   * 0.
   */
  public static final LinearModel DEFAULT =
      new LinearModel(0.7, 0.3, 0.5, 2, 0.1, 0.01, 0.02, 0.02, 0.05, 0);

  /** The largest weight accepted: keeps every contribution finite. */
  public static final double MAX_WEIGHT = 1e6;

  /** Names of the features, in summation order. */
  public static final List<String> FEATURES =
      List.of("relevance", "balance", "boost", "prior", "recency", "frequency", "context");

  /** Validates every parameter, naming the bad one and its value. */
  public LinearModel {
    requireWeight("relevanceWeight", relevanceWeight);
    requireWeight("boostWeight", boostWeight);
    if (!(boostBaseline >= 0 && boostBaseline <= 1)) {
      throw new IllegalArgumentException("boostBaseline must be in [0, 1], got: " + boostBaseline);
    }
    if (!(evidenceK > 0) || Double.isInfinite(evidenceK)) {
      throw new IllegalArgumentException("evidenceK must be finite and > 0, got: " + evidenceK);
    }
    requireWeight("boostCap", boostCap);
    requireWeight("priorWeight", priorWeight);
    requireWeight("recencyWeight", recencyWeight);
    requireWeight("frequencyWeight", frequencyWeight);
    requireWeight("contextWeight", contextWeight);
    if (!(Math.abs(balanceWeight) <= MAX_WEIGHT)) {
      throw new IllegalArgumentException("balanceWeight must be in [-" + MAX_WEIGHT + ", "
          + MAX_WEIGHT + "], got: " + balanceWeight);
    }
  }

  /**
   * This model with its relevance, balance and boost weights taken from {@code weights}: {@code
   * relevance = bm25 + vector}, {@code balance = bm25 − vector}, {@code boost = learned}.
   */
  public LinearModel withWeights(Weights weights) {
    return new LinearModel(weights.bm25() + weights.vector(), weights.learned(), boostBaseline,
        evidenceK, boostCap, priorWeight, recencyWeight, frequencyWeight, contextWeight,
        weights.bm25() - weights.vector());
  }

  /**
   * What each signal (bm25, vector, learned) contributed to {@code features}, each in [0, 1], as
   * {@link dev.relearn.lucene.weights.AdaptiveWeights#record} takes them: the two stages'
   * normalised scores, and the learned boost as {@code baseline + shrink · (boost − baseline)}
   * clamped to [0, 1] (the baseline when there is no evidence).
   */
  public double[] signalContributions(CandidateFeatures features) {
    double learned = Math.max(0, Math.min(1, boostBaseline + deviation(features.boost())));
    return new double[] {features.bm25Norm(), features.vectorNorm(), learned};
  }

  private static void requireWeight(String name, double value) {
    if (!(value >= 0 && value <= MAX_WEIGHT)) {
      throw new IllegalArgumentException(
          name + " must be in [0, " + MAX_WEIGHT + "], got: " + value);
    }
  }

  /** {@code n / (n + k)}: 0 with no evidence, 1/2 at n = k, towards 1 with more. */
  public double shrink(double evidence) {
    return evidence / (evidence + evidenceK);
  }

  /** The score of {@code features}; finite. */
  public double score(CandidateFeatures features) {
    return sum(contributions(features));
  }

  /** The score of {@code features} with every term; its total equals {@link #score} exactly. */
  public ScoreBreakdown explain(CandidateFeatures features) {
    double[] c = contributions(features);
    LearnedBoost boost = features.boost();
    double shrink = shrink(boost.evidence());
    List<FeatureContribution> lines = new ArrayList<>(c.length);
    lines.add(new FeatureContribution("relevance", features.relevance(), relevanceWeight, c[0],
        "first-stage score " + num(features.firstStageScore())
            + " min-max normalised over the window"));
    lines.add(new FeatureContribution("balance", features.balance(), balanceWeight, c[1],
        "(bm25 " + num(features.bm25Norm()) + " − vector " + num(features.vectorNorm())
            + ") / 2, each stage min-max normalised over the window; 0 weight at equal weights"));
    boolean capped = Math.abs(boostWeight * deviation(boost)) > boostCap;
    lines.add(new FeatureContribution("boost", deviation(boost), boostWeight, c[2],
        "shrink " + num(shrink) + " = n/(n+k) with evidence n = " + num(boost.evidence())
            + ", k = " + num(evidenceK) + "; times raw boost " + num(boost.value())
            + " (0.5·click rate " + num(boost.clickRate()) + " + 0.5·success rate "
            + num(boost.successRate()) + ") minus baseline " + num(boostBaseline)
            + (capped ? "; capped at ±" + num(boostCap) : "")));
    String times = ", times shrink " + num(shrink)
        + " (0 unless similar past queries saw the chunk)";
    lines.add(new FeatureContribution("prior", vouched(shrink, features.logPrior()), priorWeight,
        c[3], "ln max(0.01, 1 + ln(1+successes) − 0.5·ln(1+failures)) = "
            + num(features.logPrior()) + " (0 without outcomes)" + times));
    lines.add(new FeatureContribution("recency", vouched(shrink, features.recency()),
        recencyWeight, c[4], "e^(−age/30 days) since the last use = " + num(features.recency())
            + " (0 if never used)" + times));
    lines.add(new FeatureContribution("frequency", vouched(shrink, features.frequency()),
        frequencyWeight, c[5], "ln(1+uses)/ln(1+most uses of a vouched chunk in the window) = "
            + num(features.frequency()) + " (0 if no vouched chunk was used)" + times));
    lines.add(new FeatureContribution("context", features.contextMatch(), contextWeight, c[6],
        "1 if the path prefix or kind matches the request context, else 0"));
    return new ScoreBreakdown(lines, boost, shrink, sum(c), features.notes());
  }

  /** {@code x} to four significant digits, for the details people read (values stay exact). */
  static String num(double x) {
    if (x == 0 || !Double.isFinite(x)) {
      return x == 0 ? "0" : String.valueOf(x);
    }
    return BigDecimal.valueOf(x).round(new MathContext(4)).stripTrailingZeros().toPlainString();
  }

  /** The boost's contribution: exactly {@code +0.0} without evidence, within ±boostCap. */
  public double boostContribution(LearnedBoost boost) {
    return boostContribution(boost.evidence(), boost.value());
  }

  private double boostContribution(double evidence, double value) {
    if (evidence == 0) {
      return 0.0;
    }
    return Math.max(-boostCap, Math.min(boostCap, boostWeight * deviation(evidence, value)));
  }

  /** A usage feature times the chunk's shrink: exactly {@code +0.0} when the shrink is 0. */
  private static double vouched(double shrink, double usage) {
    return shrink == 0 ? 0.0 : shrink * usage;
  }

  /** {@code shrink · (boost − baseline)}, exactly 0 without evidence. */
  private double deviation(LearnedBoost boost) {
    return deviation(boost.evidence(), boost.value());
  }

  private double deviation(double evidence, double value) {
    if (evidence == 0) {
      return 0.0;
    }
    return shrink(evidence) * (value - boostBaseline);
  }

  private double[] contributions(CandidateFeatures f) {
    LearnedBoost boost = f.boost();
    return contributions(f.relevance(), f.balance(), boost.evidence(), boost.value(),
        f.logPrior(), f.recency(), f.frequency(), f.contextMatch());
  }

  private double[] contributions(double relevance, double balance, double boostEvidence,
      double boostValue, double logPrior, double recency, double frequency,
      double contextMatch) {
    double shrink = shrink(boostEvidence);
    return new double[] {
      relevanceWeight * relevance,
      balanceWeight * balance,
      boostContribution(boostEvidence, boostValue),
      priorWeight * vouched(shrink, logPrior),
      recencyWeight * vouched(shrink, recency),
      frequencyWeight * vouched(shrink, frequency),
      contextWeight * contextMatch
    };
  }

  private static double sum(double[] contributions) {
    double sum = 0;
    for (double contribution : contributions) {
      sum += contribution;
    }
    return sum;
  }
}
