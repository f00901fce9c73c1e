package dev.relearn.eval.experiment;

import dev.relearn.eval.beir.BeirDataset;
import dev.relearn.eval.metrics.Qrels;
import dev.relearn.lucene.schema.Require;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Queries of one qrels split with their texts and judgments: every query that can be scored
 * (judged, with a text; one whose judgments are all below grade 1 scores 0) or only those with
 * something relevant for a simulated user to find.
 *
 * @param name the split's name, e.g. {@code train}
 * @param ids the query ids, in queries-file order
 * @param texts query id → text, for every id
 * @param qrels the split's judgments
 * @param maxGrade the highest grade in the judgments, at least 1
 */
public record Split(String name, List<String> ids, Map<String, String> texts, Qrels qrels,
    int maxGrade) {
  public Split {
    Objects.requireNonNull(name, "name");
    ids = List.copyOf(ids);
    texts = Map.copyOf(texts);
    Objects.requireNonNull(qrels, "qrels");
    for (String id : ids) {
      if (!texts.containsKey(id)) {
        throw new IllegalArgumentException("query " + id + " of split " + name + " has no text");
      }
    }
    Require.atLeastOne("maxGrade", maxGrade);
  }

  /**
   * The scorable queries of {@code split}: every judged query with a text, as the {@link
   * dev.relearn.eval.metrics.Evaluator} counts them.
   *
   * @throws IllegalArgumentException when the split is unknown or has none
   */
  public static Split of(BeirDataset dataset, String split) throws IOException {
    return select(dataset, split, false);
  }

  /**
   * The queries of {@code split} that sessions can use: with a text and a relevant document.
   *
   * @throws IllegalArgumentException when the split is unknown or has none
   */
  public static Split forSessions(BeirDataset dataset, String split) throws IOException {
    return select(dataset, split, true);
  }

  private static Split select(BeirDataset dataset, String split, boolean needRelevant)
      throws IOException {
    Qrels qrels = dataset.qrels(split);
    Map<String, String> all = dataset.queries();
    Map<String, String> texts = new LinkedHashMap<>();
    for (String id : dataset.queryIds(split)) {
      if (!needRelevant || qrels.relevantCount(id) > 0) {
        texts.put(id, all.get(id));
      }
    }
    if (texts.isEmpty()) {
      throw new IllegalArgumentException("split '" + split + "' of " + dataset.name()
          + (needRelevant ? " has no query with a relevant document and a text"
              : " has no judged query with a text"));
    }
    int maxGrade = 1;
    for (String id : texts.keySet()) {
      for (int grade : qrels.judgments(id).values()) {
        maxGrade = Math.max(maxGrade, grade);
      }
    }
    return new Split(split, List.copyOf(texts.keySet()), texts, qrels, maxGrade);
  }

  /**
   * The first {@code max} queries in queries-file order; this split when it has no more or {@code
   * max} is 0.
   */
  public Split first(int max) {
    Require.nonNegative("max", max);
    if (max == 0 || max >= ids.size()) {
      return this;
    }
    return only(name, ids.subList(0, max));
  }

  /** The queries {@code kept} of this split, in that order, named {@code name}. */
  public Split only(String name, List<String> kept) {
    Map<String, String> keptTexts = new LinkedHashMap<>();
    for (String id : kept) {
      if (!texts.containsKey(id)) {
        throw new IllegalArgumentException("split " + this.name + " has no query " + id);
      }
      keptTexts.put(id, texts.get(id));
    }
    return new Split(name, kept, keptTexts, qrels, maxGrade);
  }

  /** The number of queries. */
  public int size() {
    return ids.size();
  }

  /** The text of query {@code id}. */
  public String text(String id) {
    return texts.get(id);
  }

  /** A description without the query texts, safe for logs and messages. */
  @Override
  public String toString() {
    return "Split[" + name + ", " + ids.size() + " queries, max grade " + maxGrade + "]";
  }
}
