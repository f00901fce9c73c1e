package dev.relearn.feedback.index;

import java.util.Objects;

/** What {@link FeedbackIndex#add} did with an event, and the cluster that holds it now. */
public record AddResult(Status status, String clusterId) {
  /** The three outcomes of an add. */
  public enum Status {
    /** A new cluster was created for the event. */
    ADDED,
    /** The event was merged into an existing near-duplicate cluster of its session. */
    MERGED,
    /** The event id was already present; nothing changed. */
    DUPLICATE
  }

  /** Rejects a missing status or a blank cluster id. */
  public AddResult {
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(clusterId, "clusterId");
    if (clusterId.isBlank()) {
      throw new IllegalArgumentException("cluster id must not be blank");
    }
  }
}
