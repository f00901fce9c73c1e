package dev.relearn.lucene.files;

import org.apache.lucene.index.ConcurrentMergeScheduler;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.store.AlreadyClosedException;

/**
 * The background merges of a Lucene writer (its {@link ConcurrentMergeScheduler}, the default):
 * the one write a relearn writer does on threads of Lucene's own. A merge that a failed write (a
 * full disk) breaks stops its writer for good, but on its merge thread, when that thread gets to
 * it: possibly after the call whose fault broke it has returned, and after the disk has room
 * again. Whoever must know what a failure stopped waits for the merges first ({@link #await}).
 */
public final class MergeThreads {
  private MergeThreads() {}

  /**
   * Waits, whatever interrupts the caller (whose interrupt status is then set again), until no
   * merge of {@code writer} runs: one that failed has then stopped the writer ({@link
   * IndexWriter#getTragicException()}). Returns at once for a closed writer, which has none.
   */
  public static void await(IndexWriter writer) {
    try {
      if (writer.getConfig().getMergeScheduler() instanceof ConcurrentMergeScheduler merges) {
        merges.sync();
      }
    } catch (AlreadyClosedException closed) { // closing waited for its merges
      return;
    }
  }
}
