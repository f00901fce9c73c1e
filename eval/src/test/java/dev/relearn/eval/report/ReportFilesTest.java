package dev.relearn.eval.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.relearn.eval.experiment.LearningResult.CurvePoint;
import dev.relearn.eval.experiment.DatasetEvaluation;
import dev.relearn.eval.experiment.DatasetReport;
import dev.relearn.eval.experiment.LearnConfig;
import dev.relearn.eval.experiment.LearningResult;
import dev.relearn.eval.experiment.QueryScores;
import dev.relearn.eval.experiment.Scenario;
import dev.relearn.eval.experiment.DatasetReport.TableRow;
import dev.relearn.eval.stats.PairedComparison;
import dev.relearn.eval.stats.PairedRandomisationTest;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;

/** The report's three files from made-up figures: tables, numbers, JSON and a well-formed SVG. */
class ReportFilesTest {
  private static final PairedRandomisationTest TEST = new PairedRandomisationTest(1, 200);

  @TempDir Path dir;

  @Test
  void writesMarkdownJsonAndSvg() throws Exception {
    List<DatasetReport> datasets = List.of(dataset("toollens", 0.40, 0.50),
        dataset("nfcorpus", 0.36, 0.37));
    EvaluationReport report = new EvaluationReport("bin/relearn eval report --sessions 4",
        Map.of("seed", 42, "mixed user", LearnConfig.mixedUser()), datasets, 125, 3);
    List<Path> files = ReportFiles.write(report, dir.resolve("docs/EVALUATION.md"));
    assertEquals(3, files.size());
    String md = Files.readString(files.get(0));
    assertTrue(md.contains("bin/relearn eval report --sessions 4"), md);
    assertTrue(md.contains("## toollens") && md.contains("## nfcorpus"), md);
    assertTrue(md.contains("| **hybrid + learned** (after the train feedback) | 0.5000 |"), md);
    assertTrue(md.contains("![learning curves](evaluation-curves.svg)"), md);
    // four queries cannot reach p < 0.05 in a randomisation test (the least p is 2/16)
    assertTrue(md.contains("toollens: hybrid + learned does not beat hybrid at p < 0.05"), md);
    assertTrue(md.contains("\n\non a machine with 3 processors available to the JVM (wall time"
        + " 2.1 min)."), md);
    assertTrue(md.contains("- mixed user: 30 % of sessions by the noise user"), md);
    assertTrue(md.contains("| mixed | test queries | 100 | 80 | 0.4000 | 0.4800 | +0.0800 |"),
        md);
    assertTrue(md.contains(", 1 query hurt and 1 helped; the chunk is in the top 10 of 1 test"
        + " query (before: 0); it rose at most 1 rank on any query."), md);
    assertTrue(md.contains("Mixed keeps 80 % of the clean Δ (Δ +0.0800)"), md);
    assertTrue(md.contains("Mixed keeps 80 % of the clean Δ (Δ +0.0080)"), md);
    assertTrue(md.contains("**Mixed:** the same train sessions, each by that noise user\n"
        + "  with probability 0.3"), md);
    JsonNode json = new ObjectMapper().readTree(files.get(1).toFile());
    assertEquals(2, json.get("datasets").size());
    assertEquals(3, json.get("processors").asInt());
    JsonNode table = json.get("datasets").get(0).get("table");
    assertEquals(DatasetEvaluation.SYSTEMS.size(), table.size());
    assertEquals(0.5, table.get(4).get("ndcg@10").asDouble(), 1e-12);
    assertTrue(table.get(4).get("vs_hybrid").has("p_randomisation"));
    assertEquals("attack", json.get("datasets").get(0).get("scenarios").get("attack")
        .get("scenario").asText());
    JsonNode mixed = json.get("datasets").get(0).get("scenarios").get("mixed");
    assertEquals("mixed", mixed.get("scenario").asText());
    assertEquals(3, mixed.get("curve").size());
    assertEquals(0.48, mixed.get("curve").get(2).get("ndcg@10").asDouble(), 1e-12);
    Document svg = DocumentBuilderFactory.newInstance().newDocumentBuilder()
        .parse(new ByteArrayInputStream(Files.readAllBytes(files.get(2))));
    assertEquals("svg", svg.getDocumentElement().getTagName());
    assertEquals(8, svg.getElementsByTagName("polyline").getLength(), "4 curves x 2 panels");
  }

  static DatasetReport dataset(String name, double hybrid, double learned) {
    return dataset(name, hybrid, learned, 100, 4);
  }

