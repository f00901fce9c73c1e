package dev.relearn.opensearch.search;

import dev.relearn.lucene.feedback.FeedbackLookup;
import dev.relearn.lucene.feedback.PastQuery;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The past queries one search found, as the {@link FeedbackLookup} its rescorer asks once:
 * those at least {@code minSimilarity} similar, most similar first, at most {@code max}.
 *
 * @param found what the kNN search of the past-queries index returned
 */
public record FoundPastQueries(List<PastQuery> found) implements FeedbackLookup {
  /** Copies the list. */
  public FoundPastQueries {
    found = List.copyOf(found);
  }

  @Override
  public List<PastQuery> similar(float[] queryVector, float minSimilarity, int max) {
    List<PastQuery> out = new ArrayList<>();
    for (PastQuery query : found) {
      if (query.similarity() >= minSimilarity) {
        out.add(query);
      }
    }
    out.sort(Comparator.comparingDouble((PastQuery query) -> -query.similarity()));
    return out.subList(0, Math.min(max, out.size()));
  }
}
