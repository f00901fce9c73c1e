/**
 * The events index: one Lucene index, in its own folder, of every recorded feedback event (its
 * query vector and what it taught) and of chunk renames and compaction merges ({@link
 * dev.relearn.feedback.index.FeedbackIndex}). Everything lookups and statistics read is derived
 * from it in memory ({@link dev.relearn.feedback.index.RecordedEvents}): the query {@link
 * dev.relearn.feedback.index.Cluster clusters}, each at first one event, then every near-duplicate
 * query of the same session merged into it (and, after {@link
 * dev.relearn.feedback.index.FeedbackIndex#compact() compaction}, near-identical queries of other
 * sessions). The writer's index and a read-only process's last commit derive it alike.
 *
 * <p>Privacy: no query text exists here, only vectors, and vectors are never logged nor put in
 * any message or {@code toString()}.
 */
package dev.relearn.feedback.index;
