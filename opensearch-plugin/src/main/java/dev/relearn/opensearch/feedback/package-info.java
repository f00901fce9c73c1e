/**
 * Feedback on a cluster, {@code POST /_relearn/feedback}: {@link
 * dev.relearn.opensearch.feedback.TransportFeedbackEventAction} records each event once, by its
 * id, in the system index {@value dev.relearn.opensearch.feedback.FeedbackEvents#INDEX}.
 */
package dev.relearn.opensearch.feedback;
