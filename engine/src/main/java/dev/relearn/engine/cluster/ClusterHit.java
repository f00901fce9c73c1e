package dev.relearn.engine.cluster;

import dev.relearn.lucene.fusion.StageScore;
import java.util.Objects;
import org.apache.lucene.search.Explanation;

/**
 * One hit of a search on a cluster: its learned score, each stage's score and rank (null if that
 * stage did not return it), and the score's explanation (null when not asked for).
 */
public record ClusterHit(String chunkId, double score, StageScore bm25, StageScore vector,
    Explanation explanation) {
  /** Requires the id. */
  public ClusterHit {
    Objects.requireNonNull(chunkId, "chunkId");
  }
}
