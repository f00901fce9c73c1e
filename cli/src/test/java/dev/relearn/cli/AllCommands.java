package dev.relearn.cli;

import java.util.List;
import picocli.CommandLine;

/** Every command of relearn's command line, for tests that check them all. */
final class AllCommands {
  private AllCommands() {}

  /** {@code relearn} and every subcommand below it, depth first, without picocli's {@code help}. */
  static List<CommandLine> of() {
    return below(new CommandLine(new RelearnCli()));
  }

  /** {@code cli} and every subcommand below it, depth first, without {@code help}. */
  static List<CommandLine> below(CommandLine cli) {
    return CliReference.commands(cli);
  }
}
