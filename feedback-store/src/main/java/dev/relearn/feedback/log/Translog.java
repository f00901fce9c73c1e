package dev.relearn.feedback.log;

import dev.relearn.lucene.files.StorageOpener;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.lucene.util.IOUtils;

/**
 * An append-only log of opaque payloads in numbered generation files
 * ({@code translog-<generation>.log}, owner-only, in an owner-only folder locked against a second
 * writer); the record format is {@link RecordFormat}'s. Thread-safe. Sequence numbers start at 1
 * and continue across generations and reopens (from 1 again once every record was trimmed).
 *
 * <p><b>Durability.</b> In {@link Durability#REQUEST} mode an append returns once an fsync covering
 * its record has completed; concurrent appenders share fsyncs (group commit), and a caller may
 * start its record's fsync on the log's sync thread ({@link #syncAhead}) and work meanwhile. In
 * {@link Durability#ASYNC} mode that thread syncs every interval.
 *
 * <p><b>Failures.</b> A failed write throws an {@link IOException} naming the file and the cause,
 * is not acknowledged, and is rolled back (the file is truncated to its last complete record). A
 * failed fsync or rollback makes the log <em>failed</em> (the kernel may have dropped the dirty
 * pages): every later append, sync, roll and close throws naming that failure; reopen to recover
 * every acknowledged record. A written but unacknowledged record may still be replayed, so callers
 * deduplicate by event id. Interrupting an appending thread fails only its own append.
 *
 * <p><b>Life cycle.</b> {@code open}, {@link #replay(RecordConsumer)} before the first append, then
 * appends; periodically {@link #rollGeneration()}, make the state durable elsewhere (a Lucene
 * commit), then {@link #trimUpTo(long)}. Payloads are never logged or put in messages.
 */
public final class Translog implements Closeable {
  /** The default fsync interval of {@link Durability#ASYNC}. */
  public static final Duration DEFAULT_SYNC_INTERVAL = Duration.ofMillis(200);
  /** The largest payload of one record: 1 MiB. */
  public static final int MAX_PAYLOAD_BYTES = RecordFormat.MAX_PAYLOAD_BYTES;

  private final LogFolder folder;
  private final Durability durability;
  private final GenerationHistory history;
  private final LogFailure failure;
  private final RecordAppender appender;
  private final SyncThread syncer;
  private final ReentrantLock maintenanceLock = new ReentrantLock(); // replay and trim

  private Translog(LogFolder folder, Durability durability, Duration syncInterval,
      GenerationHistory history, LogFailure failure, RecordAppender appender) {
    this.folder = folder;
    this.durability = durability;
    this.history = history;
    this.failure = failure;
    this.appender = appender;
    this.syncer = new SyncThread(this, durability == Durability.ASYNC ? syncInterval : null,
        "relearn-translog-sync-" + folder.dir().getFileName());
  }

  /** Opens the log in {@code dir} with {@link Durability#REQUEST}. */
  public static Translog open(Path dir) throws IOException {
    return open(dir, Durability.REQUEST, DEFAULT_SYNC_INTERVAL, StorageOpener.REAL);
  }

  /**
   * Opens (creating if needed) the log in {@code dir}, writing through {@code storage}'s channels,
   * and starts a new generation for appends (or continues an empty newest one); replays nothing.
   * {@code syncInterval}: how often {@link Durability#ASYNC} fsyncs. Failures name the path.
   */
  public static Translog open(Path dir, Durability durability, Duration syncInterval,
      StorageOpener storage) throws IOException {
    Objects.requireNonNull(dir, "dir");
    Objects.requireNonNull(durability, "durability");
    Objects.requireNonNull(syncInterval, "syncInterval");
    Objects.requireNonNull(storage, "storage");
    if (syncInterval.isNegative() || syncInterval.isZero()) {
      throw new IllegalArgumentException("sync interval must be positive, got: " + syncInterval);
    }
    LogFolder folder = LogFolder.open(dir);
    GenerationWriter writer = null;
    try {
      GenerationHistory history = GenerationHistory.load(folder);
      long newest = history.newest();
      if (newest > 0 && LogFolder.size(folder.file(newest)) == 0) {
        writer = GenerationWriter.open(newest, folder.file(newest), storage, false);
        history.remove(newest);
      } else {
        writer = GenerationWriter.open(newest + 1, folder.file(newest + 1), storage, true);
      }
      // numbering continues from the generations found: their trims must be durable first, or
      // a trimmed one coming back after a power cut would precede records numbered below it
      folder.sync();
      LogFailure failure = new LogFailure(folder.dir().toString());
      RecordAppender appender =
          new RecordAppender(folder, storage, failure, writer, history.highestSeq());
      Translog log = new Translog(folder, durability, syncInterval, history, failure, appender);
      log.syncer.start();
      return log;
    } catch (IOException | RuntimeException | Error e) {
      IOUtils.closeWhileSuppressingExceptions(e, writer, folder);
      throw e;
    }
  }

