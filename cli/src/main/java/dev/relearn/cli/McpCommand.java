package dev.relearn.cli;

import dev.relearn.engine.Relearn;
import dev.relearn.server.mcp.RelearnMcpServer;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code relearn mcp}: the MCP stdio server, until the client closes stdin. */
@Command(name = "mcp",
    footer = {
      "  relearn mcp",
      "  relearn mcp --index /path/to/project/.relearn"},
    description = {"Serve relearn to an agent host as an MCP server on stdio (docs/MCP.md).",
        "Tools: search, search_all, record_feedback, set_context. stdout carries only protocol"
            + " messages; notes go to stderr. When another process holds the index (a relearn"
            + " command gets 10 s to end), it is served read-only: search works, record_feedback"
            + " answers with an error.",
        "Query text is kept in memory for the live session only: never stored or logged."})
final class McpCommand extends CliCommand {
  @Mixin EngineOptions engine;
  @Mixin WriteOptions writes;

  @Override
  public Integer call() throws Exception {
    PrintWriter err = err();
    PrintStream protocol = System.out;
    // Whatever else might print to stdout would corrupt the protocol: send it to stderr.
    System.setOut(System.err);
    try {
      // waits for a relearn command (a search holds the lock 1 to 3 s): read-only is for life
      Relearn relearn =
          engine.openPreferWritable("serving it read-only: record_feedback is off", true);
      RelearnMcpServer server = new RelearnMcpServer(relearn);
      return StopSignals.serve(err, "relearn-mcp-stop", () -> {
        server.close();
        try {
          relearn.close();
          err.println("relearn: stopped");
        } catch (IOException | RuntimeException e) {
          err.println("relearn: closing the index failed: " + Errors.sentence(e));
        } finally {
          err.flush();
        }
      }, () -> {
        err.println("relearn: MCP server on stdio for " + relearn.directory()
            + (relearn.readOnly() ? " (read-only: record_feedback is off)" : ""));
        err.flush();
        Thread.ofPlatform().daemon().name("relearn-mcp-warmup").start(relearn::embedder);
        server.serve(System.in, protocol, RelearnCli.version());
      });
    } finally {
      System.setOut(protocol);
    }
  }
}
