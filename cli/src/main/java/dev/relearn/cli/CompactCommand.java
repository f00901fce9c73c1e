package dev.relearn.cli;

import dev.relearn.engine.Relearn;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code relearn compact}: merges near-identical past-query clusters. */
@Command(name = "compact",
    footer = {
      "  relearn compact",
      "  relearn compact --index /tmp/notes-index"},
    description = {
      "Merge past-query clusters more similar than 0.98 and report \"compacted N → M\"."})
final class CompactCommand extends CliCommand {
  @Mixin EngineOptions engine;
  @Mixin LockWait lockWait;

  @Override
  public Integer call() throws Exception {
    try (Relearn relearn = engine.open(false)) {
      out().println(relearn.feedbackStore().compact());
    }
    return 0;
  }
}
