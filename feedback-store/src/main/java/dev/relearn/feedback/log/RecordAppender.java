package dev.relearn.feedback.log;

import static dev.relearn.feedback.log.RecordFormat.describe;

import dev.relearn.lucene.files.StorageOpener;
import java.io.Closeable;
import java.io.IOException;
import java.nio.channels.ClosedByInterruptException;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The write side of a {@link Translog}: assigns sequence numbers, writes records into the current
 * generation under the write lock, and fsyncs with group commit coordinated by the sync lock
 * (taken before the write lock by whoever needs both: roll and close, which also wait for a
 * running fsync). The writer changes only under both locks.
 */
final class RecordAppender {
  private final LogFolder folder;
  private final StorageOpener opener;
  private final LogFailure failure;
  private final ReentrantLock writeLock = new ReentrantLock();
  private final ReentrantLock syncLock = new ReentrantLock();
  private final Condition synced = syncLock.newCondition();
  private boolean syncing; // syncLock
  private GenerationWriter writer;
  private long nextSeq; // writeLock
  private boolean appended; // writeLock
  private boolean replaying; // writeLock
  private volatile long writtenSeq;
  private volatile long syncedSeq;
  private volatile boolean closed;

  RecordAppender(LogFolder folder, StorageOpener opener, LogFailure failure,
      GenerationWriter writer, long highestSeq) {
    this.folder = folder;
    this.opener = opener;
    this.failure = failure;
    this.writer = writer;
    this.nextSeq = highestSeq + 1;
    this.writtenSeq = highestSeq;
    this.syncedSeq = highestSeq;
  }

  long syncedSeq() {
    return syncedSeq;
  }

  long writtenSeq() {
    return writtenSeq;
  }

  /** Writes one record (not synced: {@link #syncUpTo}) and returns its sequence number. */
  long write(byte[] payload) throws IOException {
    long seq;
    writeLock.lock();
    try {
      ensureOpen();
      if (replaying) {
        throw new IllegalStateException("cannot append to the feedback log " + folder.dir()
            + " while it is being replayed");
      }
      failure.throwIfFailed();
      appended = true;
      seq = nextSeq;
      try {
        writer.write(seq, payload);
      } catch (IOException e) {
        throw writeFailed(e);
      }
      nextSeq = seq + 1;
      writtenSeq = seq;
    } finally {
      writeLock.unlock();
    }
    return seq;
  }

  /** Rejects a sequence number no write returned: waiting for its fsync would never end. */
  void requireWritten(long seq) {
    if (seq < 1 || seq > writtenSeq) {
      throw new IllegalArgumentException("record " + seq + " of the feedback log "
          + folder.dir() + " was not written: the highest written is " + writtenSeq);
    }
  }

  /** Rolls the failed write back, or, if even that fails, makes the log fail. */
  private IOException writeFailed(IOException cause) {
    IOException e = new IOException("cannot append to the feedback log " + writer.file() + ": "
        + describe(cause), cause);
    try {
      writer.rollback();
    } catch (IOException rollback) {
      e.addSuppressed(rollback);
      failure.fail(new IOException("cannot roll back a failed write to the feedback log "
          + writer.file() + ": " + describe(rollback), e));
    }
    return e;
  }

  /**
   * Group commit: returns once an fsync covering {@code seq} has completed. The first waiter
   * becomes the leader and fsyncs everything written so far, outside the sync lock; waiters that
   * arrive meanwhile sleep until it is done and return if it covered them, or one of them leads
   * the next fsync.
   */
  void syncUpTo(long seq) throws IOException {
    if (syncedSeq >= seq) {
      return;
    }
    syncLock.lock();
    try {
      while (syncedSeq < seq) {
        failure.throwIfFailed();
        ensureOpen();
        if (syncing) {
          synced.awaitUninterruptibly();
        } else {
          lead(seq);
        }
      }
    } finally {
      syncLock.unlock();
    }
  }

