package dev.relearn.eval.firststage;

import dev.relearn.eval.metrics.Plural;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.relearn.eval.metrics.JsonMaps;
import dev.relearn.lucene.schema.Require;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The quality of one first-stage configuration on one dataset split: the dataset, split, mode and
 * fusion (for hybrid), the queries evaluated, the mean nDCG@10, Recall@100 and MRR@10, and the
 * searches' wall time.
 */
public record FirstStageResult(String dataset, String split, String mode,
    @JsonInclude(JsonInclude.Include.NON_NULL) String fusion, int queries,
    @JsonProperty("ndcg@10") double ndcgAt10, @JsonProperty("recall@100") double recallAt100,
    @JsonProperty("mrr@10") double mrrAt10, @JsonProperty("search_ms") long searchMillis) {
  public FirstStageResult {
    Objects.requireNonNull(dataset, "dataset");
    Objects.requireNonNull(split, "split");
    Objects.requireNonNull(mode, "mode");
    for (double metric : new double[] {ndcgAt10, recallAt100, mrrAt10}) {
      Require.inUnitInterval("metric", metric);
    }
  }

  /** The JSON object {@code relearn eval --json} prints, with the documented keys. */
  public Map<String, Object> toJson() {
    return JsonMaps.of(this);
  }

  /** One line for people. */
  public String summary() {
    return String.format(Locale.ROOT, "%s/%s %s%s: %s  nDCG@10 %.4f  Recall@100 %.4f"
        + "  MRR@10 %.4f  (%.1f s)", dataset, split, mode, fusion == null ? "" : " " + fusion,
        Plural.count(queries, "query", "queries"), ndcgAt10, recallAt100, mrrAt10,
        searchMillis / 1000.0);
  }
}
