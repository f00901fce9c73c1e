/**
 * The contract between ranking and learning: {@link dev.relearn.lucene.feedback.FeedbackLookup}
 * returns what similar past queries taught, as {@link dev.relearn.lucene.feedback.PastQuery}
 * records. The feedback store implements it.
 */
package dev.relearn.lucene.feedback;
