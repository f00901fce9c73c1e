package dev.relearn.lucene.rerank;

import dev.relearn.lucene.search.StageScore;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.search.Explanation;

/**
 * Turns a {@link ScoreBreakdown} into a Lucene {@link Explanation}. The top value is the score as
 * the rescored {@code ScoreDoc} carries it, {@code (float) total}; the first details are the
 * weighted features, whose values sum (in double precision, in order) to {@code total}; the rest
 * are informational: the evidence behind the boost, the first-stage views, what was neutralised,
 * and the first pass's own explanation when there is one.
 */
final class ExplanationFormat {
  private ExplanationFormat() {}

  static Explanation of(ScoreBreakdown breakdown, CandidateFeatures features,
      Explanation firstPass) {
    List<Explanation> details = new ArrayList<>();
    for (FeatureContribution line : breakdown.contributions()) {
      List<Explanation> sub = line.name().equals("boost") ? evidence(breakdown) : List.of();
      details.add(Explanation.match(line.contribution(), line.name() + ": weight " + line.weight()
          + " × value " + line.value() + " [" + line.detail() + "]", sub));
    }
    stage(details, "bm25", features.bm25());
    stage(details, "vector", features.vector());
    for (String note : breakdown.notes()) {
      details.add(Explanation.match(0.0, "neutralised: " + note));
    }
    if (firstPass != null) {
      details.add(Explanation.match(firstPass.getValue(),
          "first pass (informational; its score enters through relevance)", firstPass));
    }
    return Explanation.match((float) breakdown.total(),
        "learned rerank score, sum of the weighted features:", details);
  }

  private static List<Explanation> evidence(ScoreBreakdown breakdown) {
    LearnedBoost boost = breakdown.boost();
    return List.of(
        Explanation.match(boost.evidence(),
            "evidence n: similarity-weighted examinations by similar past queries"),
        Explanation.match(boost.outcomeEvidence(),
            "outcome evidence: similarity-weighted successes + failures"),
        Explanation.match(boost.clickRate(), "click rate (0.5 without examinations)"),
        Explanation.match(boost.successRate(), "success rate (0.5 without outcomes)"),
        Explanation.match(breakdown.shrink(), "shrink n/(n+k)"));
  }

  private static void stage(List<Explanation> details, String name, StageScore stage) {
    if (stage != null) {
      details.add(Explanation.match(stage.score(),
          name + " stage score at rank " + stage.rank() + " (informational, not weighted)"));
    }
  }
}
