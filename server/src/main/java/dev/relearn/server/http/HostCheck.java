package dev.relearn.server.http;

import java.util.Locale;

/**
 * Which {@code Host} headers the server answers. On a loopback address only loopback names
 * ({@code localhost}, {@code *.localhost}, {@code 127.x.x.x}, {@code [::1]}): a web page whose
 * own host name an attacker re-points at 127.0.0.1 (DNS rebinding) would otherwise be
 * same-origin with the API, and could read the index's text and record feedback. Requests
 * without a {@code Host} header come from no browser and are served. On other addresses (the
 * user chose {@code --host}) every name is served.
 */
final class HostCheck {
  private final boolean loopbackOnly;

  /** {@code loopbackOnly}: whether the server listens on a loopback address. */
  HostCheck(boolean loopbackOnly) {
    this.loopbackOnly = loopbackOnly;
  }

  /**
   * Refuses a request whose {@code Host} names another machine.
   *
   * @throws ApiException 403 naming the host
   */
  void require(String hostHeader) {
    if (!loopbackOnly || hostHeader == null || isLoopback(hostHeader)) {
      return;
    }
    throw ApiException.forbidden("Host '" + Fields.echo(hostHeader) + "' is not served: this server listens on"
        + " this machine only, so requests must name localhost, 127.0.0.1 or [::1]"
        + " (use --host to serve other names)");
  }

  /** Whether a {@code Host} header (a name, with or without a port) names this machine. */
  static boolean isLoopback(String hostHeader) {
    String host = hostHeader.strip().toLowerCase(Locale.ROOT);
    if (host.startsWith("[")) {
      int end = host.indexOf(']');
      return end > 0 && host.substring(1, end).equals("::1")
          && (end == host.length() - 1 || host.charAt(end + 1) == ':');
    }
    int colon = host.indexOf(':');
    String name = colon < 0 ? host : host.substring(0, colon);
    if (name.endsWith(".")) {
      name = name.substring(0, name.length() - 1);
    }
    return name.equals("localhost") || name.endsWith(".localhost")
        || name.matches("127\\.\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}");
  }
}
