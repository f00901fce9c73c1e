package dev.relearn.server.http;

import dev.relearn.server.text.ErrorQuotes;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;

/**
 * What the server's log says of a 500's exception: its class and message, then each cause's that
 * the line does not hold yet, so that a wrapped failure names its reason (a search that failed
 * because the model ran out of memory). A request's query text is never logged: where a message
 * repeats it, its length stands in for it. Cut to {@link ErrorQuotes#MAX_MESSAGE_CHARS}.
 */
final class FailureLine {
  /** The most causes named: a longer chain says nothing a person reads. */
  static final int MAX_CAUSES = 4;

  private FailureLine() {}

  /** {@code failure} and its causes, with {@code query} (or null) replaced by its length. */
  static String of(Throwable failure, String query) {
    StringBuilder line = new StringBuilder(describe(failure));
    Set<Throwable> named = Collections.newSetFromMap(new IdentityHashMap<>());
    named.add(failure);
    Throwable cause = failure.getCause();
    for (int i = 0; i < MAX_CAUSES && cause != null && named.add(cause); i++) {
      // an UncheckedIOException(e) says e's class and message already
      if (!line.toString().contains(describe(cause))) {
        line.append("; caused by ").append(describe(cause));
      }
      cause = cause.getCause();
    }
    String text = line.toString();
    if (query != null && !query.isEmpty()) {
      text = text.replace(query, "[the query, " + query.codePointCount(0, query.length())
          + " characters]");
    }
    return ErrorQuotes.message(text);
  }

  private static String describe(Throwable t) {
    return t.getClass().getSimpleName() + (t.getMessage() == null ? "" : ": " + t.getMessage());
  }
}
