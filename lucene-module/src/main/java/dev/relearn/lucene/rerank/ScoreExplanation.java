package dev.relearn.lucene.rerank;

import dev.relearn.lucene.fusion.StageScore;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;
import org.apache.lucene.search.Explanation;

/**
 * Builds {@link LinearModel#explain}'s Lucene {@link Explanation}. Its value is the score (a
 * {@code Double}, bit for bit); its first details are one per {@link Feature}, in summation
 * order, each valued at the feature's contribution (so they sum, in order and in double
 * precision, to the score) and described by the feature's name, value and weight and how the
 * value was computed; the boost's detail lists the evidence behind it and the balance's the two
 * stages' scores (informational). Then one detail, valued 0, per note on what was neutralised.
 */
final class ScoreExplanation {
  /** The top-level description. */
  static final String DESCRIPTION = "learned rerank score, sum of the weighted features:";

  /** How a note on something neutralised starts. */
  static final String NEUTRALISED = "neutralised: ";

  private ScoreExplanation() {}

  /**
   * The explanation of {@code score}, computed by {@code model} from {@code features} as the
   * in-order sum of {@code contributions}, the weighted {@code values}.
   */
  static Explanation of(LinearModel model, CandidateFeatures features, double[] values,
      double[] contributions, double score) {
    List<Explanation> details = new ArrayList<>(Feature.COUNT + features.notes().size());
    String sessionCap = sessionCap(model, features, values);
    for (Feature feature : Feature.values()) {
      int i = feature.ordinal();
      String capped = sessionCap != null && Feature.LEARNED.contains(feature)
          ? "; " + sessionCap : "";
      details.add(Explanation.match(Double.valueOf(contributions[i]), feature.label()
          + ": value " + num(values[i]) + " × weight " + num(model.weight(feature)) + " ["
          + detail(feature, features, model) + capped + "]",
          subDetails(feature, features, model)));
    }
    for (String note : features.notes()) {
      details.add(Explanation.match(Double.valueOf(0.0), NEUTRALISED + note));
    }
    return Explanation.match(Double.valueOf(score), DESCRIPTION, details);
  }

  /**
   * What the per-session cap did to the learned terms, or null when it did not apply: together
   * they add more than {@code boostCap} per backing session.
   */
  private static String sessionCap(LinearModel model, CandidateFeatures features,
      double[] values) {
    LearnedBoost boost = features.boost();
    if (!model.capPerSession() || boost.evidence() == 0) {
      return null;
    }
    double learned = model.learned(values);
    boolean lift = learned > 0;
    double cap = model.sessionCap(boost, lift);
    if (Math.abs(learned) <= cap) {
      return null;
    }
    return "scaled by " + num(cap / Math.abs(learned)) + ": the learned terms "
        + Feature.LEARNED.stream().map(Feature::label).toList() + " add " + num(learned)
        + ", capped at ±" + num(model.boostCap()) + " per " + (lift ? "clicking" : "skipping")
        + " session (" + num(Math.max(1, lift ? boost.clickSessions() : boost.skipSessions()))
        + ")";
  }

  /** How {@code feature}'s value was computed, in words. */
  private static String detail(Feature feature, CandidateFeatures features, LinearModel model) {
    LearnedBoost boost = features.boost();
    double shrink = model.shrink(boost.evidence());
    String times = ", times shrink " + num(shrink)
        + " (0 unless similar past queries saw the chunk)";
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

  /** The evidence behind the boost; the stage scores behind the balance; else none. */
  private static List<Explanation> subDetails(Feature feature, CandidateFeatures features,
      LinearModel model) {
    LearnedBoost boost = features.boost();
    return switch (feature) {
      case BOOST -> List.of(
          Explanation.match(boost.evidence(),
              "evidence n: similarity-weighted examinations by similar past queries"),
          Explanation.match(boost.outcomeEvidence(),
              "outcome evidence: similarity-weighted successes + failures"),
          Explanation.match(boost.clickRate(), "click rate (0.5 without examinations)"),
          Explanation.match(boost.successRate(), "success rate (0.5 without outcomes)"),
          Explanation.match(model.shrink(boost.evidence()), "shrink n/(n+k)"));
      case BALANCE -> Stream.of(stage("bm25", features.bm25()), stage("vector", features.vector()))
          .filter(Objects::nonNull).toList();
      default -> List.of();
    };
  }

  private static Explanation stage(String name, StageScore stage) {
    return stage == null ? null : Explanation.match(stage.score(),
        name + " stage score at rank " + stage.rank() + " (informational, not weighted)");
  }

  /** {@code x} to four significant digits, for the details people read (values stay exact). */
  static String num(double x) {
    if (x == 0 || !Double.isFinite(x)) {
      return x == 0 ? "0" : String.valueOf(x);
    }
    return BigDecimal.valueOf(x).round(new MathContext(4)).stripTrailingZeros().toPlainString();
  }
}
