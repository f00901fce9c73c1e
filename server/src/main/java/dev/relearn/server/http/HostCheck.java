package dev.relearn.server.http;

import dev.relearn.server.text.ErrorQuotes;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Locale;

/**
 * Which {@code Host} and {@code Origin} headers the server answers. On a loopback address, only
 * loopback host names (or no {@code Host}: no browser), against DNS rebinding; on an address the
 * user chose with {@code --host}, every name. {@code Origin}: none (curl, agents) or the server's
 * own, {@code http://} and the {@code Host} (the dashboard): a page from elsewhere (or {@code
 * null}) is refused whatever it asks, even requests it could send without a CORS preflight.
 */
final class HostCheck {
  private final boolean loopbackOnly;

  /** {@code loopbackOnly}: whether the server listens on a loopback address. */
  HostCheck(boolean loopbackOnly) {
    this.loopbackOnly = loopbackOnly;
  }

  /**
   * Refuses (400) several {@code Host} headers, which a proxy could read otherwise, and (403) a
   * host or an origin not served; either list is null when the header is absent.
   */
  void require(List<String> hostHeaders, List<String> originHeaders) {
    boolean oneHost = hostHeaders != null && hostHeaders.size() == 1;
    if (hostHeaders != null && hostHeaders.size() > 1) {
      throw new ApiException(400, "a request must have one Host header, got "
          + hostHeaders.size());
    }
    if (oneHost && loopbackOnly && !isLoopback(hostHeaders.get(0))) {
      throw new ApiException(403, "Host '" + ErrorQuotes.quote(hostHeaders.get(0)) + "' is not"
          + " served: this server listens on this machine only, so requests must name"
          + " localhost, 127.0.0.1 or [::1] (use --host to serve other names)");
    }
    if (originHeaders == null || originHeaders.isEmpty() || originHeaders.size() == 1 && oneHost
        && sameOrigin(originHeaders.get(0), hostHeaders.get(0))) {
      return;
    }
    throw new ApiException(403, "Origin '" + ErrorQuotes.quote(String.join(", ", originHeaders))
        + "' is not this server's: requests from other origins' pages are refused (requests"
        + " without an Origin header, as from curl, are served)");
  }

  /**
   * Whether a {@code Host} header names this machine: {@code localhost}, {@code *.localhost}
   * (a final dot allowed), {@code 127.x.x.x}, or a loopback IPv6 literal in any spelling ({@code
   * [::1]}, {@code [::ffff:127.0.0.1]}), with a numeric port or none.
   */
  static boolean isLoopback(String hostHeader) {
    String[] host = split(hostHeader);
    if (host[1] != null && !host[1].matches("\\d{0,5}")) {
      return false;
    }
    String name = host[0];
    if (name.startsWith("[")) {
      return name.endsWith("]") && isLoopbackLiteral(name);
    }
    if (name.endsWith(".")) {
      name = name.substring(0, name.length() - 1);
    }
    return name.equals("localhost") || name.endsWith(".localhost")
        || name.matches("127\\.\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}");
  }

  /** Whether {@code origin} is {@code http://} and {@code host}, the ports defaulting to 80. */
  static boolean sameOrigin(String origin, String host) {
    URI uri;
    try {
      uri = new URI(origin.strip());
    } catch (URISyntaxException e) {
      return false; // "null", or not a URL: not this server
    }
    if (!"http".equalsIgnoreCase(uri.getScheme()) || uri.getHost() == null
        || uri.getRawUserInfo() != null || !(uri.getRawPath() == null || uri.getRawPath().isEmpty())
        || uri.getRawQuery() != null || uri.getRawFragment() != null) {
      return false;
    }
    String[] hostPort = split(host);
    int port;
    try {
      port = hostPort[1] == null ? 80 : Integer.parseInt(hostPort[1]);
    } catch (NumberFormatException e) {
      return false;
    }
    return hostPort[0].equals(uri.getHost().toLowerCase(Locale.ROOT))
        && port == (uri.getPort() < 0 ? 80 : uri.getPort());
  }

  /** A {@code Host} header, lower-cased, as its name and its port (null for none). */
  private static String[] split(String hostHeader) {
    String host = hostHeader.strip().toLowerCase(Locale.ROOT);
    int end = host.startsWith("[") ? host.indexOf(']') + 1 : 0;
    int colon = host.indexOf(':', end);
    return colon < 0 ? new String[] {host, null}
        : new String[] {host.substring(0, colon), host.substring(colon + 1)};
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
