package dev.relearn.feedback.store;

import dev.relearn.feedback.event.SessionHasher;
import dev.relearn.feedback.event.VectorProtection;
import dev.relearn.feedback.index.FeedbackIndex;
import dev.relearn.feedback.learn.ChunkAggregates;
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
   * Opens the parts in {@code dir} (created owner-only), writing through {@code storage}, adding
   * every event of the events index to {@code scanned}. Vectors are protected when the config asks
   * or the folder already holds a secret (once, always).
   */
  static StoreFolder open(Path dir, FeedbackStoreConfig config, StorageOpener storage,
      ChunkAggregates scanned) throws IOException {
    OwnerOnly.createFolder(dir);
    SessionHasher sessions = SessionHasher.open(dir);
    FeedbackIndex index = FeedbackIndex.open(dir.resolve(EVENTS), config.index(), storage,
        entry -> scanned.addEvent(entry.sessionHash(), entry.evidence(), entry.timeMillis()));
    try {
      VectorProtection protection = protection(dir, config, index);
      Translog log = Translog.open(dir.resolve(LOG), config.durability(), config.syncInterval(),
          storage);
      return new StoreFolder(sessions, protection, index, log);
    } catch (IOException | RuntimeException | Error e) {
      IOUtils.closeWhileSuppressingExceptions(e, index);
      throw e;
    }
  }

  /**
   * The folder's vector protection: on once its secret exists; turned on only while no feedback
   * is recorded, as the vectors recorded before would stay on disk as given, and no longer match.
   */
  private static VectorProtection protection(Path dir, FeedbackStoreConfig config,
      FeedbackIndex index) throws IOException {
    boolean on = Files.exists(dir.resolve(VectorProtection.SECRET_FILE));
    if (!on && config.protectVectors()
        && (index.recorded().events() > 0 || Translog.holdsRecords(dir.resolve(LOG)))) {
      throw new IllegalStateException("the feedback in " + dir + " was recorded without a"
          + " vector secret (unprotected, or its " + VectorProtection.SECRET_FILE + " is gone):"
          + " protecting query vectors from now on would leave those on disk as they are, and"
          + " past queries would no longer match new ones. To protect query vectors, forget all"
          + " feedback first (relearn forget --all), then open with protected query vectors;"
          + " or open without");
    }
    return on || config.protectVectors()
        ? VectorProtection.open(dir, config.index().dimension()) : null;
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
