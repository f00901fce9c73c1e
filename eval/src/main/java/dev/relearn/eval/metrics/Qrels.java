package dev.relearn.eval.metrics;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Relevance judgments: for each query id, the judged doc ids and their integer grades. Immutable.
 *
 * <p>A document is relevant when its grade is at least {@link #RELEVANCE_LEVEL} (trec_eval's
 * default {@code relevance_level} of 1). Grades of 0 or below are judged non-relevant; documents
 * without a judgment count as non-relevant too.
 */
public final class Qrels {
  /** The lowest grade that counts as relevant. */
  public static final int RELEVANCE_LEVEL = 1;

  private final Map<String, Map<String, Integer>> judgments;
  private final int repeated;

  private Qrels(Map<String, Map<String, Integer>> judgments, int repeated) {
    this.judgments = judgments;
    this.repeated = repeated;
  }

  /** A builder that collects judgments one pair at a time. */
  public static Builder builder() {
    return new Builder();
  }

  /** Whether {@code grade} counts as relevant. */
  public static boolean isRelevant(int grade) {
    return grade >= RELEVANCE_LEVEL;
  }

  /** Every judged query id, relevant documents or not, in insertion order. */
  public Set<String> queryIds() {
    return judgments.keySet();
  }

  /** The query ids that have at least one relevant document, in insertion order. */
  public Set<String> queryIdsWithRelevant() {
    Set<String> ids = new LinkedHashSet<>(judgments.keySet());
    ids.removeIf(queryId -> relevantCount(queryId) == 0);
    return Collections.unmodifiableSet(ids);
  }

  /** The judged docs of {@code queryId} and their grades; empty when the query is not judged. */
  public Map<String, Integer> judgments(String queryId) {
    return judgments.getOrDefault(queryId, Map.of());
  }

  /** The grade of {@code docId} for {@code queryId}, or 0 when it is not judged. */
  public int grade(String queryId, String docId) {
    return judgments(queryId).getOrDefault(docId, 0);
  }

  /** How many judged docs of {@code queryId} are relevant. */
  public int relevantCount(String queryId) {
    return (int) judgments(queryId).values().stream().filter(Qrels::isRelevant).count();
  }

  /** The number of judged (query, doc) pairs. */
  public int judgmentCount() {
    return judgments.values().stream().mapToInt(Map::size).sum();
  }

  /**
   * How many added judgments named a (query, doc) pair judged before (kept at the highest grade);
   * trec_eval refuses a qrels file with any ("duplicate docs").
   */
  public int repeatedJudgments() {
    return repeated;
  }

  @Override
  public String toString() {
    return "Qrels[" + judgments.size() + " queries, " + judgmentCount() + " judgments]";
  }

  /**
   * Collects judgments for {@link Qrels}; not thread-safe. A pair added twice keeps the higher
   * grade, so repeated lines with the same grade collapse into one.
   */
  public static final class Builder {
    private final Map<String, Map<String, Integer>> judgments = new LinkedHashMap<>();
    private int repeated;

    private Builder() {}

    /** Adds or raises the grade of {@code docId} for {@code queryId}. */
    public Builder add(String queryId, String docId, int grade) {
      requireId("queryId", queryId);
      requireId("docId", docId);
      Map<String, Integer> docs = judgments.computeIfAbsent(queryId, q -> new LinkedHashMap<>());
      repeated += docs.containsKey(docId) ? 1 : 0;
      docs.merge(docId, grade, Math::max);
      return this;
    }

    /** The immutable judgments. */
    public Qrels build() {
      Map<String, Map<String, Integer>> copy = new LinkedHashMap<>();
      judgments.forEach((queryId, docs) ->
          copy.put(queryId, Collections.unmodifiableMap(new LinkedHashMap<>(docs))));
      return new Qrels(Collections.unmodifiableMap(copy), repeated);
    }
  }

  /** {@code id}, a query or doc id of a judgment or a run: throws naming {@code what} if blank. */
  static String requireId(String what, String id) {
    if (Objects.requireNonNull(id, what).isBlank()) {
      throw new IllegalArgumentException(what + " must not be blank, got: '" + id + "'");
    }
    return id;
  }
}
