package dev.relearn.lucene.rerank;

import dev.relearn.lucene.feedback.ChunkEvidence;
import dev.relearn.lucene.feedback.FeedbackLookup;
import dev.relearn.lucene.feedback.PastQuery;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The similar past queries one search uses, fetched once per query so that the ranking and its
 * explanations see the same evidence, and notes on anything left out (for the explanation).
 * Immutable.
 *
 * <p>{@link #boost} answers from boosts computed once, when the evidence is built, in one pass over
 * every chunk the past queries mention: a window of 100 candidates then costs 100 map lookups.
 * Each chunk's sums ({@link BoostEstimator}) are taken over the past queries in their order, so
 * the result is exactly what summing that chunk alone would give.
 */
public final class FeedbackEvidence {
  /** No feedback, nothing to note. */
  public static final FeedbackEvidence NONE =
      new FeedbackEvidence(List.of(), List.of(), VoteWeighting.DEFAULT);

  private final List<PastQuery> pastQueries;
  private final List<String> notes;
  private final Map<String, LearnedBoost> boosts;
  private final FeedbackEvidence withinBudget;

  /**
   * Evidence from {@code pastQueries} (most similar first), with {@code notes} on what was
   * ignored and why, e.g. a query vector with a NaN component, weighed by {@code weighting}.
   * Copies both lists.
   */
  public FeedbackEvidence(List<PastQuery> pastQueries, List<String> notes,
      VoteWeighting weighting) {
    this.pastQueries = List.copyOf(pastQueries);
    this.notes = List.copyOf(notes);
    this.boosts = boosts(this.pastQueries, weighting);
    List<PastQuery> full = this.pastQueries.stream().filter(PastQuery::withinBudget).toList();
    this.withinBudget = full.size() == this.pastQueries.size() ? this
        : new FeedbackEvidence(full, this.notes, weighting);
  }

  /**
   * This evidence without the past queries of sessions over their event budget ({@link
   * PastQuery#share} below 1): itself when there are none.
   */
  public FeedbackEvidence withinBudget() {
    return withinBudget;
  }

  /**
   * The past queries {@code lookup} finds at least {@code min} similar to {@code queryVector}, at
   * most {@code max} of the most similar, checked: a null or non-finite vector gives none and a
   * note saying why; past queries below {@code min} are dropped (and noted) even if the lookup
   * returned them.
   *
   * @throws NullPointerException if the lookup returns null or a null past query
   */
  static FeedbackEvidence lookUp(FeedbackLookup lookup, float[] queryVector, float min,
      int max, VoteWeighting weighting) throws IOException {
    if (queryVector == null) {
      return new FeedbackEvidence(List.of(), List.of("no query vector: learned boost not used"),
          weighting);
    }
    for (int i = 0; i < queryVector.length; i++) {
      if (!Float.isFinite(queryVector[i])) {
        return new FeedbackEvidence(List.of(), List.of("query vector component " + i + " is "
            + queryVector[i] + ": similarities would be NaN, so feedback was ignored"), weighting);
      }
    }
    List<PastQuery> found = Objects.requireNonNull(
        lookup.similar(queryVector.clone(), min, max), "FeedbackLookup.similar returned null");
    List<PastQuery> kept = new ArrayList<>(found.size());
    for (PastQuery query : found) {
      if (query == null) {
        throw new NullPointerException("FeedbackLookup.similar returned a null past query");
      }
      if (query.similarity() >= min) {
        kept.add(query);
      }
    }
    List<String> notes = new ArrayList<>();
    if (kept.size() < found.size()) {
      notes.add("ignored " + (found.size() - kept.size())
          + " past queries below the similarity threshold " + min);
    }
    kept.sort(Comparator.comparingDouble(PastQuery::similarity).reversed());
    List<PastQuery> used = new ArrayList<>(Math.min(kept.size(), 2 * max));
    int within = 0;
    int over = 0;
    for (PastQuery query : kept) { // over-budget sessions never push the others out
      if (query.withinBudget() ? within++ < max : over++ < max) {
        used.add(query);
      }
    }
    if (used.size() < kept.size()) {
      notes.add("ignored " + (kept.size() - used.size()) + " past queries beyond the " + max
          + " most similar");
    }
    return new FeedbackEvidence(used, notes, weighting);
  }

  /** The similar past queries, most similar first. */
  public List<PastQuery> pastQueries() {
    return pastQueries;
  }

  /** What was ignored and why. */
  public List<String> notes() {
    return notes;
  }

  /**
   * {@code chunkId}'s boost over the past queries ({@link LearnedBoost#NONE} for a chunk none of
   * them mentions, or a null id).
   */
  public LearnedBoost boost(String chunkId) {
    return chunkId == null ? LearnedBoost.NONE : boosts.getOrDefault(chunkId, LearnedBoost.NONE);
  }

  /** Every mentioned chunk's boost, its sums taken in one pass over the mentions. */
  private static Map<String, LearnedBoost> boosts(List<PastQuery> pastQueries,
      VoteWeighting weighting) {
    Map<String, BoostEstimator.Sums> sums = new HashMap<>();
    for (PastQuery query : pastQueries) { // one pass over every mention, queries in order
      double weight = BoostEstimator.weight(query, weighting);
      for (Map.Entry<String, ChunkEvidence> chunk : query.chunks().entrySet()) {
        sums.computeIfAbsent(chunk.getKey(),
            id -> new BoostEstimator.Sums(weighting.failedClickWeight()))
            .add(weight, chunk.getValue(), query.sessions(), query.share());
      }
    }
    Map<String, LearnedBoost> boosts = new HashMap<>(sums.size());
    sums.forEach((chunkId, chunk) -> boosts.put(chunkId, chunk.boost()));
    return boosts;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof FeedbackEvidence that && pastQueries.equals(that.pastQueries)
        && notes.equals(that.notes);
  }

  @Override
  public int hashCode() {
    return 31 * pastQueries.hashCode() + notes.hashCode();
  }

  @Override
  public String toString() {
    return "FeedbackEvidence[pastQueries=" + pastQueries + ", notes=" + notes + "]";
  }
}
