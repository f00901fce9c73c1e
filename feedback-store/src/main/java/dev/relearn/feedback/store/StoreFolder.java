package dev.relearn.feedback.store;

import dev.relearn.feedback.event.SessionHasher;
import dev.relearn.feedback.event.VectorProtection;
import dev.relearn.feedback.index.FeedbackIndex;
import dev.relearn.feedback.log.Translog;
import dev.relearn.lucene.files.OwnerOnly;
import dev.relearn.lucene.files.StorageOpener;
import dev.relearn.lucene.files.WriteThreads;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import org.apache.lucene.util.IOUtils;

/**
 * The parts of a feedback folder that the store owns, opened together: the per-install session
 * hasher, the query-vector protection, the event ledger ({@code ledger/}), the cluster index
 * ({@code clusters/}) and the event log ({@code log/}). If one part fails to open, the parts
 * already open are closed.
 *
 * @param protection null when the store keeps query vectors as given
 */
record StoreFolder(SessionHasher sessions, VectorProtection protection, EventLedger ledger,
    FeedbackIndex index, Translog log) implements Closeable {
  /** The event ledger's folder inside a feedback folder. */
  static final String LEDGER = "ledger";
  /** The cluster index's folder inside a feedback folder. */
  static final String CLUSTERS = "clusters";
  /** The event log's folder inside a feedback folder. */
  static final String LOG = "log";

  StoreFolder {
    Objects.requireNonNull(sessions, "sessions");
    Objects.requireNonNull(ledger, "ledger");
    Objects.requireNonNull(index, "index");
    Objects.requireNonNull(log, "log");
  }

  /**
   * Opens the parts in {@code dir}, creating it owner-only if needed. Vectors are protected when
   * the config asks for it or the folder already holds a protection secret (once protected,
   * always protected, so stored and looked-up vectors never disagree). The ledger, the cluster
   * index and the log write through {@code storage}; lookups refresh on {@code writes}.
   */
  static StoreFolder open(Path dir, FeedbackStoreConfig config, StorageOpener storage,
      WriteThreads writes) throws IOException {
    OwnerOnly.createFolder(dir);
    MissingParts.check(dir, dir.resolve(LEDGER), dir.resolve(CLUSTERS));
    SessionHasher sessions = SessionHasher.open(dir);
    VectorProtection protection = config.protectVectors()
        || Files.exists(dir.resolve(VectorProtection.SECRET_FILE))
        ? VectorProtection.open(dir, config.index().dimension()) : null;
    EventLedger ledger = EventLedger.open(dir.resolve(LEDGER), storage);
    FeedbackIndex index = null;
    try {
      index = FeedbackIndex.open(dir.resolve(CLUSTERS), config.index(), storage, writes);
      Translog log = Translog.open(dir.resolve(LOG), config.durability(), config.syncInterval(),
          storage);
      return new StoreFolder(sessions, protection, ledger, index, log);
    } catch (IOException | RuntimeException e) {
      IOUtils.closeWhileSuppressingExceptions(e, index, ledger);
      throw e;
    }
  }

  /** What stopped a part for good: the cluster index's or the ledger's writer, or the log. */
  Throwable failure() {
    Throwable stopped = index.tragicException();
    if (stopped == null) {
      stopped = ledger.tragicException();
    }
    return stopped != null ? stopped : log.failure();
  }

  /** Closes the log, the cluster index and the ledger (uncommitted ledger changes are dropped). */
  @Override
  public void close() throws IOException {
    IOUtils.close(log, index, ledger);
  }
}
