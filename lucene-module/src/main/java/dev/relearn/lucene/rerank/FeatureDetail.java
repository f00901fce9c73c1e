package dev.relearn.lucene.rerank;

import static dev.relearn.lucene.rerank.LinearModel.num;

/** How each {@link Feature}'s value was computed, in words, for a {@link FeatureContribution}. */
final class FeatureDetail {
  private FeatureDetail() {}

  /** The detail of {@code feature} for {@code features} under {@code model}. */
  static String of(Feature feature, CandidateFeatures features, LinearModel model,
      double shrink) {
    String times = ", times shrink " + num(shrink)
        + " (0 unless similar past queries saw the chunk)";
    LearnedBoost boost = features.boost();
    return switch (feature) {
      case RELEVANCE -> "first-stage score " + num(features.firstStageScore())
          + " min-max normalised over the window";
      case BALANCE -> "(bm25 " + num(features.bm25Norm()) + " − vector "
          + num(features.vectorNorm())
          + ") / 2, each stage min-max normalised over the window; 0 weight at equal weights";
      case BOOST -> "shrink " + num(shrink) + " = n/(n+k) with evidence n = "
          + num(boost.evidence()) + ", k = " + num(model.evidenceK()) + "; times raw boost "
          + num(boost.value()) + " (0.5·click rate " + num(boost.clickRate())
          + " + 0.5·success rate " + num(boost.successRate()) + ") minus baseline "
          + num(model.boostBaseline())
          + (model.capped(boost) ? "; capped at ±" + num(model.boostCap()) : "");
      case PRIOR -> "ln max(0.01, 1 + ln(1+successes) − 0.5·ln(1+failures)) = "
          + num(features.logPrior()) + " (0 without outcomes)" + times;
      case RECENCY -> "e^(−age/30 days) since the last use = " + num(features.recency())
          + " (0 if never used)" + times;
      case FREQUENCY -> "ln(1+uses)/ln(1+most uses of a vouched chunk in the window) = "
          + num(features.frequency()) + " (0 if no vouched chunk was used)" + times;
      case CONTEXT -> "1 if the path prefix or kind matches the request context, else 0";
    };
  }
}
