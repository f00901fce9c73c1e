package dev.relearn.cli;

import dev.relearn.engine.IndexStats;
import dev.relearn.engine.Relearn;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code relearn stats}: what an index holds. */
@Command(name = "stats", mixinStandardHelpOptions = true,
    footerHeading = Examples.HEADING,
    footer = {
      "  relearn stats",
      "  relearn stats --index /tmp/notes-index --json"},
    description = "Show what an index holds: chunks by kind, sources (each with its chunks),"
        + " model and size.")
final class StatsCommand implements Callable<Integer> {
  @Mixin EngineOptions engine;
  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Option(names = "--json", description = "Print one JSON object.")
  boolean json;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    try (Relearn relearn = engine.open(true)) {
      IndexStats stats = relearn.stats();
      if (json) {
        out.println(Json.write(toJson(stats)));
      } else {
        out.println("index:    " + stats.directory());
        out.println("model:    " + stats.modelId() + " (" + stats.dimension() + " dims)");
        out.println("chunks:   " + stats.chunks() + " " + stats.chunksByKind());
        out.println("sources:  " + stats.origins());
        stats.chunksByOrigin().forEach((origin, chunks) ->
            out.println("  " + origin + "  " + chunks + " chunk" + (chunks == 1 ? "" : "s")));
        out.println("segments: " + stats.segments());
        out.printf(Locale.ROOT, "size:     %.1f MB index, %.1f MB feedback%n",
            stats.sizeBytes() / 1e6, stats.feedbackBytes() / 1e6);
      }
    }
    return 0;
  }

  /** {@code stats} with snake_case keys, as every other JSON output of relearn. */
  private static Map<String, Object> toJson(IndexStats stats) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("directory", stats.directory());
    json.put("model_id", stats.modelId());
    json.put("dimension", stats.dimension());
    json.put("chunks", stats.chunks());
    json.put("chunks_by_kind", stats.chunksByKind());
    json.put("origins", stats.origins());
    json.put("chunks_by_origin", stats.chunksByOrigin());
    json.put("segments", stats.segments());
    json.put("size_bytes", stats.sizeBytes());
    json.put("feedback_bytes", stats.feedbackBytes());
    return json;
  }
}
