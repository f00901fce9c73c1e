package dev.relearn.server.http;

import dev.relearn.server.text.ErrorQuotes;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Locale;

/**
 * Which {@code Host} headers the server answers. On a loopback address only loopback names
 * ({@code localhost}, {@code *.localhost}, {@code 127.x.x.x}, {@code [::1]}, with a numeric port
 * or none): a web page whose own host name an attacker re-points at 127.0.0.1 (DNS rebinding)
 * would otherwise be same-origin with the API, and could read the index's text and record
 * feedback. Requests without a {@code Host} header come from no browser and are served. On other
 * addresses (the user chose {@code --host}) every name is served.
 */
final class HostCheck {
  private final boolean loopbackOnly;

  /** {@code loopbackOnly}: whether the server listens on a loopback address. */
  HostCheck(boolean loopbackOnly) {
    this.loopbackOnly = loopbackOnly;
  }

  /**
   * Refuses a request with several {@code Host} headers (the first could pass here while a
   * proxy or another reader takes another) or one naming another machine.
   *
   * @param hostHeaders the request's {@code Host} headers, or null for none
   * @throws ApiException 400 for several, 403 naming a host this server does not serve
   */
  void require(List<String> hostHeaders) {
    if (hostHeaders == null || hostHeaders.isEmpty()) {
      return;
    }
    if (hostHeaders.size() > 1) {
      throw ApiException.badRequest("a request must have one Host header, got "
          + hostHeaders.size());
    }
    String host = hostHeaders.get(0);
    if (!loopbackOnly || isLoopback(host)) {
      return;
    }
    throw ApiException.forbidden("Host '" + ErrorQuotes.quote(host) + "' is not served: this server"
        + " listens on this machine only, so requests must name localhost, 127.0.0.1 or [::1]"
        + " (use --host to serve other names)");
  }

  /**
   * Whether a {@code Host} header (a name, with or without a port) names this machine: {@code
   * localhost} or {@code *.localhost} (with or without a final dot), {@code 127.x.x.x}, or an IPv6
   * literal for a loopback address in any spelling ({@code [::1]}, {@code [0:0:0:0:0:0:0:1]},
   * {@code [::ffff:127.0.0.1]}), which is how Java clients write {@link HttpApiServer#uri()}.
   */
  static boolean isLoopback(String hostHeader) {
    String host = hostHeader.strip().toLowerCase(Locale.ROOT);
    int end = host.startsWith("[") ? host.indexOf(']') + 1 : 0;
    int colon = host.indexOf(':', end);
    String name = colon < 0 ? host : host.substring(0, colon);
    if (colon >= 0 && !host.substring(colon + 1).matches("\\d{0,5}")) {
      return false;
    }
    if (end > 0) {
      return end == name.length() && isLoopbackLiteral(name);
    }
    if (name.endsWith(".")) {
      name = name.substring(0, name.length() - 1);
    }
    return name.equals("localhost") || name.endsWith(".localhost")
        || name.matches("127\\.\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}");
  }

  /** Whether {@code bracketed}, e.g. {@code [::1]}, is a loopback IPv6 literal (no DNS look-up). */
  private static boolean isLoopbackLiteral(String bracketed) {
    if (!bracketed.matches("\\[[0-9a-f:.]+\\]")) {
      return false;
    }
    try {
      // a bracketed name is only ever parsed as a literal, never looked up
      return InetAddress.getByName(bracketed).isLoopbackAddress();
    } catch (UnknownHostException e) {
      return false; // not a valid IPv6 literal
    }
  }
}
