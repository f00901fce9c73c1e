package dev.relearn.feedback.store;

import dev.relearn.feedback.index.FeedbackStats;
import dev.relearn.feedback.log.ReplayReport;

/**
 * What the store holds.
 *
 * @param clusters the feedback index's counts: clusters, events by signal class and outcome,
 *     positive rate
 * @param ledgerEvents events recorded (what the learned fields are computed from)
 * @param learnedChunks chunks with learned values
 * @param pendingUpdates learned-field updates not yet written as doc values
 * @param recovery what the last open found in the event log (replayed records, damage)
 */
public record StoreStats(FeedbackStats clusters, long ledgerEvents, int learnedChunks,
    int pendingUpdates, ReplayReport recovery) {}
