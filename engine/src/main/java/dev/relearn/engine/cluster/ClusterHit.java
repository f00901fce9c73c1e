package dev.relearn.engine.cluster;

import dev.relearn.lucene.fusion.StageScore;
import java.util.Objects;
import org.apache.lucene.search.Explanation;

/**
 * One hit of a search on a cluster.
 *
 * @param chunkId the chunk's id
 * @param score the learned score it was ranked by
 * @param bm25 the BM25 stage's score and rank, or null if BM25 did not return it
 * @param vector the vector stage's score and rank, or null if kNN did not return it
 * @param explanation the learned score explained, or null when not asked for
 */
public record ClusterHit(String chunkId, double score, StageScore bm25, StageScore vector,
    Explanation explanation) {
  /** Requires the id. */
  public ClusterHit {
    Objects.requireNonNull(chunkId, "chunkId");
  }
}
