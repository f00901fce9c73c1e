/**
 * The contract between ranking and learning: {@link dev.relearn.lucene.feedback.FeedbackLookup}
 * returns what similar past queries taught, as {@link dev.relearn.lucene.feedback.PastQuery}
 * records. relearn's feedback store implements it; another application can implement it over its
 * own records of what users chose.
 */
package dev.relearn.lucene.feedback;
