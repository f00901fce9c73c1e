package dev.relearn.server.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.relearn.engine.ModelChoice;
import dev.relearn.engine.Relearn;
import dev.relearn.engine.RelearnOptions;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * A real server on a real small index for tests: a few Markdown files indexed with the hashing
 * embedder (instant, no model), the server on a free loopback port, and a JDK {@link
 * HttpClient}. The server's log is captured so tests can check that no query text reaches it.
 */
final class TestServer implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();

  final Relearn relearn;
  final HttpApiServer server;
  final HttpClient client;
  private final ByteArrayOutputStream log = new ByteArrayOutputStream();

  private TestServer(Relearn relearn, HttpApiConfig config) throws IOException {
    this.relearn = relearn;
    this.server = HttpApiServer.start(relearn, config,
        new PrintStream(log, true, StandardCharsets.UTF_8));
    this.client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(60)).build();
  }

  /** Indexes the test documents into {@code tmp/index} and serves them. */
  static TestServer start(Path tmp) throws IOException {
    return start(tmp, HttpApiConfig.defaults().withAddress("127.0.0.1", 0));
  }

  /** Indexes the test documents into {@code tmp/index} and serves them with {@code config}. */
  static TestServer start(Path tmp, HttpApiConfig config) throws IOException {
    Relearn relearn = Relearn.open(tmp.resolve("index"), hashing());
    try {
      relearn.index(writeDocs(tmp.resolve("docs")), SourceFormat.AUTO, Progress.NONE);
      return new TestServer(relearn, config);
    } catch (IOException | RuntimeException e) {
      relearn.close();
      throw e;
    }
  }

  /** Serves an engine someone else opened (and closes). */
  static TestServer serve(Relearn relearn) throws IOException {
    return new TestServer(relearn, HttpApiConfig.defaults().withAddress("127.0.0.1", 0));
  }

  /** The engine options tests use: the hashing embedder. */
  static RelearnOptions hashing() {
    return RelearnOptions.defaults().withModel(ModelChoice.HASHING);
  }

  /** Writes a few Markdown documents with headings into {@code dir}. */
  static Path writeDocs(Path dir) throws IOException {
    Files.createDirectories(dir);
    Files.writeString(dir.resolve("keys.md"), "# Keys\n\n## Rotate signing keys\n\nRotate the"
        + " signing keys every 90 days with the key tool.\n\n## Revoke a key\n\nRevoke a leaked"
        + " key at once and rotate the others.\n");
    Files.writeString(dir.resolve("cache.md"), "# Cache\n\n## Size\n\nThe query cache keeps 100"
        + " query vectors in memory.\n\n## Eviction\n\nThe least recently used entry goes"
        + " first.\n");
    Files.writeString(dir.resolve("deploy.md"), "# Deploying\n\n## Rolling restart\n\nRestart"
        + " one node at a time so that searches keep working.\n\n## Rollback\n\nKeep the"
        + " previous release to roll back a bad deploy.\n");
    Files.writeString(dir.resolve("http.md"), "# HTTP server\n\n## Limits\n\nRequest bodies"
        + " are limited to 64 KiB and JSON nesting to 32 levels.\n\n## Threads\n\nA bounded"
        + " pool of worker threads handles requests.\n");
    return dir;
  }

  /** The server's URL for {@code path}. */
  URI uri(String path) {
    return server.uri().resolve(path);
  }

  /** GETs {@code path}. */
  Response get(String path) throws IOException, InterruptedException {
    return send(HttpRequest.newBuilder(uri(path)).GET().build());
  }

  /** POSTs {@code json} to {@code path} as application/json. */
  Response post(String path, String json) throws IOException, InterruptedException {
    return post(path, "application/json", json);
  }

  /** POSTs {@code body} to {@code path} with {@code contentType} (none when null). */
  Response post(String path, String contentType, String body)
      throws IOException, InterruptedException {
    HttpRequest.Builder request = HttpRequest.newBuilder(uri(path))
        .POST(HttpRequest.BodyPublishers.ofString(body));
    if (contentType != null) {
      request.header("Content-Type", contentType);
    }
    return send(request.build());
  }

  /** Sends {@code request}, reading a JSON body when there is one. */
  Response send(HttpRequest request) throws IOException, InterruptedException {
    HttpResponse<String> response = client.send(request,
        HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    String type = response.headers().firstValue("Content-Type").orElse("");
    JsonNode json = type.startsWith("application/json") ? JSON.readTree(response.body()) : null;
    return new Response(response.statusCode(), json, response.headers(), response.body());
  }

  /** Everything the server logged. */
  String log() {
    return log.toString(StandardCharsets.UTF_8);
  }

  /**
   * The log once it holds {@code line}, or as it is after {@link RawSockets#PATIENCE}: a closed
   * connection is logged once the closing thread is done, maybe after the client saw it.
   */
  String logOnce(String line) throws InterruptedException {
    long deadline = System.nanoTime() + RawSockets.PATIENCE.toNanos();
    while (!log().contains(line) && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    return log();
  }

  @Override
  public void close() throws IOException {
    try {
      server.close();
    } finally {
      relearn.close();
    }
  }

  /** A response: status, JSON body (null when not JSON), headers and raw body. */
  record Response(int status, JsonNode json, HttpHeaders headers, String body) {
    /** The error message of a JSON error body. */
    String error() {
      return json == null || json.get("error") == null ? body : json.get("error").asText();
    }
  }
}
