package dev.relearn.server.http;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The dashboard's files, read from the class path once: {@code /} is {@code index.html}, the
 * others are under {@code /static/}; nothing else is served, and pages load nothing from elsewhere.
 */
final class DashboardFiles {
  /** The class-path folder of the files. */
  static final String FOLDER = "/dev/relearn/server/dashboard/";
  /** Every file served. */
  static final List<String> NAMES =
      List.of("index.html", "dashboard.css", "dashboard.js", "line-chart.js",
          "trust-chart.js");
  private static final String POLICY = "default-src 'self'; img-src 'self' data:;"
      + " connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

  private final Map<String, byte[]> contents = new TreeMap<>();

  /** Reads every file; a missing one is a packaging error. */
  DashboardFiles() {
    for (String name : NAMES) {
      try (InputStream in = DashboardFiles.class.getResourceAsStream(FOLDER + name)) {
        if (in == null) {
          throw new IllegalStateException("dashboard file missing from the class path: "
              + FOLDER + name);
        }
        contents.put(name, in.readAllBytes());
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read dashboard file " + FOLDER + name, e);
      }
    }
  }

  /** Answers a GET or HEAD for {@code path}; 404 or 405 as an {@link ApiException} otherwise. */
  void serve(HttpExchange exchange, String method, String path) throws IOException {
    String name = path.equals("/") ? "index.html"
        : path.startsWith("/static/") ? path.substring("/static/".length()) : null;
    byte[] bytes = name == null || name.equals("index.html") && !path.equals("/") ? null
        : contents.get(name);
    if (bytes == null) {
      throw ApiException.notFound(path);
    }
    if (!method.equals("GET") && !method.equals("HEAD")) {
      throw ApiException.methodNotAllowed(method, path, "GET, HEAD");
    }
    Headers headers = exchange.getResponseHeaders();
    headers.set("Content-Type", contentType(name));
    headers.set("Cache-Control", "no-cache");
    headers.set("X-Content-Type-Options", "nosniff");
    headers.set("Content-Security-Policy", POLICY);
    Router.sendBody(exchange, 200, bytes);
  }

  private static String contentType(String name) {
    String type = name.endsWith(".html") ? "html" : name.endsWith(".css") ? "css" : "javascript";
    return "text/" + type + "; charset=utf-8";
  }
}
