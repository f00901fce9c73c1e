package dev.relearn.server.http;

import dev.relearn.server.text.ErrorQuotes;
import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.SocketException;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * The server's one handler: {@code /api/} paths go to their endpoints by path and method ({@code
 * HEAD} as {@code GET} without the body), the rest to the dashboard's files, once {@link
 * HostCheck} passes. Engine work runs under one of a fixed number of permits, taken after a
 * POST's body is read and given back before the answer is written, so that slow clients hold
 * none. Errors are JSON: {@link ApiException} with its status, {@link IllegalArgumentException}
 * 400, anything else 500, logged with the method, the path and the exception's chain of
 * messages ({@link FailureLine}: never the query).
 */
final class Router implements HttpHandler {
  /** The body field whose text a log line never repeats. */
  private static final String QUERY = "query";
  private final Map<String, Map<String, Route>> routes = new LinkedHashMap<>();
  private final DashboardFiles files;
  private final JsonBodies json;
  private final PrintStream log;
  private final HostCheck hosts;
  private final NetworkDeadlines deadlines;
  private final Semaphore engine;
  private int handling; // guarded by this: requests whose handler runs
  private volatile boolean stopping; // new requests are refused (503)

  /** {@code engineThreads}: how many requests may do engine work at once. */
  Router(DashboardFiles files, JsonBodies json, PrintStream log, HostCheck hosts,
      NetworkDeadlines deadlines, int engineThreads) {
    this.files = files;
    this.json = json;
    this.log = log;
    this.hosts = hosts;
    this.deadlines = deadlines;
    this.engine = new Semaphore(engineThreads, true);
  }

  /** One API endpoint: engine work only; the router reads the request and writes the answer. */
  @FunctionalInterface
  interface Endpoint {
    /** The answer (JSON, 200) to a POST's {@code body} (else null) and query {@code parameters}. */
    Object handle(Map<String, Object> body, Map<String, String> parameters) throws IOException;
  }

  /** An endpoint and the query-string parameters it takes (any other is refused). */
  private record Route(Endpoint endpoint, Set<String> parameters) {}

  /** Routes {@code method path}, which takes no query-string parameter, to {@code endpoint}. */
  Router add(String method, String path, Endpoint endpoint) {
    return add(method, path, Set.of(), endpoint);
  }

  /** Routes {@code method path}, which takes {@code parameters}, to {@code endpoint}. */
  Router add(String method, String path, Set<String> parameters, Endpoint endpoint) {
    routes.computeIfAbsent(path, p -> new TreeMap<>()).put(method, new Route(endpoint,
        parameters));
    return this;
  }

  @Override
  public void handle(HttpExchange exchange) throws IOException {
    deadlines.headersRead();
    synchronized (this) {
      handling++;
    }
    try {
      handleCounted(exchange);
    } finally {
      synchronized (this) {
        handling--;
        notifyAll();
      }
    }
  }

