package dev.relearn.cli;

import dev.relearn.engine.Relearn;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code relearn remove}: takes whole indexed sources out of an index. */
@Command(name = "remove",
    footer = {
      "  relearn remove --dry-run docs",
      "  relearn remove docs chunks.jsonl"},
    description = {"Remove indexed sources (folders, files, JSONL files, BEIR corpora) or"
        + " deleted parts of an indexed folder, in one commit.",
        "A PATH that is not a source, or under which nothing is indexed, is an error listing"
            + " the sources; nothing is removed then. Feedback on removed chunks is kept."})
final class RemoveCommand extends CliCommand {
  @Mixin EngineOptions engine;
  @Mixin LockWait lockWait;

  @Option(names = "--dry-run", description = "Print what would be removed; remove nothing.")
  boolean dryRun;

  @Parameters(paramLabel = "PATH", arity = "1..*",
      description = "Sources to remove, as given to 'relearn index'.")
  List<Path> paths;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = out();
    try (Relearn relearn = engine.open(dryRun)) {
      var planned = relearn.remove(paths, true); // every path checked first
      List<String> empty = planned.stream().filter(report -> report.chunks() == 0)
          .map(report -> report.origin()).toList();
      if (!empty.isEmpty()) { // a deleted part of an indexed folder that held nothing: a typo?
        throw new IllegalArgumentException("nothing is indexed under " + String.join(", ", empty)
            + ": removed already, or misspelled? relearn stats lists the sources; nothing was"
            + " removed");
      }
      for (var report : dryRun ? planned : relearn.remove(paths, false)) {
        out.println(report.summary(dryRun));
      }
    }
    return 0;
  }
}
