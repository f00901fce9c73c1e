package dev.relearn.feedback.store;

import dev.relearn.feedback.event.SessionHasher;
import dev.relearn.feedback.event.VectorProtection;
import dev.relearn.feedback.index.FeedbackIndex;
import dev.relearn.feedback.log.Translog;
import dev.relearn.lucene.files.OwnerOnly;
import dev.relearn.lucene.files.StorageOpener;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import org.apache.lucene.util.IOUtils;

/**
 * The parts of a feedback folder that the store owns, opened together (or none): the session
 * hasher, the vector protection, the events index ({@code events/}) and the log ({@code log/}).
 *
 * @param protection null when the store keeps query vectors as given
 */
record StoreFolder(SessionHasher sessions, VectorProtection protection, FeedbackIndex index,
    Translog log) implements Closeable {
  /** The events index's folder inside a feedback folder. */
  static final String EVENTS = "events";
  /** The event log's folder inside a feedback folder. */
  static final String LOG = "log";

  StoreFolder {
    Objects.requireNonNull(sessions, "sessions");
    Objects.requireNonNull(index, "index");
    Objects.requireNonNull(log, "log");
  }

  /**
   * Opens the parts in {@code dir} (created owner-only), writing through {@code storage}. Vectors
   * are protected when the config asks or the folder already holds a secret (once, always).
   */
  static StoreFolder open(Path dir, FeedbackStoreConfig config, StorageOpener storage)
      throws IOException {
    OwnerOnly.createFolder(dir);
    SessionHasher sessions = SessionHasher.open(dir);
    VectorProtection protection = config.protectVectors()
        || Files.exists(dir.resolve(VectorProtection.SECRET_FILE))
        ? VectorProtection.open(dir, config.index().dimension()) : null;
    FeedbackIndex index = FeedbackIndex.open(dir.resolve(EVENTS), config.index(), storage);
    try {
      Translog log = Translog.open(dir.resolve(LOG), config.durability(), config.syncInterval(),
          storage);
      return new StoreFolder(sessions, protection, index, log);
    } catch (IOException | RuntimeException | Error e) {
      IOUtils.closeWhileSuppressingExceptions(e, index);
      throw e;
    }
  }

  /** What stopped a part for good: the events index's writer, or the log. */
  Throwable failure() {
    Throwable stopped = index.tragicException();
    return stopped != null ? stopped : log.failure();
  }

  /** Closes the log and the events index (uncommitted changes are dropped: the log has them). */
  @Override
  public void close() throws IOException {
    IOUtils.close(log, index);
  }
}
