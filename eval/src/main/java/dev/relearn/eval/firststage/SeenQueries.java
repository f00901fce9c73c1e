package dev.relearn.eval.firststage;

import static dev.relearn.eval.metrics.Plural.count;

import dev.relearn.engine.Relearn;
import dev.relearn.feedback.store.FeedbackStore;
import dev.relearn.lucene.embed.Embedder;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * The queries scored that an index's feedback was recorded from: those with a past query at least
 * {@value #SIMILARITY} similar in its feedback store. The same text is 1 (protected vectors too,
 * to 5 decimals); another query is below, even a near copy (scifact's "AMPK activation increases
 * ..." and its train twin "... reduces ..." are 0.982). {@code relearn eval learn --scenario
 * repeated} and {@code attack} leave such feedback, so a learned figure over them is not held out.
 */
public final class SeenQueries {
  /** The least similarity of a past query to a scored one for it to count as that query. */
  public static final float SIMILARITY = 0.995f;

  private SeenQueries() {}

  /**
   * The ids of {@code ids} (texts from {@code texts}) that {@code relearn}'s feedback was recorded
   * from, in the order of {@code ids}; empty at once when it has no feedback.
   */
  public static List<String> of(Relearn relearn, Map<String, String> texts,
      Collection<String> ids) throws IOException {
    FeedbackStore store = relearn.feedbackStore();
    List<String> seen = new ArrayList<>();
    if (!store.hasFeedback()) {
      return seen;
    }
    Embedder embedder = relearn.embedder();
    for (String id : ids) {
      String text = texts.get(id); // null for a judged query without text: not searched either
      if (text != null && !store.similar(embedder.embedQuery(text), SIMILARITY, 1).isEmpty()) {
        seen.add(id);
      }
    }
    return seen;
  }

  /** The note that {@code seen} of {@code scored} queries had feedback, and how to score clean. */
  public static String note(int seen, int scored) {
    return seen + " of the " + count(scored, "query", "queries") + " scored had feedback recorded"
        + " from them in this index (eval learn --scenario repeated or attack leaves such"
        + " feedback), so this learned figure is not held out: relearn eval learn, whose default"
        + " scenario forgets all feedback first and trains on other queries, gives one that is;"
        + " --mode hybrid ignores feedback";
  }
}
