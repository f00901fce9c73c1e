package dev.relearn.engine.cluster;

import java.util.Objects;

/**
 * One hit of a search on a cluster.
 *
 * @param chunkId the chunk's id
 * @param score the learned score it was ranked by
 */
public record ClusterHit(String chunkId, double score) {
  /** Requires the id. */
  public ClusterHit {
    Objects.requireNonNull(chunkId, "chunkId");
  }
}
