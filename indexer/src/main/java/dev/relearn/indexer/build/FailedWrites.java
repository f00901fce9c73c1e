package dev.relearn.indexer.build;

import java.io.IOException;
import org.apache.lucene.index.IndexWriter;

/**
 * What a call that failed amid its writes leaves: nothing. Its writes (and whatever else the
 * writer held uncommitted) are rolled back to the last commit, which closes the writer, so that
 * no later commit (a feedback checkpoint) keeps half of the call; the writer's owner opens a new
 * one. Before, the writes stayed in the writer, and the next commit kept part of a failed call.
 */
final class FailedWrites {
  private FailedWrites() {}

  /** Rolls {@code writer} back after {@code failure}, which keeps any failure to do so. */
  static void rollBack(IndexWriter writer, Throwable failure) {
    try {
      writer.rollback(); // a writer a tragic failure closed is already rolled back: a no-op
    } catch (IOException | RuntimeException e) {
      failure.addSuppressed(e);
    }
  }
}
