/**
 * What feedback has taught, and how it reaches search.
 *
 * <ul>
 *   <li>{@link dev.relearn.feedback.learn.ChunkAggregates} holds the authoritative learned
 *       statistics per chunk, in memory, with exact per-session caps; it is recomputable from the
 *       event log and gives bit-identical results whatever the order of the events.
 *   <li>{@link dev.relearn.feedback.learn.LearnedFieldUpdater} mirrors them into the chunk index's
 *       doc-values-only learned fields, coalescing changes and applying them in batches.
 *   <li>{@link dev.relearn.feedback.learn.Overlay} makes strong signals visible to the very next
 *       search, before the doc values have been written and a new searcher opened.
 * </ul>
 */
package dev.relearn.feedback.learn;
