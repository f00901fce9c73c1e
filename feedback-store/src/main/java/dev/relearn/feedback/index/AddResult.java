package dev.relearn.feedback.index;

/** What {@link FeedbackIndex#add} did with an event. */
public enum AddResult {
  /** A new cluster was created for the event. */
  ADDED,
  /** The event was merged into an existing near-duplicate cluster of its session. */
  MERGED,
  /** The event id was already present; nothing changed. */
  DUPLICATE
}
