package dev.relearn.eval.trec;

/** Checks that an id or tag can stand in a whitespace-separated TREC file. */
final class TrecIds {
  private TrecIds() {}

  /** Returns {@code value}, or throws naming {@code what} and the value. */
  static String require(String what, String value) {
    if (value == null || value.isEmpty()) {
      throw new IllegalArgumentException(what + " must not be empty, got: '" + value + "'");
    }
    for (int i = 0; i < value.length(); i++) {
      if (Character.isWhitespace(value.charAt(i))) {
        throw new IllegalArgumentException(
            what + " must not contain whitespace for a TREC file, got: '" + value + "'");
      }
    }
    return value;
  }
}
