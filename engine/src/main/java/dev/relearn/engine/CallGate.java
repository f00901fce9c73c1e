package dev.relearn.engine;

import dev.relearn.lucene.files.WriteThreads;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.channels.ClosedByInterruptException;
import java.nio.file.Path;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Function;

/**
 * The calls of one {@link Relearn}, any number at once and nested, each handed the {@link
 * EngineParts} in use; {@link #close()} waits for the calls in flight (closing under a query's
 * embedding freed the ONNX model and crashed the JVM), closes the parts and refuses later calls
 * with {@link IllegalStateException}. Calls that write ({@link #write}; refused read-only) run on
 * the engine's {@link WriteThreads}, so that a write whose caller stopped waiting is still in
 * flight; before one, when a writer has stopped, {@link PartsRecovery} replaces the parts once the
 * calls in flight have ended. Thread-safe.
 */
final class CallGate {
  /** Feedback shares fsyncs: 8 recorders, 2.0 events per fsync on 4 threads, 3.7 on 16. */
  private static final int WRITE_THREADS = 16;

  private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
  private final WriteThreads writes = new WriteThreads("relearn-write-", WRITE_THREADS);
  private final Path dir;
  private final boolean readOnly;
  private final PartsRecovery recovery;
  private final FolderWatch folder;
  private volatile EngineParts parts; // replaced by recovery, when no call is in flight
  private boolean closed; // written under the write lock, read under the read lock

  /** The gate of {@code engine}, whose calls run on {@code parts} until recovery replaces them. */
  CallGate(Relearn engine, EngineParts parts) {
    this.parts = parts;
    this.dir = parts.dir();
    this.readOnly = parts.options().readOnly();
    this.folder = new FolderWatch(dir);
    this.recovery = new PartsRecovery(engine, this);
  }

  /** One call on the engine's parts. */
  @FunctionalInterface
  interface PartsCall<T> {
    T run(EngineParts parts) throws IOException;
  }

  EngineParts parts() {
    return parts;
  }

  /** Whether the engine's folder is still there. */
  FolderWatch folder() {
    return folder;
  }

  /** Puts the parts that replace stopped ones in use; {@link PartsRecovery} only. */
  void replaceParts(EngineParts fresh) {
    parts = fresh;
  }

  /**
   * Runs {@code call} through the gate; one that fails because the folder is gone ({@link
   * FolderWatch}) or a writer stopped says why, and what to do ({@link #stopped}); one whose file
   * Java closed on the caller's interrupt is an {@link InterruptedIOException}.
   *
   * @throws IllegalStateException if the engine is closed
   */
  <T> T call(PartsCall<T> call) throws IOException {
    enter();
    try {
      folder.requirePresent();
      try {
        return call.run(parts);
      } catch (ClosedByInterruptException e) { // Java closed a file on the caller's interrupt
        throw (InterruptedIOException) new InterruptedIOException("interrupted: Java closed a"
            + " file this call was using on the interrupted thread, so the call ended; files"
            + " relearn writes are replaced whole, and the next call works").initCause(e);
      } catch (IOException | IllegalStateException e) {
        IOException why = why(e);
        if (why != null) {
          throw why;
        }
        throw e;
      }
    } finally {
      lock.readLock().unlock();
    }
  }

  /** Why {@code e} ended a call: the folder is gone, or a writer stopped; null if neither. */
  private IOException why(Exception e) {
    IOException gone = folder.explain(e);
    if (gone != null || e instanceof IOException) {
      return gone;
    }
    Throwable cause = parts.tragicException();
    cause = cause != null ? cause : recovery.failure();
    return cause == null ? null : stopped(dir, cause);
  }

  /**
   * Runs {@code call}, which writes, through the gate on a write thread: an interrupt of the
   * caller's thread ends only its wait.
   *
   * @throws IllegalStateException if the engine is closed or read-only
   * @throws java.io.InterruptedIOException if the caller was interrupted before the call ended
   */
  <T> T write(PartsCall<T> call) throws IOException {
    return write(call, () -> {});
  }

