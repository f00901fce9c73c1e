package dev.relearn.lucene.rerank;

import dev.relearn.lucene.feedback.ChunkEvidence;
import dev.relearn.lucene.feedback.PastQuery;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The similar past queries one search uses, fetched once per query so that the ranking and its
 * explanations see the same evidence, and notes on anything left out (for the explanation).
 * Immutable.
 *
 * <p>{@link #boost} answers from boosts computed once, when the evidence is built, in one pass over
 * every chunk the past queries mention: a window of 100 candidates then costs 100 map lookups.
 * The result is exactly {@link BoostEstimator#estimate}'s, as each chunk's sums are taken over the
 * past queries in the same order.
 */
public final class FeedbackEvidence {
  /** No feedback, nothing to note. */
  public static final FeedbackEvidence NONE = new FeedbackEvidence(List.of(), List.of());

  private final List<PastQuery> pastQueries;
  private final List<String> notes;
  private final Map<String, LearnedBoost> boosts;

  /**
   * Evidence from {@code pastQueries} (most similar first), with {@code notes} on what was
   * ignored and why, e.g. a query vector with a NaN component. Copies both lists.
   */
  public FeedbackEvidence(List<PastQuery> pastQueries, List<String> notes) {
    this.pastQueries = List.copyOf(pastQueries);
    this.notes = List.copyOf(notes);
    this.boosts = boosts(this.pastQueries);
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
   * {@code chunkId}'s boost: {@link BoostEstimator#estimate} over the past queries ({@link
   * LearnedBoost#NONE} for a chunk none of them mentions, or a null id).
   */
  public LearnedBoost boost(String chunkId) {
    LearnedBoost boost = chunkId == null ? null : boosts.get(chunkId);
    return boost != null ? boost : LearnedBoost.NONE;
  }

  /** The chunks whose boost has evidence: those similar past queries vouch for. */
  Set<String> vouchedChunks() {
    Set<String> vouched = HashSet.newHashSet(boosts.size());
    boosts.forEach((chunkId, boost) -> {
      if (boost.evidence() > 0) {
        vouched.add(chunkId);
      }
    });
    return vouched;
  }

  private static Map<String, LearnedBoost> boosts(List<PastQuery> pastQueries) {
    Map<String, BoostEstimator.Sums> sums = new HashMap<>();
    for (PastQuery query : pastQueries) { // one pass over every mention, queries in order
      double weight = BoostEstimator.weight(query.similarity());
      for (Map.Entry<String, ChunkEvidence> chunk : query.chunks().entrySet()) {
        sums.computeIfAbsent(chunk.getKey(), id -> new BoostEstimator.Sums())
            .add(weight, chunk.getValue());
      }
    }
    Map<String, LearnedBoost> boosts = HashMap.newHashMap(sums.size());
    sums.forEach((chunkId, chunkSums) -> boosts.put(chunkId, chunkSums.boost()));
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
