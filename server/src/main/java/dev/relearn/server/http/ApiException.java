package dev.relearn.server.http;

import dev.relearn.server.text.ErrorQuotes;

/** A request the API refuses with {@code status}: the message names the bad value, cut. */
final class ApiException extends RuntimeException {
  private final int status;
  private final String allow;

  /** A refusal with {@code status} (400, 403, 409, ...) and {@code message}. */
  ApiException(int status, String message) {
    this(status, message, null);
  }

  private ApiException(int status, String message, String allow) {
    super(message);
    this.status = status;
    this.allow = allow;
  }

  /** 404: no such path. */
  static ApiException notFound(String path) {
    return new ApiException(404, "no such path: " + ErrorQuotes.quote(path), null);
  }

  /** 405: the path exists but not for this method; {@code allow} lists the ones it takes. */
  static ApiException methodNotAllowed(String method, String path, String allow) {
    return new ApiException(405, ErrorQuotes.quote(method) + " is not allowed on "
        + ErrorQuotes.quote(path) + "; use " + allow, allow);
  }

  /** 413: the body is larger than the limit. */
  static ApiException tooLarge(long size, int limit) {
    return new ApiException(413, "request body too large: " + (size < 0 ? "over " + limit
        : String.valueOf(size)) + " bytes; the limit is " + limit + " bytes", null);
  }

  /** 415: the body is not declared as JSON. */
  static ApiException unsupportedMediaType(String contentType) {
    return new ApiException(415, "content type must be application/json in UTF-8, got: "
        + (contentType == null ? "none" : "'" + ErrorQuotes.quote(contentType) + "'"), null);
  }

  /** The HTTP status. */
  int status() {
    return status;
  }

  /** The methods to list in an {@code Allow} header, or null. */
  String allow() {
    return allow;
  }
}
