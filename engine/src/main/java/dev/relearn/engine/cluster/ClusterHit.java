package dev.relearn.engine.cluster;

import dev.relearn.lucene.fusion.StageScore;
import dev.relearn.lucene.schema.LearnedValues;
import java.util.Objects;
import org.apache.lucene.search.Explanation;

/**
 * One hit of a search on a cluster: its learned score, each stage's score and rank (null if that
 * stage did not return it), the score's explanation and each signal's contribution (bm25,
 * vector, learned) to it (null when not asked for), and its learned values (neutral when none).
 */
public record ClusterHit(String chunkId, double score, StageScore bm25, StageScore vector,
    Explanation explanation, double[] contributions, LearnedValues learned) {
  /** Requires the id; no learned values are neutral ones. */
  public ClusterHit {
    Objects.requireNonNull(chunkId, "chunkId");
    learned = learned == null ? LearnedValues.NEUTRAL : learned;
  }
}
