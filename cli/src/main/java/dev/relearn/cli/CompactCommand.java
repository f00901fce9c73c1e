package dev.relearn.cli;

import dev.relearn.engine.Relearn;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Spec;

/** {@code relearn compact}: merges near-identical past-query clusters. */
@Command(name = "compact", mixinStandardHelpOptions = true,
    footerHeading = Examples.HEADING,
    footer = {
      "  relearn compact",
      "  relearn compact --index /tmp/notes-index"},
    description = {
      "Merge past-query clusters more similar than 0.98 and report \"compacted N → M\"."})
final class CompactCommand implements Callable<Integer> {
  @Mixin EngineOptions engine;
  @Mixin LockWait lockWait;
  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    try (Relearn relearn = engine.open(false)) {
      spec.commandLine().getOut().println(relearn.feedbackStore().compact());
    }
    return 0;
  }
}
