package dev.relearn.cli;

import dev.relearn.engine.Relearn;
import dev.relearn.server.mcp.RelearnMcpServer;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Spec;

/** {@code relearn mcp}: the MCP stdio server, until the client closes stdin. */
@Command(name = "mcp", mixinStandardHelpOptions = true,
    footerHeading = Examples.HEADING,
    footer = {
      "  relearn mcp",
      "  relearn mcp --index /path/to/project/.relearn"},
    description = {"Serve relearn to an agent host as an MCP server on stdio (docs/MCP.md).",
        "Tools: search, search_all, record_feedback, set_context. stdout carries only protocol"
            + " messages; notes go to stderr. When another process holds the index, it is served"
            + " read-only: search works, record_feedback answers with an error.",
        "Query text is kept in memory for the live session only: never stored or logged."})
final class McpCommand implements Callable<Integer> {
  @Mixin EngineOptions engine;
  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    PrintWriter err = spec.commandLine().getErr();
    PrintStream protocol = System.out;
    // Whatever else might print to stdout would corrupt the protocol: send it to stderr.
    System.setOut(System.err);
    try {
      Relearn relearn = engine.openPreferWritable(err, "serving it read-only: record_feedback"
          + " is off");
      RelearnMcpServer server = new RelearnMcpServer(relearn);
      Runnable stop = new StopOnce(() -> {
        server.close();
        try {
          relearn.close();
        } catch (IOException | RuntimeException e) {
          err.println("relearn: closing the index failed: " + e);
          err.flush();
        }
      });
      Thread hook = new Thread(stop, "relearn-mcp-stop");
      Runtime.getRuntime().addShutdownHook(hook); // for exits other than by StopSignals
      err.println("relearn: MCP server on stdio for " + relearn.directory()
          + (relearn.readOnly() ? " (read-only: record_feedback is off)" : ""));
      err.flush();
      Thread.ofPlatform().daemon().name("relearn-mcp-warmup").start(relearn::embedder);
      // the signals stay handled until the stop has run: the end of the input and a SIGTERM
      // often come together, and the JVM's own exit must not run under the stop
      try (StopSignals signals = new StopSignals(err, stop)) {
        try {
          server.serve(System.in, protocol, version());
        } finally {
          stop.run(); // or waits for the signal's stop, already under way
        }
        return signals.exitCode(0);
      } finally {
        removeHook(hook);
      }
    } finally {
      System.setOut(protocol);
    }
  }

  private static void removeHook(Thread hook) {
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException shuttingDown) {
      // the JVM is already exiting: the hook runs (and finds the server stopped)
    }
  }

  private static String version() {
    String version = RelearnCli.class.getPackage().getImplementationVersion();
    return version == null ? "dev" : version;
  }
}