  /**
   * Whether the log in {@code dir} holds any record, read without opening or locking it (so also
   * while another process has it open): false when the folder does not exist or is all empty.
   */
  public static boolean holdsRecords(Path dir) throws IOException {
    return LogFolder.holdsRecords(dir);
  }

  /**
   * Appends one record of at most {@link #MAX_PAYLOAD_BYTES} and returns its sequence number; in
   * REQUEST mode only once it is durable. An {@code IOException} names the file and the cause.
   */
  public long append(byte[] payload) throws IOException {
    long seq = write(payload);
    awaitDurable(seq);
    return seq;
  }

  /** {@link #append}'s first step: writes the record; {@link #awaitDurable} is its second. */
  public long write(byte[] payload) throws IOException {
    Objects.requireNonNull(payload, "payload");
    if (payload.length > MAX_PAYLOAD_BYTES) {
      throw new IllegalArgumentException("a feedback log record holds at most "
          + MAX_PAYLOAD_BYTES + " bytes, got a payload of " + payload.length + " bytes");
    }
    return appender.write(payload);
  }

  /**
   * In REQUEST mode, starts an fsync covering written record {@code seq} on the log's sync thread,
   * so that what the caller does before {@link #awaitDurable} overlaps it; nothing otherwise.
   */
  public void syncAhead(long seq) {
    appender.requireWritten(seq);
    if (durability == Durability.REQUEST) {
      syncer.request(seq);
    }
  }

  /** Returns once written record {@code seq} is as durable as an {@link #append} returns it. */
  public void awaitDurable(long seq) throws IOException {
    appender.requireWritten(seq);
    if (durability == Durability.REQUEST) {
      appender.syncUpTo(seq);
    }
  }

  /**
   * Hands every intact record of the generations before the current one to {@code consumer}, in
   * sequence order; truncates torn tails and skips damaged records (both reported). Only before
   * the first append.
   */
  public ReplayReport replay(RecordConsumer consumer) throws IOException {
    Objects.requireNonNull(consumer, "consumer");
    maintenanceLock.lock();
    try {
      appender.beginReplay();
      try {
        return history.replay(consumer);
      } finally {
        appender.endReplay(history.highestSeq());
      }
    } finally {
      maintenanceLock.unlock();
    }
  }

  /**
   * Syncs the current generation and starts a new one for later appends (unless it is empty).
   * Returns the highest sequence number written so far (0 if none), ready for {@link #trimUpTo}.
   */
  public long rollGeneration() throws IOException {
    return appender.roll(history);
  }

  /**
   * Deletes the generation files, oldest first, all of whose records have a sequence number up to
   * {@code seq}; never the current generation. A deletion lost to a crash is harmless.
   */
  public void trimUpTo(long seq) throws IOException {
    if (seq < 0) {
      throw new IllegalArgumentException("cannot trim the feedback log up to a negative sequence"
          + " number: " + seq);
    }
    maintenanceLock.lock();
    try {
      appender.ensureOpen();
      history.trimUpTo(seq);
    } finally {
      maintenanceLock.unlock();
    }
  }

  /** Makes every record appended so far durable now. */
  public void sync() throws IOException {
    appender.ensureOpen();
    failure.throwIfFailed();
    appender.syncUpTo(appender.writtenSeq());
  }

  /** The highest sequence number known durable (records found on disk at open count). */
  public long lastSyncedSeq() {
    return appender.syncedSeq();
  }

  /** The fsync or rollback failure after which the log takes no writes till reopened, or null. */
  public IOException failure() {
    return failure.cause();
  }

  /** The log's folder. */
  public Path directory() {
    return folder.dir();
  }

  /** The highest sequence number written so far. */
  long writtenSeq() {
    return appender.writtenSeq();
  }

  /** The sync thread's work: syncs if anything was appended since the last sync. */
  void backgroundSync() throws IOException {
    long target = appender.writtenSeq();
    if (!appender.closed() && failure.cause() == null && target > appender.syncedSeq()) {
      appender.syncUpTo(target);
    }
  }

  void backgroundFailed(IOException e) {
    failure.fail(e);
  }

  /** Syncs everything appended and closes the files; idempotent; throws if the log had failed. */
  @Override
  public void close() throws IOException {
    syncer.stop();
    maintenanceLock.lock();
    try {
      if (appender.closed()) {
        return;
      }
      IOException error = appender.close(failure.atClose());
      error = RecordAppender.closeInto(error, folder);
      if (error != null) {
        throw error;
      }
    } finally {
      maintenanceLock.unlock();
    }
  }
}
