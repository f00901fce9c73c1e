package dev.relearn.lucene.rerank;

import dev.relearn.lucene.schema.Require;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.lucene.search.Explanation;

/**
 * One window re-ranked by a {@link LearnedRescorer}: every candidate, ranked, with the features
 * it was scored from, the window statistics those features were normalised with, and the model
 * that scored them. A value: immutable, safe to keep and to share across threads, and enough to
 * explain any of its hits later with exactly the score it was ranked with.
 *
 * @param hits every candidate of the window, in {@link RescoredHit#RANKING} order
 * @param stats the window's statistics (score ranges, most uses)
 * @param model the model that scored the hits
 */
public record RerankWindow(List<RescoredHit> hits, WindowStats stats, LinearModel model) {
  /** Copies the hits and checks that they are in ranking order. */
  public RerankWindow {
    hits = List.copyOf(hits);
    Objects.requireNonNull(stats, "stats");
    Objects.requireNonNull(model, "model");
    for (int i = 1; i < hits.size(); i++) {
      if (RescoredHit.RANKING.compare(hits.get(i - 1), hits.get(i)) > 0) {
        throw new IllegalArgumentException("hits must be in ranking order, got hit " + i
            + " (doc " + hits.get(i).doc() + ") ranked above its predecessor");
      }
    }
  }

  /** The best {@code topN} hits. */
  public List<RescoredHit> top(int topN) {
    Require.atLeastOne("topN", topN);
    return hits.subList(0, Math.min(topN, hits.size()));
  }

  private Explanation explain(RescoredHit hit) {
    Explanation scored = model.explain(hit.features());
    if (hit.limit() == null) {
      return scored;
    }
    List<Explanation> details = new ArrayList<>(List.of(scored.getDetails()));
    details.add(hit.limit());
    return Explanation.match(Double.valueOf(hit.score()), scored.getDescription(), details);
  }

  /**
   * {@link LinearModel#explain} of {@code doc}'s features (its best copy when the window holds
   * duplicates): the explanation's value is exactly the score it was ranked with.
   *
   * @throws IllegalArgumentException if {@code doc} is not in the window
   */
  public Explanation explain(int doc) {
    for (RescoredHit hit : hits) {
      if (hit.doc() == doc) {
        return explain(hit);
      }
    }
    throw new IllegalArgumentException("doc " + doc + " is not in the window");
  }
}
