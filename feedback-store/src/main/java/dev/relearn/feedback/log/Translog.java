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
 * writer). Each record is a big-endian header — a magic int (to resynchronise after damage), the
 * payload length, a long sequence number, a CRC32C over the sequence number and the payload —
 * followed by the payload. Thread-safe. Sequence numbers start at 1 and continue across
 * generations and reopens (the next one is the highest intact one on disk + 1).
 *
 * <p><b>Durability.</b> In {@link Durability#REQUEST} mode an append returns once an fsync
 * ({@code force(false)}) covering its record has completed. Concurrent appenders share fsyncs
 * (group commit): the first waiter leads and syncs up to the highest written record; waiters
 * arriving meanwhile sleep and return if that fsync covered them, or one of them leads the next.
 * In {@link Durability#ASYNC} mode a background thread syncs every interval.
 *
 * <p><b>Failures.</b> A failed write (disk full, read-only file, interrupted thread) throws an
 * {@link IOException} naming the file and the cause, is not acknowledged, and is rolled back: the
 * file is truncated to its last complete record and later appends work. A failed fsync, or a
 * failed rollback, makes the log <em>failed</em>: after an fsync error the kernel may have dropped
 * the dirty pages, so no later fsync could be trusted. Every later append, sync and roll, and
 * close, then throws an {@link IOException} naming the original failure; reopen the log to recover
 * every acknowledged record. A record that was written but not acknowledged may still be replayed
 * later, so callers deduplicate by event id (as they must after a crash between an index commit
 * and {@link #trimUpTo(long)} anyway). Interrupting an appending thread fails only its own append
 * (NIO closes the channel on interrupt; the log reopens it for the others).
 *
 * <p><b>Life cycle.</b> {@code open} (which starts a new generation and reads no records), then
 * {@link #replay(RecordConsumer)} before the first append, then appends; periodically {@link
 * #rollGeneration()}, make the replayed state durable elsewhere (a Lucene commit), then {@link
 * #trimUpTo(long)} the rolled sequence number. Payloads are never logged or put in messages.
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
  private final AsyncSyncer syncer;
  private final ReentrantLock maintenanceLock = new ReentrantLock(); // replay and trim

  private Translog(LogFolder folder, Durability durability, Duration syncInterval,
      GenerationHistory history, LogFailure failure, RecordAppender appender) {
    this.folder = folder;
    this.durability = durability;
    this.history = history;
    this.failure = failure;
    this.appender = appender;
    this.syncer = durability == Durability.ASYNC
        ? new AsyncSyncer(this, syncInterval, "relearn-translog-sync-" + folder.dir().getFileName())
        : null;
  }

  /** Opens the log in {@code dir} with {@link Durability#REQUEST}. */
  public static Translog open(Path dir) throws IOException {
    return open(dir, Durability.REQUEST, DEFAULT_SYNC_INTERVAL);
  }

  /**
   * Opens (creating if needed) the log in {@code dir} and starts a new generation for appends
   * (or continues an empty newest one). Reads only the newest generation(s), to continue the
   * sequence numbers; replays nothing.
   *
   * @param syncInterval how often {@link Durability#ASYNC} fsyncs; positive (unused by REQUEST)
   * @throws IOException naming the path if the folder or a file cannot be created, read or locked
   *     (the log is open elsewhere)
   */
  public static Translog open(Path dir, Durability durability, Duration syncInterval)
      throws IOException {
    return open(dir, durability, syncInterval, ChannelOpener.DEFAULT);
  }

  /**
   * Opens the log as {@link #open(Path, Durability, Duration)} does, writing its generation files
   * through {@code storage}'s channels (the store passes the engine's; tests inject faults).
   */
  public static Translog open(Path dir, Durability durability, Duration syncInterval,
      StorageOpener storage) throws IOException {
    Objects.requireNonNull(storage, "storage");
    return open(dir, durability, syncInterval, storage::channel);
  }

  /** Opens with the given channel opener: the fault-injection seam of the tests. */
  static Translog open(Path dir, Durability durability, Duration syncInterval,
      ChannelOpener opener) throws IOException {
    Objects.requireNonNull(dir, "dir");
    Objects.requireNonNull(durability, "durability");
    Objects.requireNonNull(syncInterval, "syncInterval");
    Objects.requireNonNull(opener, "opener");
    if (syncInterval.isNegative() || syncInterval.isZero()) {
      throw new IllegalArgumentException("sync interval must be positive, got: " + syncInterval);
    }
    LogFolder folder = LogFolder.open(dir);
    GenerationWriter writer = null;
    try {
      GenerationHistory history = GenerationHistory.load(folder);
      long newest = history.newest();
      if (newest > 0 && LogFolder.size(folder.file(newest)) == 0) {
        writer = GenerationWriter.reuseEmpty(newest, folder.file(newest), opener);
        history.remove(newest);
      } else {
        writer = GenerationWriter.create(newest + 1, folder.file(newest + 1), opener);
        folder.sync();
      }
      LogFailure failure = new LogFailure(folder.dir().toString());
      RecordAppender appender =
          new RecordAppender(folder, opener, failure, writer, history.highestSeq());
      Translog log = new Translog(folder, durability, syncInterval, history, failure, appender);
      if (log.syncer != null) {
        log.syncer.start();
      }
      return log;
    } catch (IOException | RuntimeException e) {
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
   * Appends one record and returns its sequence number; in REQUEST mode only once it is durable.
   *
   * @throws IllegalArgumentException if the payload is larger than {@link #MAX_PAYLOAD_BYTES}
   * @throws IllegalStateException if the log is closed or being replayed
   * @throws IOException naming the file and the cause if the record could not be written or synced
   *     (it is then not acknowledged; see the class comment for what the log does next)
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
   * Returns once record {@code seq} is as durable as an {@link #append} returns it: in REQUEST
   * mode once an fsync covers it (group commit), in ASYNC mode at once; record {@code seq} must
   * have been written (else an {@code IllegalArgumentException}).
   */
  public void awaitDurable(long seq) throws IOException {
    appender.requireWritten(seq);
    if (durability == Durability.REQUEST) {
      appender.syncUpTo(seq);
    }
  }

  /**
   * Hands every intact record of the generations before the current one to {@code consumer}, in
   * sequence order; truncates torn tails and skips damaged records (both reported). Call it after
   * {@code open} and before the first append: it may return records the caller already has
   * (deduplicate by event id).
   *
   * @throws IllegalStateException if records were appended since the log was opened, or if closed
   * @throws IOException if a file cannot be read or repaired, or the consumer throws
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
   *
   * @return the highest sequence number written so far (0 if none): every record up to it lives
   *     in a generation before the current one, ready for {@link #trimUpTo(long)}
   * @throws IOException naming the file if the new generation cannot be created (appends then
   *     continue in the current one) or the current one cannot be synced (the log fails)
   */
  public long rollGeneration() throws IOException {
    return appender.roll(history);
  }

  /**
   * Deletes the generation files, oldest first, all of whose records have a sequence number up to
   * {@code seq}; never the current generation. A deletion lost to a crash is harmless: replay then
   * returns records the caller already has.
   *
   * @throws IOException naming the file that cannot be read or deleted
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

  /** This log's durability mode. */
  public Durability durability() {
    return durability;
  }

  /** The log's folder. */
  public Path directory() {
    return folder.dir();
  }

  /** The ASYNC background sync: syncs if anything was appended since the last sync. */
  void backgroundSync() throws IOException {
    long target = appender.writtenSeq();
    if (!appender.closed() && !failure.failed() && target > appender.syncedSeq()) {
      appender.syncUpTo(target);
    }
  }

  void backgroundFailed(IOException e) {
    failure.fail(e);
  }

  /**
   * Syncs everything appended and closes the files; idempotent.
   *
   * @throws IOException if the final sync fails, or if the log had failed earlier (so a failure of
   *     the ASYNC background sync is never silent)
   */
  @Override
  public void close() throws IOException {
    if (syncer != null) {
      syncer.stop();
    }
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
