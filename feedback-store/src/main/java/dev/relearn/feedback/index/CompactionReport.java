package dev.relearn.feedback.index;

/** What {@link FeedbackIndex#compact()} did: the clusters before and after it. */
public record CompactionReport(int before, int after) {
  /** Rejects negative counts or a compaction that grew the index. */
  public CompactionReport {
    if (after < 0 || before < after) {
      throw new IllegalArgumentException(
          "need before >= after >= 0, got: before=" + before + ", after=" + after);
    }
  }

  /** How many clusters were merged away. */
  public int merged() {
    return before - after;
  }

  /** Exactly {@code "compacted N → M"}. */
  @Override
  public String toString() {
    return "compacted " + before + " → " + after;
  }
}
