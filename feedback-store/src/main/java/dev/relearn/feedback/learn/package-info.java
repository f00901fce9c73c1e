/**
 * What feedback has taught, and how it reaches search.
 *
 * <ul>
 *   <li>{@link dev.relearn.feedback.learn.ChunkAggregates} holds the authoritative learned
 *       statistics per chunk, in memory, with exact per-session caps (one {@code ChunkLedger} per
 *       chunk); it is recomputable from the recorded events and gives bit-identical results
 *       whatever their order.
 *   <li>{@code SegmentLedgers} serves those values by segment document: the engine's searches
 *       read them there, so a new event counts in the very next search.
 *   <li>{@link dev.relearn.feedback.learn.LearnedFieldUpdater} mirrors them into the chunk index's
 *       doc-values-only learned fields, coalescing changes and applying them in batches: readers of
 *       the doc values (such as a plain {@code LearnedRescorer}) see a change after its flush.
 * </ul>
 */
package dev.relearn.feedback.learn;
