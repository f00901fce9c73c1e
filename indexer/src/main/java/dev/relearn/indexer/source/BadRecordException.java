package dev.relearn.indexer.source;

/**
 * A JSONL line that cannot become a chunk; the message gives a reason (a field's name, a byte's
 * position), never content.
 */
final class BadRecordException extends Exception {
  private static final long serialVersionUID = 1L;

  BadRecordException(String message) {
    super(message);
  }
}
