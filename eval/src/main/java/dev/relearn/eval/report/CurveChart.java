package dev.relearn.eval.report;

import dev.relearn.eval.experiment.LearningResult.CurvePoint;
import dev.relearn.eval.experiment.DatasetReport;
import java.util.ArrayList;
import java.util.Formatter;
import java.util.List;
import java.util.Locale;

/**
 * Draws the learning curves as an SVG: one panel per dataset, test nDCG@10 against feedback
 * sessions on a log scale (log10(1 + sessions)), with the generalisation curve, the same with
 * protected query vectors, the noise and mixed curves and the hybrid baseline.
 */
public final class CurveChart {
  private static final int PANEL_W = 330;
  private static final int PANEL_H = 250;
  private static final int LEFT = 58;
  private static final int RIGHT = 12;
  private static final int TOP = 30;
  private static final int BOTTOM = 42;
  private static final int LEGEND_ROW = 20;
  private static final int LEGEND_COLUMN = 230;

  /** A curve's name, colour and dash pattern (empty: solid). */
  private record Series(String name, String colour, String dash) {
    String dashAttribute() {
      return dash.isEmpty() ? "" : " stroke-dasharray=\"" + dash + "\"";
    }
  }

  private static final Series LEARNED = new Series("hybrid + learned", "#1f77b4", "");
  private static final Series PROTECTED = new Series("learned, protected vectors", "#2ca02c",
      "2,3");
  private static final Series NOISE = new Series("noise clicks", "#ff7f0e", "7,4");
  private static final Series MIXED = new Series("mixed users, some noisy", "#9467bd", "1,3");
  private static final Series HYBRID = new Series("hybrid (no feedback)", "#777777", "4,4");

  private CurveChart() {}

  /** The SVG document for {@code datasets}' curves. */
  public static String svg(List<DatasetReport> datasets) {
    int width = PANEL_W * datasets.size();
    List<Series> legend = List.of(LEARNED, PROTECTED, NOISE, MIXED, HYBRID);
    int columns = Math.max(1, Math.min(legend.size(), (width - LEFT) / LEGEND_COLUMN));
    int rows = (legend.size() + columns - 1) / columns;
    int height = PANEL_H + 10 + rows * LEGEND_ROW;
    Formatter svg = new Formatter(Locale.ROOT);
    svg.format("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0"
        + " %d %d\" font-family=\"sans-serif\" font-size=\"11\">%n", width, height, width, height);
    svg.format("<rect width=\"%d\" height=\"%d\" fill=\"white\"/>%n", width, height);
    for (int i = 0; i < datasets.size(); i++) {
      panel(svg, datasets.get(i), i * PANEL_W);
    }
    for (int i = 0; i < legend.size(); i++) {
      legendEntry(svg, legend.get(i), LEFT + (i % columns) * LEGEND_COLUMN,
          PANEL_H + 14 + (i / columns) * LEGEND_ROW);
    }
    return svg.format("</svg>\n").toString();
  }

