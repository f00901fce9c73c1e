package dev.relearn.lucene.rerank;

import dev.relearn.lucene.schema.LearnedValues;
import dev.relearn.lucene.fusion.StageScore;
import dev.relearn.lucene.schema.Require;
import java.util.Objects;

/**
 * One first-stage hit with what the index knows about it: the input of {@link FeatureExtractor}.
 * Building one needs no index, so features can be recomputed offline from logged values.
 *
 * @param doc the Lucene doc id in the searcher's reader
 * @param position 0-based position in the first stage's list (the tie-breaker)
 * @param firstStageScore the first-stage (fused) score; may be NaN or infinite, which the
 *     extractor neutralises and notes
 * @param bm25 the BM25 stage's score and rank, or null when unknown or absent
 * @param vector the vector stage's score and rank, or null when unknown or absent
 * @param chunkId the chunk id, or null when the document has none (then no feedback applies)
 * @param path the chunk's path, or null when unknown
 * @param kind the chunk's kind label as stored, or null when unknown
 * @param learned the chunk's learned values ({@link LearnedValues#NEUTRAL} when unused)
 */
public record Candidate(int doc, int position, double firstStageScore, StageScore bm25,
    StageScore vector, String chunkId, String path, String kind, LearnedValues learned) {
  /** Rejects a negative doc or position and missing learned values. */
  public Candidate {
    Require.nonNegative("doc", doc);
    Require.nonNegative("position", position);
    Objects.requireNonNull(learned, "learned");
  }

  /** A candidate known only by its first-stage score and learned values. */
  public static Candidate of(int doc, int position, double firstStageScore, String chunkId,
      LearnedValues learned) {
    return new Candidate(doc, position, firstStageScore, null, null, chunkId, null, null, learned);
  }
}
