package dev.relearn.feedback.index;

import dev.relearn.lucene.files.MergeThreads;
import dev.relearn.lucene.files.OwnerOnly;
import dev.relearn.lucene.files.ShieldedLockFactory;
import dev.relearn.lucene.files.StorageOpener;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.TieredMergePolicy;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.LockObtainFailedException;
import org.apache.lucene.util.IOUtils;

/**
 * The events index's Lucene side: its owner-only folder and write lock, and a writer whose
 * commits purge, so that deleted events leave the disk (a forgotten session's vectors with
 * them). It never commits on close: the store replays its log. {@link FeedbackIndex} calls
 * {@link #purgeOnCommit} and {@link #commit} under its lock.
 */
final class EventsWriter implements Closeable {
  private final Path folder;
  private final Directory directory;
  private final IndexWriter writer;
  private boolean purge; // events were deleted since the last commit

  private EventsWriter(Path folder, Directory directory, IndexWriter writer) {
    this.folder = folder;
    this.directory = directory;
    this.writer = writer;
  }

  /**
   * Opens (creating owner-only, with an empty first commit) the index in {@code folder} through
   * {@code storage}, holding its write lock until {@link #close()}. IllegalStateException if
   * another process or instance holds it.
   */
  static EventsWriter open(Path folder, StorageOpener storage) throws IOException {
    OwnerOnly.createFolder(folder);
    Directory directory = storage.directory(folder, ShieldedLockFactory.INSTANCE);
    IndexWriter writer = null;
    try {
      TieredMergePolicy merges = new TieredMergePolicy();
      merges.setForceMergeDeletesPctAllowed(0); // a purge rewrites every segment it touched
      try {
        writer = new IndexWriter(directory, new IndexWriterConfig().setCommitOnClose(false)
            .setMergePolicy(merges));
      } catch (LockObtainFailedException e) {
        throw new IllegalStateException("feedback index in use by another process: " + folder,
            e);
      }
      if (!DirectoryReader.indexExists(directory)) {
        writer.commit(); // an empty index, so that a reader finds one at once
        OwnerOnly.restrictTree(folder);
      }
      return new EventsWriter(folder, directory, writer);
    } catch (IOException | RuntimeException | Error e) {
      IOUtils.closeWhileSuppressingExceptions(e, writer, directory);
      throw e;
    }
  }

  /** The writer, for adding, updating and deleting documents. */
  IndexWriter writer() {
    return writer;
  }

  /** Makes the next {@link #commit} rewrite the segments that hold deleted events first. */
  void purgeOnCommit() {
    purge = true;
  }

  /** Commits with {@code userData}, purging first if asked; the files stay owner-only. */
  void commit(Map<String, String> userData) throws IOException {
    if (purge) {
      writer.forceMergeDeletes(true);
    }
    writer.setLiveCommitData(Map.copyOf(userData).entrySet());
    writer.commit();
    purge = false;
    OwnerOnly.restrictTree(folder);
  }

  /** The failure that stopped the writer for good (a full disk, say), or null while it works. */
  Throwable tragicException() {
    return writer.getTragicException();
  }

  /** Waits until no background merge runs: a broken one has then stopped the writer. */
  void awaitMerges() {
    MergeThreads.await(writer);
  }

  /** Rolls back what was not committed and releases the lock. */
  @Override
  public void close() throws IOException {
    try (directory) {
      writer.rollback(); // uncommitted changes are in the event log and are replayed
    }
  }
}
