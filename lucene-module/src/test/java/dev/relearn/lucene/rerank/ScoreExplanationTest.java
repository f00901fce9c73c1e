package dev.relearn.lucene.rerank;

import static dev.relearn.lucene.rerank.Explained.feature;
import static dev.relearn.lucene.rerank.Explained.total;
import static dev.relearn.lucene.rerank.LinearModelTest.randomFeatures;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.apache.lucene.search.Explanation;
import org.junit.jupiter.api.Test;

/** {@link LinearModel#explain}'s Lucene {@link Explanation}: exact, in order, readable. */
class ScoreExplanationTest {
  private static final LinearModel MODEL = LinearModel.DEFAULT;

  @Test
  void explanationTotalEqualsScoreExactly() {
    Random random = new Random(42L);
    for (int i = 0; i < 2_000; i++) {
      CandidateFeatures features = randomFeatures(random);
      Explanation explanation = MODEL.explain(features);
      double score = MODEL.score(features);
      assertEquals(Double.doubleToLongBits(score), Double.doubleToLongBits(total(explanation)));
      Explanation[] details = explanation.getDetails();
      double[] x = MODEL.featureValues(features);
      double sum = 0;
      for (Feature feature : Feature.values()) {
        Explanation detail = details[feature.ordinal()];
        assertEquals(feature(explanation, feature.label()), detail, "in Feature order");
        assertTrue(detail.getDescription().contains(" × weight "
            + ScoreExplanation.num(MODEL.weight(feature))), detail.getDescription());
        if (feature != Feature.BOOST) {
          assertEquals(MODEL.weight(feature) * x[feature.ordinal()],
              detail.getValue().doubleValue(), 0.0, feature.label());
        }
        sum += detail.getValue().doubleValue();
      }
      assertEquals(Double.doubleToLongBits(score), Double.doubleToLongBits(sum),
          "the features' details sum, in order, to the value");
      assertEquals(features.boost().evidence(), feature(explanation, "boost").getDetails()[0]
          .getValue().doubleValue(), "the evidence n behind the boost");
    }
  }

  @Test
  void notesOnWhatWasNeutralisedAreDetailsValuedZero() {
    CandidateFeatures features = new CandidateFeatures(1, 0.5, null, null, 0, 0,
        LearnedBoost.NONE, 0, 0, 0, 0, List.of("first-stage score was NaN"));
    Explanation explanation = MODEL.explain(features);
    Explanation note = explanation.getDetails()[Feature.COUNT];
    assertEquals("neutralised: first-stage score was NaN", note.getDescription());
    assertEquals(0.0, note.getValue().doubleValue());
    assertEquals(Feature.COUNT + 1, explanation.getDetails().length);
  }
}
