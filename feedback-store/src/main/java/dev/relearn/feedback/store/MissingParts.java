package dev.relearn.feedback.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;

/**
 * Checks, before a feedback folder's parts are opened, that neither of its two indexes was
 * deleted or moved away from beside the other. Each is created at once when missing, so without
 * this a missing ledger would open empty: the recomputation on open would then reset every
 * learned field of the chunk index, and the next checkpoint would commit the loss.
 */
final class MissingParts {
  private static final System.Logger LOG = System.getLogger(MissingParts.class.getName());

  private MissingParts() {}

  /**
   * Refuses a folder whose ledger is missing while its cluster index holds clusters (nothing is
   * created or changed then); warns when the cluster index is missing while the ledger holds
   * events (the lookups start empty, the learned fields are kept).
   *
   * @throws IOException naming the missing part and the way out
   */
  static void check(Path dir, Path ledger, Path clusters) throws IOException {
    // A part is there when its folder is: the ledger's first commit waits for the first
    // checkpoint, so a kill before it leaves a ledger folder without a commit, which is no loss
    boolean hasLedger = Files.isDirectory(ledger);
    boolean hasClusters = Files.isDirectory(clusters);
    if (hasLedger == hasClusters) {
      return; // the usual case, read nothing more
    }
    int clustered = hasClusters ? count(clusters, DirectoryReader::numDocs) : 0;
    if (clustered > 0) {
      throw new IOException("the feedback ledger " + ledger + " is missing, but the cluster"
          + " index beside it holds " + clustered + " query clusters: the ledger was deleted or"
          + " moved, and opening without it would reset every learned value. Restore it from a"
          + " backup, or move " + dir + " away to start learning afresh (the chunks are kept);"
          + " nothing was changed");
    }
    int events = hasLedger ? count(ledger, LedgerDocuments::events) : 0;
    if (events > 0) {
      LOG.log(System.Logger.Level.WARNING, "the feedback cluster index " + clusters
          + " is missing, but the ledger beside it holds " + events + " events: a new, empty"
          + " one is created, so similar-query lookups start afresh (the learned values are"
          + " kept). Restore it from a backup before recording feedback to keep its past"
          + " queries");
    }
  }

  /** Counts what the last commit in {@code folder} holds: 0 without a commit. */
  static int count(Path folder, Counter counter) throws IOException {
    try (Directory directory = FSDirectory.open(folder)) {
      if (!DirectoryReader.indexExists(directory)) {
        return 0;
      }
      try (DirectoryReader reader = DirectoryReader.open(directory)) {
        return counter.count(reader);
      }
    }
  }

  @FunctionalInterface
  interface Counter {
    int count(DirectoryReader reader) throws IOException;
  }
}
