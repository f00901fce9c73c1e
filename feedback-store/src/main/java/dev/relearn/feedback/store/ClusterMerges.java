package dev.relearn.feedback.store;

import dev.relearn.feedback.index.FeedbackIndex;
import java.io.IOException;

/**
 * Merges the store's cluster index into one segment, so that lookups walk one HNSW graph instead
 * of one per segment: on request ({@link FeedbackStore#mergeClusters()}), or by {@link
 * Maintenance} once no feedback arrived since its previous look. A merge marks the store changed:
 * the next checkpoint commits it. The idle look's memory belongs to the maintenance thread.
 */
final class ClusterMerges {
  private final FeedbackIndex index;
  private final Checkpointer checkpointer;
  private long writesAtLastIdleCheck = -1; // the maintenance thread's

  ClusterMerges(FeedbackIndex index, Checkpointer checkpointer) {
    this.index = index;
    this.checkpointer = checkpointer;
  }

  /** Merges when no feedback arrived since the previous call (the maintenance thread's). */
  void mergeWhenIdle() throws IOException {
    long writes = index.writes();
    long seen = writesAtLastIdleCheck;
    writesAtLastIdleCheck = writes;
    if (writes == seen && index.mergeIfUnchangedSince(writes)) {
      checkpointer.changed();
    }
  }

  /** Merges now; returns whether there was more than one segment to merge. */
  boolean mergeNow() throws IOException {
    if (index.mergeIfUnchangedSince(index.writes())) {
      checkpointer.changed();
      return true;
    }
    return false;
  }
}
