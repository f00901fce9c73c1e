package dev.relearn.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import org.apache.lucene.util.Version;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code relearn} command: subcommands for indexing, searching, feedback, statistics,
 * configuration, serving (HTTP and MCP), evaluation, the demo and benchmarks. Exit codes: 0 ok, 1
 * error, 2 usage, 128 + the signal's number when a signal stopped it. Errors are one line on
 * stderr; set {@code RELEARN_DEBUG=1} for stack traces.
 */
@Command(
    name = "relearn",
    mixinStandardHelpOptions = true,
    footerHeading = CliCommand.EXAMPLES,
    footer = {
      "  relearn index docs src",
      "  relearn search \"how do I rotate the keys\"",
      "  relearn serve",
      "  relearn demo"},
    versionProvider = RelearnCli.VersionInfo.class,
    description = "Embedded search over document chunks that learns from its users.",
    subcommands = {
      IndexCommand.class, RemoveCommand.class, SearchCommand.class, StatsCommand.class,
      EvalCommand.class, FeedbackCommand.class, FeedbackStatsCommand.class, CompactCommand.class,
      ForgetCommand.class, DemoCommand.class, BenchCommand.class, ServeCommand.class,
      McpCommand.class, ConfigCommand.class, WeightsCommand.class,
      CommandLine.HelpCommand.class
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:ok", "1:error", "2:usage error",
      "130:stopped by Ctrl-C (SIGINT; 143: SIGTERM, 129: SIGHUP)"})
public final class RelearnCli implements Runnable {
  static { // before any logger prints: its lines look like every other line relearn prints
    if (System.getProperty("java.util.logging.SimpleFormatter.format") == null) {
      System.setProperty("java.util.logging.SimpleFormatter.format", "relearn: %4$s: %5$s%6$s%n");
    }
  }

  /** Held so the level sticks: Lucene's start-up INFO lines would clutter stderr. */
  private static final java.util.logging.Logger LUCENE_LOG =
      java.util.logging.Logger.getLogger("org.apache.lucene");

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(), "missing command");
  }

  /** Runs the command line with the given output streams and returns the exit code. */
  public static int execute(PrintWriter out, PrintWriter err, String... args) {
    LUCENE_LOG.setLevel(java.util.logging.Level.WARNING);
    CommandLine cli = new CommandLine(new RelearnCli());
    cli.setOut(out);
    cli.setErr(err);
    cli.setExecutionExceptionHandler(Errors::failed);
    cli.setParameterExceptionHandler(Errors::handle);
    cli.registerConverter(java.nio.file.Path.class, PathChecks::nonEmpty); // every subcommand's
    HelpWrapping.install(cli);
    int code = cli.execute(args);
    out.flush();
    err.flush();
    return code;
  }

  /** Entry point; output that could not be written is exit code 1 ({@link CheckedOutput}). */
  public static void main(String[] args) {
    LastWord.install();
    CheckedOutput stdout = new CheckedOutput(new FileOutputStream(FileDescriptor.out));
    PrintWriter out = new PrintWriter(new OutputStreamWriter(stdout, System.out.charset()), true);
    PrintWriter err = new PrintWriter(System.err, true);
    int code;
    // a signal no command handles itself: said, then a halt that skips the JVM's shutdown hooks
    try (SignalScope signals = new SignalScope(signal -> {
      LastWord.say(err, "relearn: stopped by SIG" + signal.getName());
      SignalScope.halt(signal);
    })) {
      code = stdout.exitCode(execute(out, err, args), err);
    }
    System.exit(code);
  }

  /** Prints the relearn, Lucene and Java versions. */
  static final class VersionInfo implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      return new String[] {"relearn " + version(),
          "Lucene " + Version.LATEST + ", Java " + Runtime.version()};
    }
  }

  /** relearn's version, as the jar's manifest says; {@code dev} when run from classes. */
  static String version() {
    String version = RelearnCli.class.getPackage().getImplementationVersion();
    return version == null ? "dev" : version;
  }
}
