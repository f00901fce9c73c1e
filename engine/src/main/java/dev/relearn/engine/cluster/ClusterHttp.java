package dev.relearn.engine.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.UnresolvedAddressException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.Objects;

/**
 * JSON over HTTP to one OpenSearch cluster, with the JDK's client: every request times out, and
 * a refusal is an {@link IOException} naming the method, path, status and the cluster's answer,
 * never the body sent. A user and password in the address ({@code https://user:pw@host:9200})
 * are sent as HTTP basic authentication and never shown. Thread-safe.
 */
public final class ClusterHttp implements AutoCloseable {
  /** The mapper every cluster class writes and reads JSON with. */
  static final ObjectMapper JSON = new ObjectMapper();
  /** Longer than the plugin's wait for a starting shard (30 s), so that its answer arrives. */
  private static final Duration TIMEOUT = Duration.ofSeconds(60);
  /** For a call that runs a whole pass over the cluster's feedback: learning, forgetting. */
  private static final Duration PASS_TIMEOUT = Duration.ofMinutes(10);

  private final URI base;
  private final String authorization; // null: none
  private final HttpClient http;

  /** @param base the cluster's HTTP address, e.g. {@code http://localhost:9200} */
  public ClusterHttp(URI base) {
    Objects.requireNonNull(base, "base");
    if (!"http".equals(base.getScheme()) && !"https".equals(base.getScheme())) {
      throw new IllegalArgumentException("a cluster's address must be http or https, not "
          + base);
    }
    String user = base.getUserInfo();
    this.authorization = user == null ? null : "Basic " + Base64.getEncoder()
        .encodeToString(user.getBytes(StandardCharsets.UTF_8));
    String address = base.getScheme() + "://" + base.getRawAuthority()
        .substring(base.getRawAuthority().indexOf('@') + 1) + base.getRawPath();
    this.base = URI.create(address.endsWith("/") ? address.substring(0, address.length() - 1)
        : address);
    this.http = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();
  }

  /** The cluster's address, without a trailing slash. */
  public URI base() {
    return base;
  }

  /** Sends {@code body} (null: none) as JSON to {@code path} and reads the 2xx answer. */
  JsonNode send(String method, String path, Object body) throws IOException {
    return send(method, path, body, TIMEOUT);
  }

  /**
   * As {@link #send}, for a call that runs a whole pass on the cluster (learning every event
   * not learned yet, a forget): it may take minutes, so it waits up to 10.
   */
  JsonNode sendPass(String method, String path, Object body) throws IOException {
    return send(method, path, body, PASS_TIMEOUT);
  }

  private JsonNode send(String method, String path, Object body, Duration timeout)
      throws IOException {
    String text = body == null ? null
        : body instanceof String string ? string : JSON.writeValueAsString(body);
    return JSON.readTree(exchange(method, path, text, "application/json", 0, timeout));
  }

  /** Sends newline-delimited JSON ({@code _bulk}) and reads the 2xx answer. */
  JsonNode sendLines(String path, String lines) throws IOException {
    return JSON.readTree(exchange("POST", path, lines, "application/x-ndjson", 0, TIMEOUT));
  }

  /** Whether {@code path} exists ({@code HEAD}: 200 yes, 404 no, anything else fails). */
  boolean exists(String path) throws IOException {
    return exchange("HEAD", path, null, "application/json", 404, TIMEOUT) != null;
  }

  /** {@code GET path}'s answer, or null when the cluster answers 404. */
  JsonNode getOrNull(String path) throws IOException {
    String answer = exchange("GET", path, null, "application/json", 404, TIMEOUT);
    return answer == null ? null : JSON.readTree(answer);
  }

  /** {@code DELETE path}; a 404 (nothing there) is not a failure. */
  void deleteIfFound(String path) throws IOException {
    exchange("DELETE", path, null, "application/json", 404, TIMEOUT);
  }

  /** {@code PUT}s {@code body} to {@code path}; false when the cluster answers 409 (a conflict). */
  boolean putUnlessConflict(String path, Object body) throws IOException {
    return exchange("PUT", path, JSON.writeValueAsString(body), "application/json", 409,
        TIMEOUT) != null;
  }

  private String exchange(String method, String path, String body, String type,
      int nullStatus, Duration timeout) throws IOException {
    URI uri = URI.create(base + path);
    HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(timeout)
        .header("Content-Type", type)
        .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
            : HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
    if (authorization != null) {
      request.header("Authorization", authorization);
    }
    HttpResponse<String> response;
    try {
      response = http.send(request.build(),
          HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new java.io.InterruptedIOException("interrupted while waiting for " + method + " "
          + uri);
    } catch (IOException e) {
      throw new IOException("cannot reach the cluster at " + base + " (" + method + " " + path
          + "): " + reason(e), e);
    }
    int status = response.statusCode();
    if (status == nullStatus) {
      return null;
    }
    if (status / 100 != 2) {
      throw new IOException("the cluster answered " + status + " to " + method + " " + uri
          + ": " + response.body());
    }
    return response.body().isEmpty() ? "{}" : response.body();
  }

  /** How the JDK client says refused: a ConnectException over a ClosedChannelException. */
  private static boolean refused(Throwable e) {
    boolean connect = false;
    Throwable cause = e;
    for (; cause.getCause() != null; cause = cause.getCause()) {
      connect |= cause instanceof ConnectException;
    }
    return connect && cause instanceof ClosedChannelException;
  }

  /** What went wrong, from the first cause with a message (the JDK's often has none). */
  private static String reason(Throwable e) {
    if (refused(e)) {
      return "ConnectException (connection refused: is the cluster running?)";
    }
    for (Throwable cause = e; cause != null; cause = cause.getCause()) {
      if (cause.getMessage() != null && !cause.getMessage().isBlank()) {
        return cause.getClass().getSimpleName() + ": " + cause.getMessage();
      }
      if (cause.getCause() == null) {
        return cause.getClass().getSimpleName()
            + (cause instanceof UnresolvedAddressException ? " (unknown host)" : "");
      }
    }
    return e.toString();
  }

  /** Closes the HTTP client, waiting for requests in flight. */
  @Override
  public void close() {
    http.close();
  }
}
