package dev.relearn.lucene.rerank;

import dev.relearn.lucene.schema.Require;
import java.util.Comparator;
import java.util.Objects;
import org.apache.lucene.search.Explanation;

/**
 * One candidate after re-ranking.
 *
 * @param doc the Lucene doc id in the searcher's reader
 * @param chunkId the chunk id, or null when the document has none
 * @param firstStagePosition 0-based position in the first stage's list
 * @param score the re-ranked score, finite; higher is better
 * @param features the features it was scored from
 * @param limit what {@link PlaceLimit} took from the features' score, as an explanation valued
 *     at the change; null when the score is the features' score
 */
public record RescoredHit(int doc, String chunkId, int firstStagePosition, double score,
    CandidateFeatures features, Explanation limit) {
  /**
   * The ranking order: score descending, then first-stage position ascending, so that equal
   * scores keep the first stage's order. {@code +0.0} and {@code −0.0} are equal here.
   */
  public static final Comparator<RescoredHit> RANKING = (a, b) -> {
    if (a.score > b.score) {
      return -1;
    }
    if (a.score < b.score) {
      return 1;
    }
    return Integer.compare(a.firstStagePosition, b.firstStagePosition);
  };

  /** Rejects a non-finite score, a negative doc or position, and missing features. */
  public RescoredHit {
    Require.nonNegative("doc", doc);
    Require.nonNegative("firstStagePosition", firstStagePosition);
    if (!Double.isFinite(score)) {
      throw new IllegalArgumentException("score must be finite, got: " + score + " for doc " + doc);
    }
    Objects.requireNonNull(features, "features");
  }
}
