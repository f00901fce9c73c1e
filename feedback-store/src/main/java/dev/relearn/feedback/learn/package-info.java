/**
 * What feedback has taught, and how it reaches search: {@link
 * dev.relearn.feedback.learn.ChunkAggregates} holds the learned statistics per chunk in memory (the
 * engine's searches read them, so a new event counts in the very next search); {@link
 * dev.relearn.feedback.learn.LearnedFieldUpdater} mirrors them into the chunk index's doc values.
 */
package dev.relearn.feedback.learn;
