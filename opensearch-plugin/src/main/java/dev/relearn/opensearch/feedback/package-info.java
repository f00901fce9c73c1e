/**
 * Feedback on a cluster: {@code POST /_relearn/feedback}, where {@link
 * dev.relearn.opensearch.feedback.TransportFeedbackEventAction} records each event once, by its
 * id, in the system index {@value dev.relearn.opensearch.feedback.FeedbackEvents#INDEX}; and the
 * elected cluster-manager's {@link dev.relearn.opensearch.feedback.Learner}, which derives the
 * past queries, learned values and trust from those events ({@link
 * dev.relearn.opensearch.feedback.EventLearning}, {@link
 * dev.relearn.opensearch.feedback.TrustFitting}; those it can never learn are marked skipped,
 * {@link dev.relearn.opensearch.feedback.BadEvents}) and forgets them ({@code POST /_relearn/learn},
 * {@code POST /_relearn/forget}).
 */
package dev.relearn.opensearch.feedback;
