package dev.relearn.cli;

import dev.relearn.engine.Relearn;
import dev.relearn.engine.RelearnCluster;
import dev.relearn.engine.RelearnOperations;
import dev.relearn.engine.TrustState;
import dev.relearn.engine.TrustViews;
import dev.relearn.engine.WeightsViews;
import dev.relearn.engine.weights.AdaptiveWeights;
import dev.relearn.lucene.fusion.QueryClass;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code relearn weights}: the ranking weights ratings taught, per query class, and the trust in
 * the vote of similar past queries that clicks taught.
 */
@Command(name = "weights",
    footer = {
      "  relearn weights --json",
      "  relearn weights --seed ratings.csv",
      "  relearn weights --reset question",
      "  relearn weights --cluster http://localhost:9200/notes"},
    description = {"Show, reset or seed the ranking weights over (bm25, vector, learned) per"
        + " query class, and the trust in similar past queries fit from clicks.",
        "Seed file: one 'class,rating,c_bm25,c_vector,c_learned[,millis]' per line, e.g."
            + " 'question,1,0.2,0.9,0.4' (rating in [-1, 1], contributions in [0, 1])."})
final class WeightsCommand extends CliCommand.WithJson {
  @Mixin EngineOptions engine;
  @Mixin ClusterOption cluster;
  @Mixin LockWait lockWait;

  @Option(names = "--reset", paramLabel = "CLASS", arity = "0..1", fallbackValue = "all",
      description = "Forget what ratings taught: one class (identifier, question, keywords,"
          + " natural_language) or, without a value, all of them.")
  String reset;

  @Option(names = "--seed", paramLabel = "FILE",
      description = "Replay historical ratings from FILE (checked whole before any is applied).")
  Path seed;

  @Override
  public Integer call() throws Exception {
    QueryClass resetClass = reset == null || "all".equals(reset) ? null
        : check(() -> WeightsViews.queryClass(reset));
    if (seed != null) {
      PathChecks.requireFile("--seed", seed);
    }
    if (cluster.given()) {
      try (RelearnCluster relearn = cluster.connect(engine)) {
        show(relearn, resetClass);
      }
      return 0;
    }
    boolean writes = reset != null || seed != null;
    try (Relearn relearn = writes ? engine.open(false) : engine.openPreferWritable(null)) {
      show(relearn, resetClass);
    }
    return 0;
  }

  private void show(RelearnOperations relearn, QueryClass resetClass) throws IOException {
    if (reset != null) {
      relearn.resetWeights(resetClass);
      err().println("reset " + reset);
    }
    if (seed != null) {
      err().println("seeded " + relearn.seedWeights(seed) + " ratings");
    }
    print(relearn.weights(), relearn.trust());
  }

  private void print(AdaptiveWeights weights, TrustState trust) {
    Map<String, Map<String, Object>> classes = WeightsViews.summary(weights);
    if (json) {
      Map<String, Object> shown = new LinkedHashMap<>(classes);
      shown.put("trust", TrustViews.map(trust));
      out().println(json(shown));
      return;
    }
    classes.forEach((label, w) -> out().printf(Locale.ROOT,
        "%-17s bm25 %.3f  vector %.3f  learned %.3f  ratings %d (+%d/-%d)%n", label,
        w.get("bm25"), w.get("vector"), w.get("learned"), w.get("ratings"),
        w.get("positives"), w.get("negatives")));
    out().println("trust in the vote of similar past queries: "
        + TrustViews.text(trust.current()));
  }
}
