package dev.relearn.eval.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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
    Files.writeString(markdown, MarkdownReport.write(report, JSON, SVG), StandardCharsets.UTF_8);
    Files.writeString(json, MAPPER.writeValueAsString(report.toJson()) + "\n",
        StandardCharsets.UTF_8);
    Files.writeString(svg, CurveChart.svg(report.datasets()), StandardCharsets.UTF_8);
    return List.of(markdown, json, svg);
  }
}
