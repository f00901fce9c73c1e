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
 * relearn's HTTP JSON API (docs/HTTP.md) and dashboard on an open engine, which its owner closes
 * after the server. Each request runs on a virtual thread of its own; at most {@link
 * HttpApiConfig#threads()} do engine work at once. The JDK server's limits ({@link
 * JdkServerLimits}) cap connections and headers; a client that keeps a request waiting longer
 * than {@link HttpApiConfig#networkTimeoutMillis()} loses its connection ({@link
 * NetworkDeadlines}).
 */
public final class HttpApiServer implements AutoCloseable {
  private final HttpServer server;
  private final ExecutorService workers;
  private final NetworkDeadlines deadlines;
  private final URI uri;
  private final Router router;
  private final long drainMillis;

  private HttpApiServer(HttpServer server, ExecutorService workers, NetworkDeadlines deadlines,
      URI uri, Router router, long drainMillis) {
    this.server = server;
    this.workers = workers;
    this.deadlines = deadlines;
    this.uri = uri;
    this.router = router;
    this.drainMillis = drainMillis;
  }

  /**
   * Binds and serves {@code relearn} as {@code config} says, logging problems (never a body or
   * query text) to {@code log}.
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
        + bound.getPort() + "/"), router, config.networkTimeoutMillis());
  }

  /** The server's base URL, e.g. {@code http://127.0.0.1:7700/}: the dashboard. */
  public URI uri() {
    return uri;
  }

  /**
   * Refuses new requests (503) and lets those being handled finish, for up to as long as a client
   * may keep one waiting ({@link HttpApiConfig#networkTimeoutMillis()}); then stops accepting,
   * gives what still runs a second more, and stops it. Returns at once when no request runs.
   */
  @Override
  public void close() {
    try {
      router.drain(drainMillis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // stop at once: the waits below end too
    }
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
