package dev.relearn.cli.mcp;

import dev.relearn.cli.CliProcess;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Spawns {@code relearn mcp} as a real process (this JVM's java, the test class path and the
 * surefire JVM flags) and connects the MCP SDK's own client to it over stdio.
 */
final class McpProcess {
  private McpProcess() {}

  /** The java binary of the running JVM. */
  static String java() {
    return CliProcess.java();
  }

  /** The command line after the java binary: flags, class path, main class, arguments. */
  static List<String> arguments(String... relearnArgs) {
    return CliProcess.arguments(relearnArgs);
  }

  /**
   * A client (not yet initialized) of {@code relearn mcp --index INDEX ...extra}; the server's
   * stderr lines are added to {@code stderr}.
   */
  static McpSyncClient client(Path index, ConcurrentLinkedQueue<String> stderr,
      String... extra) {
    List<String> relearnArgs = new ArrayList<>(List.of("mcp", "--index", index.toString()));
    relearnArgs.addAll(List.of(extra));
    ServerParameters parameters = ServerParameters.builder(java())
        .args(arguments(relearnArgs.toArray(new String[0]))).build();
    StdioClientTransport transport =
        new StdioClientTransport(parameters, McpJsonDefaults.getMapper());
    transport.setStdErrorHandler(stderr::add);
    return McpClient.sync(transport).requestTimeout(Duration.ofSeconds(30))
        .initializationTimeout(Duration.ofSeconds(60)).build();
  }
}
