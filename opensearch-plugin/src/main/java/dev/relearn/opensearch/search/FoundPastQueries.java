package dev.relearn.opensearch.search;

import dev.relearn.lucene.feedback.FeedbackLookup;
import dev.relearn.lucene.feedback.PastQuery;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The past queries one search found, as the {@link FeedbackLookup} its rescorer asks once:
 * those at least {@code minSimilarity} similar, most similar first, at most {@code max} within
 * their sessions' event budget and, apart, at most {@code max} over it (as embedded looks up).
 *
 * @param found what the kNN searches of the past-queries index returned
 */
public record FoundPastQueries(List<PastQuery> found) implements FeedbackLookup {
  /** Copies the list. */
  public FoundPastQueries {
    found = List.copyOf(found);
  }

  @Override
  public List<PastQuery> similar(float[] queryVector, float minSimilarity, int max) {
    List<PastQuery> sorted = new ArrayList<>(found);
    sorted.sort(Comparator.comparingDouble((PastQuery query) -> -query.similarity()));
    List<PastQuery> out = new ArrayList<>();
    int within = 0;
    int over = 0;
    for (PastQuery query : sorted) {
      if (query.similarity() >= minSimilarity
          && (query.withinBudget() ? within++ : over++) < max) {
        out.add(query);
      }
    }
    return out;
  }
}
