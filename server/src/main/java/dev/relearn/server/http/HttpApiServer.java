package dev.relearn.server.http;

import com.sun.net.httpserver.HttpServer;
import dev.relearn.engine.Relearn;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.Objects;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * relearn's HTTP JSON API and dashboard on an open engine.
 *
 * <p>Lifecycle: {@link #start} binds and serves at once; {@link #close()} stops accepting, lets
 * running requests finish for up to a second and stops the workers. The engine stays open: its
 * owner closes it after the server. Requests run on a bounded pool of {@link
 * HttpApiConfig#threads()} workers with a bounded queue; when both are full the accepting thread
 * runs the request itself, which slows intake instead of dropping requests. A client that keeps a
 * worker waiting (half a request, an answer it does not read) longer than {@link
 * HttpApiConfig#networkTimeoutMillis()} loses its connection ({@link NetworkDeadlines}).
 *
 * <p>Endpoints (docs/HTTP.md): {@code POST /api/search}, {@code POST /api/feedback}, {@code GET
 * /api/feedback/weights}, {@code GET /api/feedback/stats}, {@code GET /api/feedback/recent},
 * {@code POST /api/feedback/reset}, {@code GET /api/health}; the dashboard at {@code /}.
 */
public final class HttpApiServer implements AutoCloseable {
  private final HttpServer server;
  private final ThreadPoolExecutor workers;
  private final NetworkDeadlines deadlines;
  private final URI uri;

  private HttpApiServer(HttpServer server, ThreadPoolExecutor workers, NetworkDeadlines deadlines,
      URI uri) {
    this.server = server;
    this.workers = workers;
    this.deadlines = deadlines;
    this.uri = uri;
  }

  /**
   * Serves {@code relearn} as {@code config} says; problems are logged to {@code log} (never a
   * request's body or query text).
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
    SearchEndpoint search = new SearchEndpoint(relearn, json);
    FeedbackEndpoints feedback = new FeedbackEndpoints(relearn, json);
    StatsEndpoints stats = new StatsEndpoints(relearn);
    Router router = new Router(files, json, log,
        new HostCheck(address.getAddress().isLoopbackAddress()), deadlines)
        .add("POST", "/api/search", search)
        .add("POST", "/api/feedback", feedback::record)
        .add("POST", "/api/feedback/reset", feedback::reset)
        .add("GET", "/api/feedback/weights", stats::weights)
        .add("GET", "/api/feedback/stats", stats::stats)
        .add("GET", "/api/feedback/recent", new RecentFeedbackEndpoint(relearn))
        .add("GET", "/api/health", stats::health);
    HttpServer server;
    try {
      server = HttpServer.create(address, 0);
    } catch (IOException | RuntimeException e) {
      deadlines.close();
      throw e;
    }
    ThreadPoolExecutor workers = new ThreadPoolExecutor(config.threads(), config.threads(),
        30, TimeUnit.SECONDS, new ArrayBlockingQueue<>(config.queueCapacity()), threads(),
        new ThreadPoolExecutor.CallerRunsPolicy());
    workers.allowCoreThreadTimeOut(true);
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

  private static ThreadFactory threads() {
    AtomicInteger count = new AtomicInteger();
    return runnable -> {
      Thread thread = new Thread(runnable, "relearn-http-" + count.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    };
  }

  /** The server's base URL, e.g. {@code http://127.0.0.1:7700/}: the dashboard. */
  public URI uri() {
    return uri;
  }

  /** The port it listens on (the one picked when the configured port was 0). */
  public int port() {
    return server.getAddress().getPort();
  }

  /** Stops accepting, gives running requests up to a second, and stops the workers. */
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