  private static DatasetReport dataset(String name, double hybrid, double learned, int train,
      int test) {
    QueryScores base = scores(hybrid, 0);
    QueryScores after = scores(learned, 0.001);
    // the mixed user keeps 80 % of the clean gain
    QueryScores mixed = scores(hybrid + 0.8 * (learned - hybrid), 0.001);
    List<TableRow> rows = new ArrayList<>();
    for (String system : DatasetEvaluation.SYSTEMS) {
      QueryScores s = system.equals("hybrid+learned") ? after : base;
      rows.add(new TableRow(system, s, system.equals("hybrid") ? null
          : PairedComparison.of(base.ndcg10(), s.ndcg10(), TEST)));
    }
    LearningResult g = result(name, Scenario.GENERALISATION, base, after, Map.of());
    Map<String, Object> harm = new LinkedHashMap<>();
    harm.put("mean_drop_ndcg@10", 0.001);
    harm.put("worst_query_drop_ndcg@10", 0.2);
    harm.put("queries_hurt", 1);
    harm.put("queries_helped", 1);
    harm.put("target_in_top10_before", 0);
    harm.put("target_in_top10_after", 1);
    harm.put("target_most_ranks_up", 1);
    Map<String, Object> attack = new LinkedHashMap<>();
    attack.put("before_attack", after.toJson());
    attack.put("attack_target", "doc-7");
    attack.put("attack_events", 1000);
    attack.put("attack_queries", 40);
    attack.put("harm", harm);
    Map<String, Object> repeated = new LinkedHashMap<>();
    repeated.put("seen", Map.of("held_out_queries", 4,
        "comparison", PairedComparison.of(base.ndcg10(), after.ndcg10(), TEST).toJson()));
    repeated.put("unseen", Map.of("held_out_queries", 4,
        "comparison", PairedComparison.of(base.ndcg10(), base.ndcg10(), TEST).toJson()));
    return new DatasetReport(name, train, test, rows, g,
        result(name, Scenario.GENERALISATION, base, after, Map.of()),
        result(name, Scenario.ATTACK, base, after, attack),
        result(name, Scenario.NOISE, base, base, Map.of()),
        result(name, Scenario.MIXED, base, mixed, Map.of()),
        result(name, Scenario.REPEATED, base, after, repeated), 60);
  }

  private static LearningResult result(String name, Scenario scenario, QueryScores base,
      QueryScores after, Map<String, Object> details) {
    List<CurvePoint> curve = List.of(new CurvePoint(0, base.ndcg(), null), new CurvePoint(10,
        (base.ndcg() + after.ndcg()) / 2, null), new CurvePoint(100, after.ndcg(), 2.5));
    return new LearningResult(name, scenario, "train", "test", 100, 80, 42, "user", base, after,
        PairedComparison.of(base.ndcg10(), after.ndcg10(), TEST), curve, details, 12);
  }

  /** Four queries around {@code mean}, spread by {@code jitter}. */
  private static QueryScores scores(double mean, double jitter) {
    Map<String, Double> ndcg = new LinkedHashMap<>();
    Map<String, Double> recall = new LinkedHashMap<>();
    double[] offsets = {-0.1, 0.1 + jitter, -0.05 - jitter, 0.05};
    for (int i = 0; i < offsets.length; i++) {
      ndcg.put("q" + i, mean + offsets[i]);
      recall.put("q" + i, 0.8);
    }
    return new QueryScores(ndcg, recall);
  }

  @Test
  void aReportCountsTheProcessorsOfTheJvmThatRanIt() {
    EvaluationReport report = new EvaluationReport("eval report", Map.of(),
        List.of(dataset("toollens", 0.40, 0.50)), 1);
    assertEquals(Runtime.getRuntime().availableProcessors(), report.processors());
  }

  @Test
  void theMixedShareOfTheCleanGainIsNotApplicableWithoutAGain() {
    assertEquals("80 %", ReportSections.keptShare(0.008, 0.01));
    assertEquals("-50 %", ReportSections.keptShare(-0.005, 0.01));
    assertEquals("n/a", ReportSections.keptShare(0.01, 0));
    assertEquals("n/a", ReportSections.keptShare(0.01, -0.02));
  }

  @Test
  void oneQueryIsOneQuery() throws Exception {
    EvaluationReport report = new EvaluationReport("eval report", Map.of(),
        List.of(dataset("tiny", 0.40, 0.50, 1, 1)), 1);
    String md = Files.readString(ReportFiles.write(report, dir.resolve("EVALUATION.md")).get(0));
    assertTrue(md.contains("\n1 test query; feedback from 100 sessions over 1 train query (80"
        + " feedback events)."), md);
  }
}
