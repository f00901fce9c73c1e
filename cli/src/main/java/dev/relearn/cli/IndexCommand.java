package dev.relearn.cli;

import dev.relearn.engine.ConsoleProgress;
import dev.relearn.engine.IndexInputs;
import dev.relearn.engine.IndexStats;
import dev.relearn.engine.Relearn;
import dev.relearn.engine.RelearnCluster;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code relearn index}: adds folders, files, JSONL or BEIR corpora to an index, incrementally. */
@Command(name = "index",
    footer = {
      "  relearn index docs src",
      "  relearn index docs/guide.md",
      "  relearn index --index /tmp/notes-index --model hashing notes",
      "  relearn index --format jsonl chunks.jsonl"},
    description = {"Index folders of docs and code, JSONL chunk files or BEIR corpora.",
        "Re-running embeds only what changed, deletes chunks of removed files and keeps learned"
            + " values. Exit code 1 if any file or line could not be indexed (the rest is)."})
final class IndexCommand extends CliCommand {
  private static final int PROBLEMS_SHOWN = 20;

  @Mixin EngineOptions engine;
  @Mixin WriteOptions writes;
  @Mixin LockWait lockWait;
  @Mixin ClusterOption cluster;

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "auto",
      description = "auto, files, jsonl or beir (default: ${DEFAULT-VALUE}).")
  String format;

  @Parameters(paramLabel = "PATH", arity = "1..*", description = "Folders or files to index.")
  List<Path> paths;

  @Override
  public Integer call() throws Exception {
    var sourceFormat = check(() -> IndexInputs.format(format));
    PrintWriter err = err();
    List<Path> missing = paths.stream().filter(path -> !Files.exists(path)).toList();
    if (!missing.isEmpty()) { // before anything is opened or created
      throw new IllegalArgumentException(missing.stream()
          .map(path -> IndexInputs.missing(path.toAbsolutePath().normalize()))
          .collect(Collectors.joining("; ")) + "; nothing was indexed");
    }
    for (Path path : paths) { // a path that does not suit the format, too: no index created
      try {
        IndexInputs.check(path, sourceFormat);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(e.getMessage() + "; nothing was indexed", e);
      }
    }
    int problems = 0;
    if (cluster.given()) {
      try (RelearnCluster relearn = cluster.connect(engine)) {
        for (Path path : paths) {
          var report = relearn.index(path, sourceFormat, ConsoleProgress.stderr());
          problems += print(err, report.summary(), report.problems(),
              report.emptiedWarning());
        }
      }
    } else {
      try (Relearn relearn = engine.openOrCreate(engine.options(false))) {
        for (Path path : paths) {
          var report = Interruption.indexing(err, path,
              () -> relearn.index(path, sourceFormat, ConsoleProgress.stderr()));
          problems += print(err, report.summary(), report.problems(),
              report.emptiedWarning());
        }
        warnMissing(err, relearn.stats());
      }
    }
    if (problems > 0) {
      err.println("relearn: " + problems + " problem(s); everything else was indexed");
      return 1;
    }
    return 0;
  }

  /** Prints a run's summary, problems and {@code warning} (unless null); returns the problems. */
  private int print(PrintWriter err, String summary, List<?> problems, String warning) {
    out().println(summary);
    printProblems(err, problems);
    if (warning != null) {
      err.println("relearn: " + TerminalText.safe(warning));
    }
    return problems.size();
  }

  static void printProblems(PrintWriter err, List<?> problems) {
    for (int i = 0; i < Math.min(PROBLEMS_SHOWN, problems.size()); i++) {
      err.println("  problem: " + TerminalText.safe(problems.get(i).toString()));
    }
    if (problems.size() > PROBLEMS_SHOWN) {
      err.println("  ... and " + (problems.size() - PROBLEMS_SHOWN) + " more");
    }
  }

  /** One line for each source no longer on disk, whose chunks are still searched. */
  private static void warnMissing(PrintWriter err, IndexStats stats) {
    for (String origin : stats.missingOrigins()) {
      int chunks = stats.chunksByOrigin().get(origin);
      err.println("relearn: " + TerminalText.safe(origin) + " is no longer on disk, but its "
          + chunks + " chunk" + (chunks == 1 ? " is" : "s are") + " still searched; relearn"
          + " remove " + TerminalText.safe(origin) + " takes " + (chunks == 1 ? "it" : "them")
          + " out");
    }
  }
}
