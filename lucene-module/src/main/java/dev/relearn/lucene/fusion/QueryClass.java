package dev.relearn.lucene.fusion;

import dev.relearn.lucene.schema.Labels;
import java.util.Locale;

/**
 * The kind of a query, as far as ranking weights are concerned. Weights are learned per class.
 * A class is all that is kept of a query here: see {@link QueryClassifier}.
 */
public enum QueryClass {
  /** Looks like code: {@code parseHttpRequest}, {@code max_retries}, {@code String.format()}. */
  IDENTIFIER,
  /** A question: starts with a question word or ends with '?'. */
  QUESTION,
  /** A few (at most three) plain words: {@code jwt expiry}. */
  KEYWORDS,
  /** Anything longer: a description in prose. */
  NATURAL_LANGUAGE;

  /**
   * The stable lower-case label used in files, statistics and on the command line:
   * {@code identifier}, {@code question}, {@code keywords}, {@code natural_language}. Labels never
   * change once released, as saved weights refer to them.
   */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * Parses a label, case-insensitively.
   *
   * @throws IllegalArgumentException naming the bad value and the accepted ones
   */
  public static QueryClass fromLabel(String label) {
    return Labels.parse(values(), QueryClass::label, "query class", label);
  }
}
