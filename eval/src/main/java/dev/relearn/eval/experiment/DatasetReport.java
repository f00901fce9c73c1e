package dev.relearn.eval.experiment;

import com.fasterxml.jackson.annotation.JsonValue;
import dev.relearn.eval.stats.PairedComparison;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Everything measured on one dataset in one run: its scorable train and test queries, the table (in
 * report order), the scenarios (generalisation; again with protected query vectors; the attack
 * after it; noise; mixed; repeated) and the wall time.
 */
public record DatasetReport(String dataset, int trainQueries, int testQueries,
    List<TableRow> rows, LearningResult generalisation, LearningResult protectedVectors,
    LearningResult attack, LearningResult noise, LearningResult mixed, LearningResult repeated,
    double seconds) {
  public DatasetReport {
    Objects.requireNonNull(dataset, "dataset");
    rows = List.copyOf(rows);
    Objects.requireNonNull(generalisation, "generalisation");
    Objects.requireNonNull(protectedVectors, "protectedVectors");
    Objects.requireNonNull(attack, "attack");
    Objects.requireNonNull(noise, "noise");
    Objects.requireNonNull(mixed, "mixed");
    Objects.requireNonNull(repeated, "repeated");
  }

  /**
   * One row of the table: a system (e.g. {@code bm25}), its scores on the test queries and its
   * paired comparison with hybrid on nDCG@10 (null for hybrid itself).
   */
  public record TableRow(String system, QueryScores scores, PairedComparison vsHybrid) {
    public TableRow {
      Objects.requireNonNull(system, "system");
      Objects.requireNonNull(scores, "scores");
    }

    /** {@code {"system", "ndcg@10", "recall@100", "queries", "vs_hybrid"}}. */
    public Map<String, Object> toJson() {
      Map<String, Object> json = new LinkedHashMap<>();
      json.put("system", system);
      json.putAll(scores.toJson());
      if (vsHybrid != null) {
        json.put("vs_hybrid", vsHybrid.toJson());
      }
      return json;
    }
  }

  /** The JSON form: dataset, query counts, rows and the scenario results. */
  @JsonValue
  public Map<String, Object> toJson() {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("dataset", dataset);
    json.put("train_queries", trainQueries);
    json.put("test_queries", testQueries);
    List<Map<String, Object>> table = new ArrayList<>();
    rows.forEach(row -> table.add(row.toJson()));
    json.put("table", table);
    Map<String, Object> scenarios = new LinkedHashMap<>();
    scenarios.put("generalisation", generalisation.toJson());
    scenarios.put("generalisation_protected_vectors", protectedVectors.toJson());
    scenarios.put("repeated", repeated.toJson());
    scenarios.put("noise", noise.toJson());
    scenarios.put("mixed", mixed.toJson());
    scenarios.put("attack", attack.toJson());
    json.put("scenarios", scenarios);
    json.put("seconds", seconds);
    return json;
  }
}
