package dev.relearn.eval.firststage;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The quality of one first-stage configuration on one dataset split.
 *
 * @param dataset the dataset folder name, e.g. {@code scifact}
 * @param split the qrels split, e.g. {@code test}
 * @param mode the search mode label, e.g. {@code hybrid}
 * @param fusion the fusion description, for hybrid mode
 * @param queries evaluated queries (every judged query of the split with a text)
 * @param ndcgAt10 mean nDCG@10
 * @param recallAt100 mean Recall@100
 * @param mrrAt10 mean MRR@10
 * @param searchMillis wall time of the searches
 */
public record FirstStageResult(String dataset, String split, String mode, String fusion,
    int queries, double ndcgAt10, double recallAt100, double mrrAt10, long searchMillis) {
  /** Rejects missing names and metrics outside [0, 1]. */
  public FirstStageResult {
    Objects.requireNonNull(dataset, "dataset");
    Objects.requireNonNull(split, "split");
    Objects.requireNonNull(mode, "mode");
    for (double metric : new double[] {ndcgAt10, recallAt100, mrrAt10}) {
      if (!(metric >= 0 && metric <= 1)) {
        throw new IllegalArgumentException("metric must be in [0, 1], got: " + metric);
      }
    }
  }

  /** The JSON object {@code relearn eval --json} prints, with the documented keys. */
  public Map<String, Object> toJson() {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("dataset", dataset);
    json.put("split", split);
    json.put("mode", mode);
    if (fusion != null) {
      json.put("fusion", fusion);
    }
    json.put("queries", queries);
    json.put("ndcg@10", ndcgAt10);
    json.put("recall@100", recallAt100);
    json.put("mrr@10", mrrAt10);
    json.put("search_ms", searchMillis);
    return json;
  }

  /** One line for people. */
  public String summary() {
    return String.format(Locale.ROOT, "%s/%s %s%s: %d queries  nDCG@10 %.4f  Recall@100 %.4f"
        + "  MRR@10 %.4f  (%.1f s)", dataset, split, mode, fusion == null ? "" : " " + fusion,
        queries, ndcgAt10, recallAt100, mrrAt10, searchMillis / 1000.0);
  }
}
