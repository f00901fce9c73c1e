package dev.relearn.indexer.source;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.io.JsonEOFException;

/**
 * Says where a line of JSON stopped parsing, in plain words and without quoting the line (it may
 * hold a record's text): "unexpected end of line", "field "id" appears twice" (with duplicate
 * detection on) or "syntax error at column N". For the line
 * formats relearn reads: JSONL chunks and BEIR queries.
 */
public final class JsonSyntaxProblem {
  /** How Jackson's strict duplicate detection starts its message. */
  private static final String DUPLICATE = "Duplicate field '";

  private JsonSyntaxProblem() {}

  /** Where the parser failed on one line of JSON. */
  public static String describe(JsonProcessingException e) {
    if (e instanceof JsonEOFException) {
      return "unexpected end of line";
    }
    String message = e.getOriginalMessage();
    if (message != null && message.startsWith(DUPLICATE) && message.endsWith("'")) {
      return "field \"" + message.substring(DUPLICATE.length(), message.length() - 1)
          + "\" appears twice";
    }
    if (e.getLocation() != null && e.getLocation().getColumnNr() > 0) {
      return "syntax error at column " + e.getLocation().getColumnNr();
    }
    return "syntax error";
  }
}
