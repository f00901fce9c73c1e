package dev.relearn.cli;

import dev.relearn.engine.IndexStats;
import dev.relearn.engine.Relearn;
import dev.relearn.engine.RelearnCluster;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code relearn stats}: what an index holds. */
@Command(name = "stats",
    footer = {
      "  relearn stats",
      "  relearn stats --index /tmp/notes-index --json"},
    description = "Show what an index holds: chunks by kind, sources (each with its chunks),"
        + " model and size.")
final class StatsCommand extends CliCommand.WithJson {
  @Mixin EngineOptions engine;
  @Mixin ClusterOption cluster;

  @Override
  public Integer call() throws Exception {
    if (cluster.given()) {
      try (RelearnCluster relearn = cluster.connect(engine)) {
        print(check(relearn::stats));
      }
      return 0;
    }
    try (Relearn relearn = engine.open(true)) {
      print(relearn.stats());
    }
    return 0;
  }

  private void print(IndexStats stats) {
    if (json) {
      out().println(json(stats));
      return;
    }
    PrintWriter out = out();
    out.println("index:    " + stats.directory());
    out.println("model:    " + stats.modelId() + " (" + stats.dimension() + " dims)");
    out.println("chunks:   " + stats.chunks() + " " + stats.chunksByKind());
    out.println("sources:  " + stats.origins());
    List<String> missing = stats.missingOrigins();
    stats.chunksByOrigin().forEach((origin, chunks) -> out.println("  " + origin + "  " + chunks
        + " chunk" + (chunks == 1 ? "" : "s") + (missing.contains(origin)
        ? "  missing: no longer on disk; relearn remove it to take its chunks out" : "")));
    stats.unfinished().forEach(origin -> out.println("  " + origin + "  unfinished: its last"
        + " index run stopped part-way; run relearn index on it again"));
    out.println("segments: " + stats.segments());
    out.printf(Locale.ROOT, "size:     %.1f MB index, %.1f MB feedback%n",
        stats.sizeBytes() / 1e6, stats.feedbackBytes() / 1e6);
  }
}
