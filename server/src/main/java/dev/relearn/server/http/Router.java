package dev.relearn.server.http;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The server's one handler: sends {@code /api/} paths to their endpoints by path and method, and
 * everything else to the dashboard's files. Turns refusals into JSON errors: {@link ApiException}
 * with its status, {@link IllegalArgumentException} (the engine's validation, whose messages
 * never hold query text) 400, anything else 500, logged with the method and path only, never
 * the body.
 */
final class Router implements HttpHandler {
  private final Map<String, Map<String, Endpoint>> routes = new LinkedHashMap<>();
  private final DashboardFiles files;
  private final JsonBodies json;
  private final PrintStream log;

  Router(DashboardFiles files, JsonBodies json, PrintStream log) {
    this.files = files;
    this.json = json;
    this.log = log;
  }

  /** Routes {@code method path} to {@code endpoint}. */
  Router add(String method, String path, Endpoint endpoint) {
    routes.computeIfAbsent(path, p -> new TreeMap<>()).put(method, endpoint);
    return this;
  }

  @Override
  public void handle(HttpExchange exchange) throws IOException {
    String method = exchange.getRequestMethod();
    String path = exchange.getRequestURI().getPath();
    try (exchange) {
      try {
        if (path.startsWith("/api/") || path.equals("/api")) {
          send(exchange, 200, route(method, path).handle(exchange));
        } else {
          files.serve(exchange, method, path);
        }
      } catch (ApiException e) {
        if (e.allow() != null) {
          exchange.getResponseHeaders().set("Allow", e.allow());
        }
        sendError(exchange, e.status(), e.getMessage());
      } catch (IllegalArgumentException e) {
        sendError(exchange, 400, e.getMessage());
      } catch (IOException | RuntimeException e) {
        log.println("relearn serve: 500 on " + method + " " + path + ": "
            + e.getClass().getSimpleName() + ": " + e.getMessage());
        sendError(exchange, 500, "internal error: " + e.getClass().getSimpleName()
            + " (see the server's log)");
      }
    }
  }

  private Endpoint route(String method, String path) {
    Map<String, Endpoint> byMethod = routes.get(path);
    if (byMethod == null) {
      throw ApiException.notFound(path);
    }
    Endpoint endpoint = byMethod.get(method);
    if (endpoint == null) {
      throw ApiException.methodNotAllowed(method, path, String.join(", ", byMethod.keySet()));
    }
    return endpoint;
  }

  private void sendError(HttpExchange exchange, int status, String message) throws IOException {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("error", message == null ? "error" : message);
    body.put("status", status);
    if (exchange.getResponseCode() != -1) {
      return; // headers already went out: nothing more can be said
    }
    if (status == 413) {
      exchange.getResponseHeaders().set("Connection", "close"); // the rest is not read
    }
    send(exchange, status, body);
  }

  private void send(HttpExchange exchange, int status, Object value) throws IOException {
    byte[] bytes = json.write(value);
    Headers headers = exchange.getResponseHeaders();
    headers.set("Content-Type", "application/json; charset=utf-8");
    headers.set("Cache-Control", "no-store");
    headers.set("X-Content-Type-Options", "nosniff");
    exchange.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }
}
