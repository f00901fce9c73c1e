package dev.relearn.eval.metrics;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a system retrieved: for each query id, its documents in rank order. Immutable.
 *
 * <p>Ranking follows trec_eval, whatever order the hits were given in: by score descending, ties
 * broken by doc id descending ({@link String#compareTo}, reversed; the same as trec_eval's
 * {@code strcmp} for ASCII ids). The ranks a system reported are ignored. Like trec_eval (9.0.4,
 * checked against its binary), scores are compared at single precision: two doubles that round
 * to the same {@code float} are a tie, decided by the doc id.
 *
 * <p>A doc id that occurs more than once for one query is kept once, at its first position after
 * that sort, that is with its highest score. (trec_eval does not accept such input and
 * pytrec_eval's dict input cannot hold it; keeping the best occurrence is the forgiving reading.)
 *
 * <p>A query may be present with no documents: it retrieved nothing and scores 0 on every metric.
 */
public final class Run {
  /** trec_eval's order: score descending (as a float), then doc id descending. */
  private static final Comparator<ScoredDoc> TREC_ORDER = (a, b) -> {
    float x = (float) a.score();
    float y = (float) b.score();
    if (x != y) {
      return x > y ? -1 : 1;
    }
    return b.docId().compareTo(a.docId());
  };

  private final Map<String, List<ScoredDoc>> rankings;

  private Run(Map<String, List<ScoredDoc>> rankings) {
    this.rankings = rankings;
  }

  /** A builder that collects hits query by query. */
  public static Builder builder() {
    return new Builder();
  }

  /** The query ids in the run, including those that retrieved nothing; insertion order. */
  public Set<String> queryIds() {
    return rankings.keySet();
  }

  /** The ranked, deduplicated documents for {@code queryId}; empty when it is not in the run. */
  public List<ScoredDoc> ranking(String queryId) {
    return rankings.getOrDefault(queryId, List.of());
  }

  /** The number of queries in the run. */
  public int size() {
    return rankings.size();
  }

  /**
   * BEIR's rule: the same run without any hit whose doc id equals its query id (in corpora where
   * queries are also documents, a query must not be credited for finding itself), cut to the top
   * {@code depth} of what remains (search one more, as BEIR does, to keep {@code depth}). The
   * remaining documents move up; queries left without documents stay in the run.
   */
  public Run withoutSelfHits(int depth) {
    Map<String, List<ScoredDoc>> kept = new LinkedHashMap<>();
    rankings.forEach((queryId, docs) -> kept.put(queryId,
        docs.stream().filter(d -> !d.docId().equals(queryId)).limit(depth).toList()));
    return new Run(Collections.unmodifiableMap(kept));
  }

  @Override
  public String toString() {
    return "Run[" + rankings.size() + " queries]";
  }

  /** Collects hits for a {@link Run}; not thread-safe. */
  public static final class Builder {
    private final Map<String, List<ScoredDoc>> hits = new LinkedHashMap<>();

    private Builder() {}

    /** Records that {@code queryId} was run, even if it gets no documents. */
    public Builder addQuery(String queryId) {
      hitsOf(queryId);
      return this;
    }

    /** Adds one hit for {@code queryId}. */
    public Builder add(String queryId, String docId, double score) {
      ScoredDoc doc = new ScoredDoc(docId, score);
      hitsOf(queryId).add(doc);
      return this;
    }

    /**
     * Ranks every query's hits (trec_eval order, a doc id's first occurrence kept) and returns the
     * immutable run.
     */
    public Run build() {
      Map<String, List<ScoredDoc>> ranked = new LinkedHashMap<>();
      hits.forEach((queryId, docs) -> {
        Set<String> seen = new HashSet<>();
        ranked.put(queryId, docs.stream().sorted(TREC_ORDER) // stable: ties keep their order
            .filter(doc -> seen.add(doc.docId())).toList());
      });
      return new Run(Collections.unmodifiableMap(ranked));
    }

    private List<ScoredDoc> hitsOf(String queryId) {
      return hits.computeIfAbsent(Qrels.requireId("queryId", queryId), q -> new ArrayList<>());
    }
  }
}