  /** As {@link #write(PartsCall)}; {@code onInterrupt} runs if the caller's wait ends so. */
  <T> T write(PartsCall<T> call, Runnable onInterrupt) throws IOException {
    get(p -> requireWritable()); // refused at once when closed or read-only, not on the thread
    folder.requirePresent(); // before a recovery, which would create it again
    recoverIfStopped();
    return writes.call(() -> call(p -> {
      requireWritable();
      try {
        return call.run(p);
      } catch (IOException | IllegalStateException e) {
        // a full disk that failed the call may fail a merge too, which stops its writer only
        // when its thread gets to it: wait for that, so that the next call sees it stopped
        p.awaitMerges();
        throw e;
      }
    }), onInterrupt);
  }

  /** {@link #call} for a call without checked exceptions. */
  <T> T get(Function<EngineParts, T> call) {
    enter();
    try {
      return call.apply(parts);
    } finally {
      lock.readLock().unlock();
    }
  }

  /** Whether calls are let in: {@link #close()} has not been called. */
  boolean isOpen() {
    lock.readLock().lock();
    try {
      return !closed;
    } finally {
      lock.readLock().unlock();
    }
  }

  /**
   * Waits for the calls in flight, closes the gate and, once every write has ended, the parts
   * ({@link PartsRecovery#beforeClose()} first); a failure to close them because the folder is
   * gone says so. Calling it again does nothing.
   *
   * @throws IllegalStateException if called from within a call, which would wait for itself
   */
  void close() throws IOException {
    if (lock.getReadHoldCount() > 0) {
      throw new IllegalStateException("the relearn engine for " + dir
          + " cannot be closed from within one of its own calls (a Progress callback?)");
    }
    lock.writeLock().lock();
    try {
      if (closed) {
        return;
      }
      closed = true;
    } finally {
      lock.writeLock().unlock();
    }
    try {
      writes.close(() -> { // the parts of a recovery in flight, too
        try {
          recovery.beforeClose();
        } finally {
          parts.close(); // whatever failed: the write locks are let go
        }
      });
    } catch (IOException e) {
      IOException gone = folder.explain(e);
      throw gone != null ? gone : e;
    }
  }

  /** Why a writer stopped, and the way out; never Lucene's internals or a bare "null". */
  static IOException stopped(Path dir, Throwable cause) {
    String message = cause.getMessage() != null ? cause.getMessage()
        : cause.getClass().getSimpleName();
    return new IOException("the index " + dir + " stopped writing after a failure: " + message
        + ". Searches still work and acknowledged feedback is safe in the feedback log; fix the"
        + " cause (for example, free disk space): the next call that writes reopens the index's"
        + " writers from the last commit and replays the feedback log", cause);
  }

  /**
   * Before a write, when a writer has stopped: on a write thread, keeps calls out while {@link
   * PartsRecovery} replaces the parts (not read-only, nor within a call, which would wait for
   * itself). A failed recovery is thrown, and tried again before the next write.
   */
  private void recoverIfStopped() throws IOException {
    if (readOnly || lock.getReadHoldCount() > 0 || !recovery.needed()) {
      return;
    }
    writes.run(() -> {
      lock.writeLock().lock();
      try {
        if (closed) {
          throw closedException();
        }
        if (recovery.needed()) {
          recovery.recover();
        }
      } finally {
        lock.writeLock().unlock();
      }
    });
  }

  /** @throws IllegalStateException if the engine is read-only */
  private Void requireWritable() {
    if (readOnly) {
      throw new IllegalStateException("index " + dir + " is open read-only");
    }
    return null;
  }

  /** Lets a call in; it must unlock the read lock once done. */
  private void enter() {
    lock.readLock().lock();
    if (closed) {
      lock.readLock().unlock();
      throw closedException();
    }
  }

  private IllegalStateException closedException() {
    return new IllegalStateException("the relearn engine for " + dir + " is closed");
  }
}
