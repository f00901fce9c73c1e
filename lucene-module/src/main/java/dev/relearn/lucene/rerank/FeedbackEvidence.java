package dev.relearn.lucene.rerank;

import dev.relearn.lucene.feedback.PastQuery;
import java.util.List;

/**
 * The similar past queries one search uses, fetched once per query so that the ranking and its
 * explanations see the same evidence, and notes on anything left out (for the explanation).
 *
 * @param pastQueries similar past queries, most similar first
 * @param notes what was ignored and why, e.g. a query vector with a NaN component
 */
public record FeedbackEvidence(List<PastQuery> pastQueries, List<String> notes) {
  /** No feedback, nothing to note. */
  public static final FeedbackEvidence NONE = new FeedbackEvidence(List.of(), List.of());

  /** Copies both lists. */
  public FeedbackEvidence {
    pastQueries = List.copyOf(pastQueries);
    notes = List.copyOf(notes);
  }
}
