package dev.relearn.cli;

import dev.relearn.engine.ConsoleProgress;
import dev.relearn.engine.IndexInputs;
import dev.relearn.engine.Relearn;
import dev.relearn.engine.search.SearchRequest;
import dev.relearn.engine.search.SearchResults;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code relearn demo}: indexes relearn's own docs and source, then runs example searches. */
@Command(name = "demo",
    footer = {
      "  relearn demo",
      "  relearn demo --source ../my-project --index /tmp/demo-index"},
    description = {"Index relearn's own docs and source, then run example searches.",
        "The index is .relearn/ unless --index names another; each example query runs in"
            + " hybrid mode and its top 3 hits are shown."})
final class DemoCommand extends CliCommand {
  static final List<String> QUERIES = List.of(
      "how are BM25 and vector scores fused",
      "what happens when another process already has the index open",
      "parseHttpRequest",
      "which files does the directory walk skip?");

  @Mixin EngineOptions engine;
  @Mixin WriteOptions writes;

  @Option(names = "--source", paramLabel = "DIR",
      description = "What to index (default: the relearn project folder).")
  Path source;

  @Override
  public Integer call() throws Exception {
    Path root = source != null ? source : projectRoot();
    if (!Files.isDirectory(root)) { // before the index is created
      throw new IllegalArgumentException("--source " + root + (Files.exists(root)
          ? " is a file, not a folder" : ": no such folder") + "; nothing was indexed");
    }
    PrintWriter out = out();
    try (Relearn relearn = engine.openOrCreate(engine.options(false))) {
      out.println("relearn demo: indexing " + root + " into " + relearn.directory());
      var report = relearn.index(root, IndexInputs.format("files"),
          ConsoleProgress.stderr());
      out.println(report.summary());
      IndexCommand.printProblems(err(), report.problems());
      for (String query : QUERIES) {
        out.println();
        out.println("search: \"" + query + "\"");
        long start = System.nanoTime();
        SearchResults results = relearn.search(SearchRequest.of(query).withK(3));
        double millis = (System.nanoTime() - start) / 1e6;
        HitPrinter.print(out, results.hits());
        out.printf(Locale.ROOT, "    (hybrid, %.1f ms)%n", millis);
      }
      out.println();
      String index = given("--index") ? "--index " + relearn.directory() + " " : "";
      out.println("Try your own: bin/relearn search " + index + "\"your question\"   (see"
          + " bin/relearn --help)");
    }
    return 0;
  }

  /** The project folder: RELEARN_ROOT (set by bin/relearn), else found from the jar's place. */
  static Path projectRoot() {
    String home = System.getenv("RELEARN_ROOT");
    if (home != null && !home.isBlank()) {
      return Path.of(home);
    }
    try {
      Path jar = Path.of(DemoCommand.class.getProtectionDomain().getCodeSource().getLocation()
          .toURI());
      for (Path dir = jar.getParent(); dir != null; dir = dir.getParent()) {
        if (Files.exists(dir.resolve("pom.xml")) && Files.isDirectory(dir.resolve("cli"))) {
          return dir;
        }
      }
    } catch (java.net.URISyntaxException e) {
      throw new IllegalStateException("cannot locate the relearn jar", e);
    }
    throw new IllegalStateException(
        "cannot find the relearn project folder; pass --source DIR or set RELEARN_ROOT");
  }
}