  /** Fsyncs up to the highest written record; called and returns with the sync lock held. */
  private void lead(long seq) throws IOException {
    syncing = true;
    GenerationWriter current = writer; // cannot change while syncing: roll and close wait
    long target = writtenSeq; // every record up to it is completely written
    boolean forced = false;
    syncLock.unlock();
    try {
      current.force();
      forced = true;
    } catch (ClosedByInterruptException e) {
      throw new IOException("interrupted while syncing the feedback log " + current.file()
          + "; record " + seq + " is not acknowledged", e);
    } catch (IOException e) {
      throw failure.fail(new IOException("cannot sync the feedback log " + current.file() + ": "
          + describe(e), e));
    } finally {
      syncLock.lock();
      syncing = false;
      if (forced) {
        syncedSeq = Math.max(syncedSeq, target);
      }
      synced.signalAll();
    }
  }

  /** Takes the sync lock once no fsync is running, so the writer may be replaced or closed. */
  private void lockSyncIdle() {
    syncLock.lock();
    while (syncing) {
      synced.awaitUninterruptibly();
    }
  }

  /** Forbids appends while the older generations are replayed; fails if any happened. */
  void beginReplay() {
    writeLock.lock();
    try {
      ensureOpen();
      if (appended) {
        throw new IllegalStateException("replay the feedback log " + folder.dir()
            + " before appending to it: records were appended since it was opened");
      }
      replaying = true;
    } finally {
      writeLock.unlock();
    }
  }

  /** Allows appends again, continuing after the highest replayed sequence number. */
  void endReplay(long highestReplayed) {
    writeLock.lock();
    try {
      replaying = false;
      if (highestReplayed >= nextSeq) {
        nextSeq = highestReplayed + 1;
        writtenSeq = highestReplayed;
        syncedSeq = highestReplayed;
      }
    } finally {
      writeLock.unlock();
    }
  }

  /**
   * Syncs the current generation and continues in a new one, unless the current one is empty.
   * Returns the highest sequence number written so far.
   */
  long roll(GenerationHistory history) throws IOException {
    lockSyncIdle();
    writeLock.lock();
    try {
      ensureOpen();
      failure.throwIfFailed();
      long highest = nextSeq - 1;
      if (writer.isEmpty()) {
        return highest;
      }
      long generation = writer.generation() + 1;
      GenerationWriter next = GenerationWriter.open(generation, folder.file(generation), opener,
          true);
      try {
        folder.sync();
      } catch (IOException e) {
        next.discard(e);
        throw e; // the current generation stays in use
      }
      try {
        writer.settle(); // no whole record of an interrupted write: its number comes again
        writer.force();
      } catch (ClosedByInterruptException e) {
        next.discard(e);
        throw new IOException("interrupted while rolling the feedback log " + writer.file()
            + " over to " + next.file(), e);
      } catch (IOException e) {
        next.discard(e);
        throw failure.fail(new IOException("cannot sync the feedback log " + writer.file()
            + " before rolling over to " + next.file() + ": " + describe(e), e));
      }
      syncedSeq = writtenSeq;
      GenerationWriter old = writer;
      writer = next;
      IOException closeFailure = closeInto(null, old); // synced: nothing can be lost
      history.add(old.generation(), old.maxSeq());
      if (closeFailure != null) {
        throw closeFailure;
      }
      return highest;
    } finally {
      writeLock.unlock();
      syncLock.unlock();
    }
  }

  /**
   * Syncs what was appended (unless the log failed) and closes the current generation; returns
   * {@code error} or the first new failure. Idempotent.
   */
  IOException close(IOException error) {
    lockSyncIdle();
    writeLock.lock();
    try {
      if (closed) {
        return error;
      }
      closed = true;
      if (error == null && writtenSeq > syncedSeq) {
        try {
          writer.force();
          syncedSeq = writtenSeq;
        } catch (IOException e) {
          error = failure.fail(new IOException("cannot sync the feedback log " + writer.file()
              + " while closing it: " + describe(e), e));
        }
      }
      return closeInto(error, writer);
    } finally {
      writeLock.unlock();
      syncLock.unlock();
    }
  }

  boolean closed() {
    return closed;
  }

  void ensureOpen() {
    if (closed) {
      throw new IllegalStateException("the feedback log " + folder.dir() + " is closed");
    }
  }

  /** Closes {@code closeable}; returns {@code error}, or the close failure if there was none. */
  static IOException closeInto(IOException error, Closeable closeable) {
    try {
      closeable.close();
    } catch (IOException e) {
      if (error == null) {
        return e;
      }
      error.addSuppressed(e);
    }
    return error;
  }
}
