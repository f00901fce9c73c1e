package dev.relearn.indexer.source;

/** A JSONL record that cannot become a chunk; the message names fields, never their values. */
final class BadRecordException extends Exception {
  private static final long serialVersionUID = 1L;

  BadRecordException(String message) {
    super(message);
  }
}
