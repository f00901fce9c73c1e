package dev.relearn.cli.mcp;

import dev.relearn.cli.CliProcess;
import dev.relearn.engine.ModelChoice;
import dev.relearn.engine.Relearn;
import dev.relearn.engine.RelearnOptions;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import java.io.IOException;
import java.nio.file.Files;
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

  /** Options of a fast engine for the tests' own opens: the hashing model. */
  static final RelearnOptions HASHING = RelearnOptions.defaults().withModel(ModelChoice.HASHING);

  /**
   * A one-chunk index under {@code tmp} ({@code docs/keys.md}: "Rotate the signing keys
   * often."), built with the hashing model; returns its folder.
   */
  static Path keysIndex(Path tmp) throws IOException {
    Path docs = Files.createDirectories(tmp.resolve("docs"));
    Files.writeString(docs.resolve("keys.md"), "# Keys\nRotate the signing keys often.\n");
    Path index = tmp.resolve("index");
    try (Relearn relearn = Relearn.open(index, HASHING)) {
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
    }
    return index;
  }

  /**
   * A client (not yet initialized) of {@code relearn mcp --index INDEX ...extra}; the server's
   * stderr lines are added to {@code stderr}.
   */
  static McpSyncClient client(Path index, ConcurrentLinkedQueue<String> stderr,
      String... extra) {
    List<String> relearnArgs = new ArrayList<>(List.of("mcp", "--index", index.toString()));
    relearnArgs.addAll(List.of(extra));
    ServerParameters parameters = ServerParameters.builder(CliProcess.java())
        .args(CliProcess.arguments(relearnArgs.toArray(new String[0]))).build();
    StdioClientTransport transport =
        new StdioClientTransport(parameters, McpJsonDefaults.getMapper());
    transport.setStdErrorHandler(stderr::add);
    return McpClient.sync(transport).requestTimeout(Duration.ofSeconds(30))
        .initializationTimeout(Duration.ofSeconds(60)).build();
  }
}
