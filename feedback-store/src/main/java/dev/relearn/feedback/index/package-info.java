/**
 * The events index ({@link dev.relearn.feedback.index.FeedbackIndex}) and what is derived from it
 * in memory ({@link dev.relearn.feedback.index.RecordedEvents}): the query {@link
 * dev.relearn.feedback.index.Cluster clusters}, each a session's near-duplicate queries merged
 * (after compaction, other sessions' too). Privacy: no query text exists here, only vectors, never
 * logged nor put in any message or {@code toString()}.
 */
package dev.relearn.feedback.index;
