package dev.relearn.server.http;

import com.sun.net.httpserver.HttpServer;
import dev.relearn.engine.Relearn;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * relearn's HTTP JSON API and dashboard on an open engine.
 *
 * <p>Lifecycle: {@link #start} binds and serves at once; {@link #close()} stops accepting, lets
 * running requests finish for up to a second and stops them. The engine stays open: its owner
 * closes it after the server. Each request runs on a virtual thread of its own, which reads it,
 * answers it and may wait for the client without holding anything scarce; at most {@link
 * HttpApiConfig#threads()} of them do engine work at once (the others wait for a permit). The
 * JDK server's own limits cap the connections open at once and the size of headers ({@link
 * JdkServerLimits}: system properties, set when the user has not). A client that keeps its
 * request waiting (half a request, an answer it does not read) longer than {@link
 * HttpApiConfig#networkTimeoutMillis()} loses its connection ({@link NetworkDeadlines}).
 *
 * <p>Endpoints (docs/HTTP.md): {@code POST /api/search}, {@code POST /api/feedback}, {@code GET
 * /api/feedback/weights}, {@code GET /api/feedback/stats}, {@code GET /api/feedback/recent},
 * {@code POST /api/feedback/reset}, {@code GET /api/health}; the dashboard at {@code /}.
 */
public final class HttpApiServer implements AutoCloseable {
  private final HttpServer server;
  private final ExecutorService workers;
  private final NetworkDeadlines deadlines;
  private final URI uri;

  private HttpApiServer(HttpServer server, ExecutorService workers, NetworkDeadlines deadlines,
      URI uri) {
    this.server = server;
    this.workers = workers;
    this.deadlines = deadlines;
    this.uri = uri;
  }

  /**
   * Serves {@code relearn} as {@code config} says; problems are logged to {@code log} (never a
   * request's body or query text). Sets the JDK server's limits that are not set ({@link
   * JdkServerLimits}).
   *
   * @throws java.net.BindException if the port is taken
   */
  public static HttpApiServer start(Relearn relearn, HttpApiConfig config, PrintStream log)
      throws IOException {
    Objects.requireNonNull(relearn, "relearn");
    Objects.requireNonNull(log, "log");
    InetSocketAddress address =
        new InetSocketAddress(InetAddress.getByName(config.host()), config.port());
    DashboardFiles files = new DashboardFiles();
    NetworkDeadlines deadlines = new NetworkDeadlines(config.networkTimeoutMillis(), log);
    JsonBodies json = new JsonBodies(config, deadlines);
    Endpoints api = new Endpoints(relearn);
    Router router = new Router(files, json, log,
        new HostCheck(address.getAddress().isLoopbackAddress()), deadlines, config.threads())
        .add("POST", "/api/search", (body, parameters) -> api.search(body))
        .add("POST", "/api/feedback", (body, parameters) -> api.record(body))
        .add("POST", "/api/feedback/reset", (body, parameters) -> api.reset(body))
        .add("GET", "/api/feedback/weights", (body, parameters) -> api.weights())
        .add("GET", "/api/feedback/stats", (body, parameters) -> api.stats())
        .add("GET", "/api/feedback/recent", Set.of("limit"),
            (body, parameters) -> api.recent(parameters.get("limit")))
        .add("GET", "/api/health", (body, parameters) -> api.health());
    HttpServer server;
    try {
      JdkServerLimits.apply();
      server = HttpServer.create(address, 0);
    } catch (IOException | RuntimeException e) {
      deadlines.close();
      throw e;
    }
    ExecutorService workers = Executors.newThreadPerTaskExecutor(
        Thread.ofVirtual().name("relearn-http-", 1).factory());
    server.setExecutor(task -> workers.execute(deadlines.track(task)));
    server.createContext("/", router);
    server.start();
    InetSocketAddress bound = server.getAddress();
    String host = bound.getAddress().getHostAddress();
    if (host.contains(":")) {
      host = bound.getAddress().isLoopbackAddress() ? "[::1]" : "[" + host + "]";
    }
    return new HttpApiServer(server, workers, deadlines, URI.create("http://" + host + ":"
        + bound.getPort() + "/"));
  }

  /** The server's base URL, e.g. {@code http://127.0.0.1:7700/}: the dashboard. */
  public URI uri() {
    return uri;
  }

  /** The port it listens on (the one picked when the configured port was 0). */
  public int port() {
    return server.getAddress().getPort();
  }

  /** Stops accepting, gives running requests up to a second, and stops them. */
  @Override
  public void close() {
    server.stop(1);
    workers.shutdown();
    try {
      if (!workers.awaitTermination(5, TimeUnit.SECONDS)) {
        workers.shutdownNow();
      }
    } catch (InterruptedException e) {
      workers.shutdownNow();
      Thread.currentThread().interrupt();
    } finally {
      deadlines.close();
    }
  }
}
