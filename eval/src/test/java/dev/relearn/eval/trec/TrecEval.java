package dev.relearn.eval.trec;

import dev.relearn.eval.metrics.Metric;
import dev.relearn.eval.metrics.Qrels;
import dev.relearn.eval.metrics.Run;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import uk.ac.gla.terrier.jtreceval.trec_eval;

/**
 * The real NIST trec_eval (9.0.4), run through jtreceval's bundled binary on files written by
 * {@link TrecRunWriter} and {@link TrecQrelsWriter}. jtreceval ships binaries for Linux (amd64,
 * i386), macOS (x86_64) and Windows only; elsewhere {@link #requireSupportedPlatform()} skips.
 */
final class TrecEval {
  private TrecEval() {}

  /** Skips the calling test where jtreceval has no trec_eval binary, saying so. */
  static void requireSupportedPlatform() {
    boolean supported;
    try {
      supported = trec_eval.isPlatformSupported();
    } catch (RuntimeException e) { // its getOSShort() throws for an unknown OS name
      supported = false;
    }
    Assumptions.assumeTrue(supported, "skipped: jtreceval 0.0.5 ships no trec_eval binary for "
        + System.getProperty("os.name") + "/" + System.getProperty("os.arch")
        + " (it has linux-amd64, linux-i386, macosx-x86_64, win-x86, win-amd64)");
  }

  /** trec_eval's measure name and the printed key for one of relearn's metrics. */
  static String[] measureOf(Metric metric) {
    String k = metric.hasCutoff() ? Integer.toString(metric.k()) : null;
    return switch (metric.measure()) {
      case NDCG -> k == null ? new String[] {"ndcg", "ndcg"}
          : new String[] {"ndcg_cut." + k, "ndcg_cut_" + k};
      case MAP -> k == null ? new String[] {"map", "map"}
          : new String[] {"map_cut." + k, "map_cut_" + k};
      case RECALL -> new String[] {"recall." + k, "recall_" + k};
      case PRECISION -> new String[] {"P." + k, "P_" + k};
      case MRR -> {
        if (k != null) {
          throw new IllegalArgumentException("trec_eval's recip_rank has no cutoff: " + metric);
        }
        yield new String[] {"recip_rank", "recip_rank"};
      }
    };
  }

  /**
   * Runs {@code trec_eval -q -c} with every metric and returns metric → query id (and
   * {@code all}) → value, as printed (4 decimals).
   */
  static Map<Metric, Map<String, Double>> evaluate(Qrels qrels, Run run, List<Metric> metrics,
      Path dir) throws IOException {
    Path qrelsFile = dir.resolve("qrels.txt");
    Path runFile = dir.resolve("run.txt");
    TrecQrelsWriter.write(qrels, qrelsFile);
    new TrecRunWriter("relearn").write(run, runFile);
    List<String> args = new ArrayList<>(List.of("-q", "-c"));
    // one -m per measure family, its cutoffs joined: "-m ndcg_cut.10,100"
    Map<String, List<String>> families = new LinkedHashMap<>();
    Map<String, Metric> byKey = new LinkedHashMap<>();
    for (Metric metric : metrics) {
      String[] names = measureOf(metric);
      int dot = names[0].indexOf('.');
      String family = dot < 0 ? names[0] : names[0].substring(0, dot);
      List<String> cutoffs = families.computeIfAbsent(family, f -> new ArrayList<>());
      if (dot >= 0) {
        cutoffs.add(names[0].substring(dot + 1));
      }
      byKey.put(names[1], metric);
    }
    families.forEach((family, cutoffs) -> {
      args.add("-m");
      args.add(cutoffs.isEmpty() ? family : family + "." + String.join(",", cutoffs));
    });
    args.add(qrelsFile.toString());
    args.add(runFile.toString());
    String[][] lines = new trec_eval().runAndGetOutput(args.toArray(String[]::new));
    Map<Metric, Map<String, Double>> values = new LinkedHashMap<>();
    for (String[] line : lines) {
      if (line.length != 3) {
        continue;
      }
      Metric metric = byKey.get(line[0]);
      if (metric != null) {
        values.computeIfAbsent(metric, m -> new LinkedHashMap<>())
            .put(line[1], Double.parseDouble(line[2]));
      }
    }
    return values;
  }
}
