package dev.relearn.server.http;

import dev.relearn.server.text.ErrorQuotes;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Locale;

/**
 * Which {@code Origin} headers the server answers: none (curl, the CLI, agents: no browser), or
 * the server's own origin, {@code http://} and the request's {@code Host} (the dashboard, which
 * this server serves). A browser names the page that made a request in its {@code Origin}, so a
 * page from elsewhere ({@code http://evil.example}, or {@code null} for a sandboxed or local file)
 * is refused whatever it asks, even the requests it could send without a CORS preflight. With
 * {@link HostCheck}, which keeps the {@code Host} a loopback name on a loopback address, this is
 * defence in depth against pages that would record feedback or reset weights.
 */
final class OriginCheck {
  private OriginCheck() {}

  /**
   * Refuses a request whose {@code Origin} is not {@code http://} and its {@code Host}.
   *
   * @param originHeaders the request's {@code Origin} headers, or null for none
   * @param hostHeaders its {@code Host} headers (one, once {@link HostCheck} passed), or null
   * @throws ApiException 403 naming the origin
   */
  static void require(List<String> originHeaders, List<String> hostHeaders) {
    if (originHeaders == null || originHeaders.isEmpty()) {
      return;
    }
    String origin = originHeaders.get(0);
    if (originHeaders.size() == 1 && hostHeaders != null && hostHeaders.size() == 1
        && sameOrigin(origin, hostHeaders.get(0))) {
      return;
    }
    throw ApiException.forbidden("Origin '" + ErrorQuotes.quote(String.join(", ", originHeaders))
        + "' is not this server's: requests from other origins' pages are refused (requests"
        + " without an Origin header, as from curl, are served)");
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
    String name = host.strip().toLowerCase(Locale.ROOT);
    int end = name.startsWith("[") ? name.indexOf(']') + 1 : 0;
    int colon = name.indexOf(':', end);
    String hostName = colon < 0 ? name : name.substring(0, colon);
    int hostPort;
    try {
      hostPort = colon < 0 ? 80 : Integer.parseInt(name.substring(colon + 1));
    } catch (NumberFormatException e) {
      return false;
    }
    int originPort = uri.getPort() < 0 ? 80 : uri.getPort();
    return hostName.equals(uri.getHost().toLowerCase(Locale.ROOT)) && hostPort == originPort;
  }
}
