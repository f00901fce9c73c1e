package dev.relearn.cli;

import dev.relearn.engine.Relearn;
import dev.relearn.indexer.build.ConsoleProgress;
import dev.relearn.indexer.build.IndexReport;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.indexer.source.SourceProblem;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code relearn index}: adds folders, files, JSONL or BEIR corpora to an index, incrementally. */
@Command(name = "index", mixinStandardHelpOptions = true,
    description = {"Index folders of docs and code, JSONL chunk files or BEIR corpora.",
        "Re-running embeds only what changed, deletes chunks of removed files and keeps learned"
            + " values. Exit code 1 if any file or line could not be indexed (the rest is)."})
final class IndexCommand implements Callable<Integer> {
  private static final int PROBLEMS_SHOWN = 20;

  @Mixin EngineOptions engine;
  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "auto",
      description = "auto, files, jsonl or beir (default: ${DEFAULT-VALUE}).")
  String format;

  @Parameters(paramLabel = "PATH", arity = "1..*", description = "Folders or files to index.")
  List<Path> paths;

  @Override
  public Integer call() throws Exception {
    SourceFormat sourceFormat = Usage.check(spec, () -> SourceFormat.fromLabel(format));
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    List<Path> missing = paths.stream().filter(path -> !Files.exists(path)).toList();
    if (!missing.isEmpty()) { // before anything is opened or created
      throw new IllegalArgumentException("no such file or folder: " + missing.stream()
          .map(path -> path.toAbsolutePath().normalize().toString())
          .collect(Collectors.joining(", ")) + "; nothing was indexed");
    }
    int problems = 0;
    AtomicReference<Path> current = new AtomicReference<>();
    Thread notice = new Thread(() -> interrupted(err, current.get()), "relearn-interrupted");
    Runtime.getRuntime().addShutdownHook(notice);
    try (Relearn relearn = engine.openOrCreate()) {
      for (Path path : paths) {
        current.set(path);
        IndexReport report = relearn.index(path, sourceFormat, ConsoleProgress.stderr());
        current.set(null);
        out.println(report.summary());
        problems += report.problems().size();
        printProblems(err, report.problems());
      }
    } finally {
      current.set(null);
      try {
        Runtime.getRuntime().removeShutdownHook(notice);
      } catch (IllegalStateException shuttingDown) {
        // the JVM is already shutting down: the notice runs, and says nothing (current is null)
      }
    }
    if (problems > 0) {
      err.println("relearn: " + problems + " problem(s); everything else was indexed");
      return 1;
    }
    return 0;
  }

  /**
   * Says what a signal (Ctrl-C, SIGTERM) interrupted, if anything: a path is committed once, at
   * its end, so the index is as it was before that path, and the vectors embedded so far are in
   * the vector cache for the next run.
   */
  private static void interrupted(PrintWriter err, Path path) {
    if (path == null) {
      return;
    }
    err.println();
    err.println("relearn: interrupted while indexing " + path.toAbsolutePath().normalize()
        + ": its changes were not committed, so the index is as it was before it (paths"
        + " finished earlier in this run are kept). The vectors embedded so far are cached: run"
        + " the same command again to finish.");
    err.flush();
  }

  static void printProblems(PrintWriter err, List<SourceProblem> problems) {
    for (int i = 0; i < Math.min(PROBLEMS_SHOWN, problems.size()); i++) {
      err.println("  problem: " + problems.get(i));
    }
    if (problems.size() > PROBLEMS_SHOWN) {
      err.println("  ... and " + (problems.size() - PROBLEMS_SHOWN) + " more");
    }
  }
}
