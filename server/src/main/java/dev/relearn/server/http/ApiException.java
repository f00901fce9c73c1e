package dev.relearn.server.http;

import dev.relearn.server.text.ErrorQuotes;

/** A request the API refuses with {@code status}: the message names the bad value, cut. */
public final class ApiException extends RuntimeException {
  private final int status;
  private final String allow;

  private ApiException(int status, String message, String allow) {
    super(message);
    this.status = status;
    this.allow = allow;
  }

  /** 400: malformed JSON or a bad field. */
  public static ApiException badRequest(String message) {
    return new ApiException(400, message, null);
  }

  /** 403: refused whatever its body (e.g. a Host not served). */
  public static ApiException forbidden(String message) {
    return new ApiException(403, message, null);
  }

  /** 404: no such path. */
  public static ApiException notFound(String path) {
    return new ApiException(404, "no such path: " + ErrorQuotes.quote(path), null);
  }

  /** 405: the path exists but not for this method; {@code allow} lists the ones it takes. */
  public static ApiException methodNotAllowed(String method, String path, String allow) {
    return new ApiException(405, ErrorQuotes.quote(method) + " is not allowed on "
        + ErrorQuotes.quote(path) + "; use " + allow, allow);
  }

  /** 409: the server's state forbids it (e.g. a read-only index). */
  public static ApiException conflict(String message) {
    return new ApiException(409, message, null);
  }

  /** 413: the body is larger than the limit. */
  public static ApiException tooLarge(long size, int limit) {
    return new ApiException(413, "request body too large: " + (size < 0 ? "over " + limit
        : String.valueOf(size)) + " bytes; the limit is " + limit + " bytes", null);
  }

  /** 415: the body is not declared as JSON. */
  public static ApiException unsupportedMediaType(String contentType) {
    return new ApiException(415, "content type must be application/json, got: "
        + (contentType == null ? "none" : "'" + ErrorQuotes.quote(contentType) + "'"), null);
  }

  /** The HTTP status. */
  public int status() {
    return status;
  }

  /** The methods to list in an {@code Allow} header, or null. */
  public String allow() {
    return allow;
  }
}
