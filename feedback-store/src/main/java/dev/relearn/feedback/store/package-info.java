/**
 * The feedback store: records events durably and keeps the learned fields, the similar-query
 * lookup and the events index consistent with the log, across crashes, forgetting and expiry.
 * {@link dev.relearn.feedback.store.FeedbackStore} is the writer's entry point; {@link
 * dev.relearn.feedback.store.ReadOnlyFeedback} is what a second, read-only process uses.
 */
package dev.relearn.feedback.store;
