package dev.relearn.eval.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.relearn.eval.experiment.DatasetReport;
import dev.relearn.eval.experiment.DatasetReport.TableRow;
import dev.relearn.eval.experiment.LearningResult.CurvePoint;
import dev.relearn.eval.stats.PairedComparison;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Writes a report's three files: the Markdown document, {@value #JSON} and {@value #SVG} beside
 * it.
 */
public final class ReportFiles {
  /** The JSON copy's file name. */
  public static final String JSON = "evaluation.json";
  /** The chart's file name. */
  public static final String SVG = "evaluation-curves.svg";
  private static final ObjectMapper MAPPER =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
  /** How each table row is described. */
  private static final Map<String, String> SYSTEMS = Map.of(
      "bm25", "bm25",
      "hybrid", "hybrid, min-max α 0.5",
      "hybrid-rrf", "hybrid, RRF k 60",
      "hybrid+learned", "**hybrid + learned** (after the train feedback)",
      "learned-protected", "learned, protected query vectors (rotated, int8)",
      "oracle", "oracle bound (qrels order of the hybrid top 100)");

  private ReportFiles() {}

  /**
   * Writes {@code markdown} and the two files beside it (parent folders are created) and returns
   * the three paths.
   */
  public static List<Path> write(EvaluationReport report, Path markdown) throws IOException {
    Objects.requireNonNull(report, "report");
    Path folder = markdown.toAbsolutePath().getParent();
    Files.createDirectories(folder);
    Path json = folder.resolve(JSON);
    Path svg = folder.resolve(SVG);
    Files.writeString(markdown, markdown(report), StandardCharsets.UTF_8);
    Files.writeString(json, MAPPER.writeValueAsString(report) + "\n",
        StandardCharsets.UTF_8);
    Files.writeString(svg, CurveChart.svg(report.datasets()), StandardCharsets.UTF_8);
    return List.of(markdown, json, svg);
  }

  /** The Markdown document ({@code docs/EVALUATION.md}), linking the JSON copy and the chart. */
  private static String markdown(EvaluationReport report) {
    StringBuilder md = new StringBuilder();
    md.append("# Evaluation\n\n");
    md.append("Every figure on this page was measured in one run of\n\n```bash\n")
        .append(report.command()).append("\n```\n\n")
        .append("on a machine with ").append(Fmt.count(report.processors(), "processor",
            "processors")).append(" available to the JVM (wall time ").append(Fmt.duration(
            report.seconds())).append("). The numbers are also in [").append(JSON)
        .append("](").append(JSON).append("); the chart is [").append(SVG).append("](")
        .append(SVG).append("). Regenerate all three with the command above.\n\n");
    ReportSections.settings(md, report);
    ReportSections.method(md);
    for (DatasetReport dataset : report.datasets()) {
      table(md, dataset);
      ReportSections.scenarios(md, dataset);
    }
    md.append("## Learning curves\n\n");
    md.append("Test nDCG@10 of the learned mode after n feedback sessions (log scale), beside the"
        + " hybrid first stage without feedback.\n\n");
    md.append("![learning curves](").append(SVG).append(")\n\n");
    md.append("Sessions → nDCG@10 (the trust fit from the clicks so far, in nats per preference;"
        + " *prior* until there are enough: docs/RANKING.md):\n\n");
    for (DatasetReport dataset : report.datasets()) {
      curve(md, dataset.dataset(), "", dataset.generalisation().curve());
      curve(md, dataset.dataset(), ", noise", dataset.noise().curve());
      curve(md, dataset.dataset(), ", mixed", dataset.mixed().curve());
    }
    md.append('\n');
    ReportSections.checks(md, report);
    return md.toString();
  }

  private static void curve(StringBuilder md, String dataset, String scenario,
      List<CurvePoint> curve) {
    md.append("- ").append(dataset).append(scenario).append(": ");
    for (int i = 0; i < curve.size(); i++) {
      CurvePoint point = curve.get(i);
      md.append(i == 0 ? "" : ", ").append(Fmt.count(point.sessions())).append(" → ")
          .append(Fmt.f4(point.ndcg10())).append(" (")
          .append(point.trust() == null ? "prior" : Fmt.f3(point.trust())).append(')');
    }
    md.append('\n');
  }

  private static void table(StringBuilder md, DatasetReport dataset) {
    md.append("## ").append(dataset.dataset()).append("\n\n");
    md.append(Fmt.count(dataset.testQueries(), "test query", "test queries"))
        .append("; feedback from ")
        .append(Fmt.count(dataset.generalisation().sessions(), "session", "sessions"))
        .append(" over ").append(Fmt.count(dataset.trainQueries(), "train query", "train queries"))
        .append(" (").append(Fmt.count(dataset.generalisation().events(), "feedback event",
            "feedback events")).append("). ")
        .append("Wall time ").append(Fmt.duration(dataset.seconds())).append(".\n\n");
    md.append("| system | nDCG@10 | Recall@100 | Δ nDCG@10 vs hybrid | p, randomisation |"
        + " p, t-test |\n");
    md.append("|---|---|---|---|---|---|\n");
    for (TableRow row : dataset.rows()) {
      PairedComparison vs = row.vsHybrid();
      md.append(Fmt.row(SYSTEMS.getOrDefault(row.system(), row.system()),
          Fmt.f4(row.scores().ndcg()), Fmt.f4(row.scores().recall()),
          vs == null ? "—" : Fmt.signed(vs.difference()),
          vs == null ? "—" : Fmt.p(vs.pRandomisation()), vs == null ? "—" : Fmt.p(vs.pTTest())));
    }
    md.append('\n');
  }
}
