package dev.relearn.lucene.rerank;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link RerankWindow}: a ranked, immutable window that explains its hits exactly. */
class RerankWindowTest {
  private static final WindowStats STATS = new WindowStats(0, 1, 0, 2);

  private static RescoredHit hit(int doc, int position, double relevance) {
    CandidateFeatures features = CandidateFeatures.neutral(relevance, relevance);
    return new RescoredHit(doc, null, position, LinearModel.DEFAULT.score(features), features,
        null);
  }

  @Test
  void keepsACopyInRankingOrderAndExplainsEachHitWithItsScore() {
    List<RescoredHit> hits = new ArrayList<>(List.of(hit(7, 1, 1), hit(3, 0, 0.25)));
    RerankWindow window = new RerankWindow(hits, STATS, LinearModel.DEFAULT);
    hits.clear();
    assertEquals(2, window.hits().size(), "a copy");
    assertThrows(UnsupportedOperationException.class, () -> window.hits().clear());
    assertEquals(List.of(window.hits().get(0)), window.top(1));
    assertEquals(window.hits(), window.top(10));
    for (RescoredHit hit : window.hits()) {
      assertEquals(Double.doubleToLongBits(hit.score()),
          Double.doubleToLongBits(window.explain(hit.doc()).getValue().doubleValue()));
    }
  }

  @Test
  void rejectsHitsOutOfOrderABadTopNAndAnUnknownDoc() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new RerankWindow(List.of(hit(3, 0, 0.25), hit(7, 1, 1)), STATS,
            LinearModel.DEFAULT));
    assertEquals("hits must be in ranking order, got hit 1 (doc 7) ranked above its predecessor",
        e.getMessage());
    RerankWindow window = new RerankWindow(List.of(hit(7, 1, 1)), STATS, LinearModel.DEFAULT);
    assertEquals("topN must be at least 1, got: 0",
        assertThrows(IllegalArgumentException.class, () -> window.top(0)).getMessage());
    assertEquals("doc 3 is not in the window",
        assertThrows(IllegalArgumentException.class, () -> window.explain(3)).getMessage());
  }
}
