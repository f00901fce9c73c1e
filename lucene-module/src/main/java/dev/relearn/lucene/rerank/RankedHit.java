package dev.relearn.lucene.rerank;

/**
 * One candidate's place after re-ranking, without the features it was scored from: what {@link
 * LearnedRescorer#rerankOrder} returns when a caller needs only the order, as a search that
 * explains nothing does.
 *
 * @param doc the Lucene doc id in the searcher's reader
 * @param firstStagePosition 0-based position in the first stage's list
 * @param score the re-ranked score, finite; higher is better
 */
public record RankedHit(int doc, int firstStagePosition, double score) {
  /** Rejects a non-finite score and a negative doc or position. */
  public RankedHit {
    requireValid(doc, firstStagePosition, score);
  }

  /** The checks of a hit's place, shared with {@link RescoredHit}. */
  static void requireValid(int doc, int firstStagePosition, double score) {
    if (doc < 0) {
      throw new IllegalArgumentException("doc must be >= 0, got: " + doc);
    }
    if (firstStagePosition < 0) {
      throw new IllegalArgumentException(
          "firstStagePosition must be >= 0, got: " + firstStagePosition);
    }
    if (!Double.isFinite(score)) {
      throw new IllegalArgumentException("score must be finite, got: " + score + " for doc " + doc);
    }
  }

  /** The place of {@code hit}, without its features. */
  public static RankedHit of(RescoredHit hit) {
    return new RankedHit(hit.doc(), hit.firstStagePosition(), hit.score());
  }
}