  private static void panel(Formatter svg, DatasetReport report, int x0) {
    List<List<CurvePoint>> curves = List.of(report.generalisation().curve(),
        report.protectedVectors().curve(), report.noise().curve(), report.mixed().curve());
    double hybrid = report.generalisation().baseline().ndcg();
    double min = hybrid;
    double max = hybrid;
    int maxSessions = 1;
    for (List<CurvePoint> curve : curves) {
      for (CurvePoint point : curve) {
        min = Math.min(min, point.ndcg10());
        max = Math.max(max, point.ndcg10());
        maxSessions = Math.max(maxSessions, point.sessions());
      }
    }
    double pad = Math.max(0.005, (max - min) * 0.08);
    Axis y = new Axis(min - pad, max + pad, PANEL_H - TOP - BOTTOM, TOP);
    double xMax = Math.log10(1 + maxSessions);
    int plotW = PANEL_W - LEFT - RIGHT;
    svg.format("<text x=\"%d\" y=\"18\" font-size=\"13\" font-weight=\"bold\">%s</text>%n",
        x0 + LEFT, escape(report.dataset()));
    svg.format("<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\""
        + " stroke=\"#bbbbbb\"/>%n", x0 + LEFT, TOP, plotW, PANEL_H - TOP - BOTTOM);
    for (double tick : y.ticks()) {
      double py = y.map(tick);
      svg.format("<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#eeeeee\"/>%n",
          x0 + LEFT, x0 + LEFT + plotW, py, py);
      svg.format("<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%.3f</text>%n", x0 + LEFT - 4,
          py + 4, tick);
    }
    for (int decade = 0; Math.pow(10, decade) <= maxSessions * 1.0001; decade++) {
      int sessions = decade == 0 ? 0 : (int) Math.pow(10, decade);
      double px = x0 + LEFT + plotW * Math.log10(1 + sessions) / xMax;
      svg.format("<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>%n", px,
          PANEL_H - BOTTOM + 14, Fmt.count(sessions));
    }
    svg.format("<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">feedback sessions (log scale)"
        + "</text>%n", x0 + LEFT + plotW / 2, PANEL_H - 8);
    svg.format("<text transform=\"translate(%d,%d) rotate(-90)\" text-anchor=\"middle\">test"
        + " nDCG@10</text>%n", x0 + 14, TOP + (PANEL_H - TOP - BOTTOM) / 2);
    double hy = y.map(hybrid);
    svg.format("<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"%s/>%n",
        x0 + LEFT, x0 + LEFT + plotW, hy, hy, HYBRID.colour(), HYBRID.dashAttribute());
    List<Series> series = List.of(LEARNED, PROTECTED, NOISE, MIXED);
    for (int i = 0; i < curves.size(); i++) {
      polyline(svg, curves.get(i), series.get(i), x0 + LEFT, plotW, xMax, y);
    }
  }

  private static void polyline(Formatter svg, List<CurvePoint> curve, Series series,
      int left, int plotW, double xMax, Axis y) {
    List<String> points = new ArrayList<>();
    for (CurvePoint point : curve) {
      double px = left + plotW * Math.log10(1 + point.sessions()) / xMax;
      points.add(String.format(Locale.ROOT, "%.1f,%.1f", px, y.map(point.ndcg10())));
    }
    svg.format("<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\"%s points=\"%s\"/>%n",
        series.colour(), series.dashAttribute(), String.join(" ", points));
    for (String point : points) {
      String[] xy = point.split(",");
      svg.format("<circle cx=\"%s\" cy=\"%s\" r=\"2.5\" fill=\"%s\"/>%n", xy[0], xy[1],
          series.colour());
    }
  }

  private static void legendEntry(Formatter svg, Series series, int x, int y) {
    svg.format("<line x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"2\""
        + "%s/>%n", x, x + 24, y - 4, y - 4, series.colour(), series.dashAttribute());
    svg.format("<text x=\"%d\" y=\"%d\">%s</text>%n", x + 30, y, escape(series.name()));
  }

  static String escape(String text) {
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        .replace("\"", "&quot;");
  }

  /** A linear value axis mapped onto pixels, top = {@code max}. */
  private record Axis(double min, double max, int pixels, int top) {
    double map(double value) {
      return top + pixels * (max - value) / (max - min);
    }

    /** About five round ticks within [min, max]. */
    List<Double> ticks() {
      double raw = (max - min) / 5;
      double magnitude = Math.pow(10, Math.floor(Math.log10(raw)));
      double step = magnitude * (raw / magnitude >= 5 ? 5 : raw / magnitude >= 2 ? 2 : 1);
      List<Double> ticks = new ArrayList<>();
      for (double t = Math.ceil(min / step) * step; t <= max + 1e-12; t += step) {
        ticks.add(t);
      }
      return ticks;
    }
  }
}