  /**
   * Refuses new requests (503) and waits up to {@code millis} for those being handled to end, as
   * a stop lets them finish; whether they did.
   */
  synchronized boolean drain(long millis) throws InterruptedException {
    stopping = true;
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
    while (handling > 0) {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        return false;
      }
      TimeUnit.NANOSECONDS.timedWait(this, left);
    }
    return true;
  }

  private void handleCounted(HttpExchange exchange) throws IOException {
    try {
      respond(exchange);
      // closing reads what is left of a body the endpoint did not read: a wait for the client
      deadlines.network(() -> {
        exchange.close();
        return null;
      });
    } catch (NetworkDeadlines.Expired e) {
      log(exchange, e.getMessage());
      throw e; // rethrown, so that the JDK server forgets the connection (see below)
    } catch (SocketException e) { // the client went away mid-request or answer: no one to answer
      log(exchange, "the client closed the connection (" + e.getMessage() + ")");
      // The JDK server forgets a connection that fails only when the handler throws: one whose
      // handler returned still counted against its connection cap after it was closed, so that
      // 512 clients that hung up or stalled, one after another, left it refusing everyone.
      throw e;
    } finally {
      exchange.close(); // a no-op once closed
    }
  }

  private void respond(HttpExchange exchange) throws IOException {
    String requested = exchange.getRequestMethod();
    String method = requested.equals("HEAD") ? "GET" : requested;
    String path = path(exchange.getRequestURI());
    Map<String, Object> body = null;
    try {
      if (stopping) {
        throw new ApiException(503, "the server is stopping: send the request again once it"
            + " is back");
      }
      hosts.require(exchange.getRequestHeaders().get("Host"),
          exchange.getRequestHeaders().get("Origin"));
      if (path.startsWith("/api/") || path.equals("/api")) {
        Route route = route(requested, method, path);
        Map<String, String> parameters =
            QueryParameters.parse(exchange.getRequestURI().getRawQuery(), route.parameters());
        body = method.equals("POST") ? json.readObject(exchange) : null;
        send(exchange, 200, answer(route.endpoint(), body, parameters));
      } else {
        deadlines.network(() -> {
          files.serve(exchange, requested, path);
          return null;
        });
      }
    } catch (NetworkDeadlines.Expired | SocketException e) {
      throw e; // the connection is closed or gone: nothing more can be said
    } catch (ApiException e) {
      if (e.allow() != null) {
        exchange.getResponseHeaders().set("Allow", e.allow());
      }
      sendError(exchange, e.status(), e.getMessage());
    } catch (IllegalArgumentException e) {
      sendError(exchange, 400, e.getMessage());
    } catch (IOException | RuntimeException e) {
      Object query = body == null ? null : body.get(QUERY);
      log.println("relearn serve: 500 on " + ErrorQuotes.quote(requested) + " "
          + ErrorQuotes.quote(path) + ": " + FailureLine.of(e, query instanceof String text
              ? text : null));
      // an I/O failure's message says what to do (a full disk, an index that stopped writing);
      // another exception is a bug, whose message means nothing to a client
      sendError(exchange, 500, e instanceof IOException && e.getMessage() != null
          ? e.getMessage() : "internal error: " + e.getClass().getSimpleName()
              + " (see the server's log)");
    }
  }

  /** Logs {@code problem} with the request's method and path (cut), never more of it. */
  private void log(HttpExchange exchange, String problem) {
    log.println("relearn serve: " + ErrorQuotes.quote(exchange.getRequestMethod()) + " "
        + ErrorQuotes.quote(path(exchange.getRequestURI())) + ": " + problem);
  }

  /**
   * The request's path as sent, decoded. A target starting with {@code //} (a client's base URL
   * ending in '/') is a path, not a host and a path: {@link URI#getPath()} alone would answer
   * {@code //api/search} with "no such path: /search" and serve {@code //x/api/health}.
   */
  static String path(URI uri) {
    String raw = uri.getRawSchemeSpecificPart();
    if (uri.getScheme() != null || raw == null || !raw.startsWith("//")) {
      return uri.getPath();
    }
    int query = raw.indexOf('?');
    String rawPath = query < 0 ? raw : raw.substring(0, query);
    int slashes = 0;
    while (slashes < rawPath.length() && rawPath.charAt(slashes) == '/') {
      slashes++;
    }
    return "/".repeat(slashes - 1) + URI.create("/" + rawPath.substring(slashes)).getPath();
  }

  /** {@code endpoint}'s answer, computed under an engine permit. */
  private Object answer(Endpoint endpoint, Map<String, Object> body,
      Map<String, String> parameters) throws IOException {
    try {
      engine.acquire();
    } catch (InterruptedException e) { // the server is stopping
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("the server is stopping");
    }
    try {
      return endpoint.handle(body, parameters);
    } finally {
      engine.release();
    }
  }

  /** The endpoint for {@code method} (GET for a HEAD request) on {@code path}. */
  private Route route(String requested, String method, String path) {
    Map<String, Route> byMethod = routes.get(path);
    if (byMethod == null) {
      throw ApiException.notFound(path);
    }
    Route route = byMethod.get(method);
    if (route == null) {
      String allow = String.join(", ", byMethod.keySet());
      throw ApiException.methodNotAllowed(requested, path,
          byMethod.containsKey("GET") ? allow + ", HEAD" : allow);
    }
    return route;
  }

  private record Failure(String error, int status) {}

  private void sendError(HttpExchange exchange, int status, String message) throws IOException {
    if (exchange.getResponseCode() != -1) {
      return; // headers already went out: nothing more can be said
    }
    if (status == 413 || status == 503) {
      exchange.getResponseHeaders().set("Connection", "close"); // the rest is not read
    }
    send(exchange, status, new Failure(message == null ? "error" : ErrorQuotes.message(message),
        status));
  }

  private void send(HttpExchange exchange, int status, Object value) throws IOException {
    byte[] bytes = json.write(value);
    Headers headers = exchange.getResponseHeaders();
    headers.set("Content-Type", "application/json; charset=utf-8");
    headers.set("Cache-Control", "no-store");
    headers.set("X-Content-Type-Options", "nosniff");
    deadlines.network(() -> {
      sendBody(exchange, status, bytes);
      return null;
    });
  }

  /** Sends {@code bytes} with {@code status}: only its length for a HEAD request. */
  static void sendBody(HttpExchange exchange, int status, byte[] bytes) throws IOException {
    if (exchange.getRequestMethod().equals("HEAD")) {
      exchange.getResponseHeaders().set("Content-Length", String.valueOf(bytes.length));
      exchange.sendResponseHeaders(status, -1);
      return;
    }
    exchange.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }
}
