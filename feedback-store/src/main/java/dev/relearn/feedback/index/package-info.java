/**
 * The feedback index: a Lucene index, in its own folder, of query vectors and what they taught.
 *
 * <p>A document is one query {@link dev.relearn.feedback.index.Cluster cluster}: at first one
 * feedback event, later every near-duplicate query of the same session merged into it (and, after
 * {@link dev.relearn.feedback.index.FeedbackIndex#compact() compaction}, near-identical queries of
 * other sessions). {@link dev.relearn.feedback.index.FeedbackIndex} implements the re-ranker's
 * {@link dev.relearn.lucene.feedback.FeedbackLookup}. {@link
 * dev.relearn.feedback.index.FeedbackFields} names every field. {@link
 * dev.relearn.feedback.index.ClusterReader} offers the same lookups, read-only, over the last
 * commit of an index another process writes.
 *
 * <p>Privacy: no query text exists here, only vectors, and vectors are never logged nor put in
 * any message or {@code toString()}.
 */
package dev.relearn.feedback.index;
