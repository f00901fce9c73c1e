package dev.relearn.cli;

import dev.relearn.engine.ExplainedResults;
import dev.relearn.engine.TrustViews;
import dev.relearn.engine.search.Hit;
import dev.relearn.lucene.fusion.StageScore;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.apache.lucene.search.Explanation;

/** Formats hits for people and for JSON. */
final class HitPrinter {
  private HitPrinter() {}

  /**
   * Prints each hit as a header line (rank, {@code [chunk id]} for {@code relearn feedback
   * --used}, path and lines, kind, heading path or else title), its scores and its snippet.
   */
  static void print(PrintWriter out, List<Hit> hits) {
    if (hits.isEmpty()) {
      out.println("  (no hits)");
    }
    for (int i = 0; i < hits.size(); i++) {
      Hit hit = hits.get(i);
      String lines = hit.startLine() > 0 ? ":" + hit.startLine() + "-" + hit.endLine() : "";
      String where = !hit.headingPath().isEmpty() ? "  " + String.join(" > ", hit.headingPath())
          : hit.title().isEmpty() ? "" : "  " + hit.title(); // a record's title
      out.printf(Locale.ROOT, "%2d. [%s] %s%s (%s)%s%n", i + 1, TerminalText.id(hit.chunkId()),
          TerminalText.safe(hit.path()), lines, hit.kind().label(), TerminalText.safe(where));
      out.printf(Locale.ROOT, "    score %.4f%s%s%n", hit.score(), stage(" bm25", hit.bm25()),
          stage(" vector", hit.vector()));
      out.println("    " + TerminalText.safe(hit.snippet()));
    }
  }

  /**
   * Prints the weights of the query's class, then for each hit its total and its explanation's
   * details, one a line, as Lucene prints them: {@code contribution = feature: value × weight
   * [how]}, then any note on what was neutralised.
   */
  static void printExplanations(PrintWriter out, ExplainedResults explained) {
    var w = explained.weights();
    out.printf(Locale.ROOT, "%nquery class %s: weights bm25 %.3f, vector %.3f, learned %.3f"
        + " (relevance weight = bm25 + vector, balance = bm25 − vector, boost = learned)%n",
        explained.queryClass().label(), w.bm25(), w.vector(), w.learned());
    out.println("trust in the vote: " + TrustViews.text(explained.trust()));
    List<Hit> hits = explained.results().hits();
    List<Explanation> explanations = explained.explanations();
    for (int i = 0; i < hits.size(); i++) {
      Explanation explanation = explanations.get(i);
      out.printf(Locale.ROOT, "%n%2d. %s  total %.6f%n", i + 1,
          TerminalText.id(hits.get(i).chunkId()), explanation.getValue().doubleValue());
      for (Explanation detail : explanation.getDetails()) {
        out.printf(Locale.ROOT, "    %9.6f = %s%n",
            detail.getValue().doubleValue() + 0.0, // no "-0.0"
            TerminalText.safe(detail.getDescription()));
      }
    }
  }

  /** An explanation as JSON: its value, description and details, recursively. */
  record ExplanationJson(Number value, String description, List<ExplanationJson> details) {
    static ExplanationJson of(Explanation e) {
      return new ExplanationJson(e.getValue(), e.getDescription(),
          Stream.of(e.getDetails()).map(ExplanationJson::of).toList());
    }
  }

  private static String stage(String name, StageScore score) {
    return score == null ? ""
        : String.format(Locale.ROOT, "%s #%d (%.3f)", name, score.rank(), score.score());
  }

}
