package dev.relearn.engine;

import dev.relearn.lucene.files.WriteThreads;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Function;

/**
 * The calls of one {@link Relearn} and the {@link EngineParts} they run on. Every call passes the
 * gate, any number at once and nested calls too, and is handed the parts in use; {@link
 * #close()} waits for the calls in flight to end, closes the parts and refuses every later call
 * with {@link IllegalStateException}. Without it, closing while another thread embedded a query
 * freed the ONNX model under it and crashed the JVM. A read-only engine's gate refuses the calls
 * that write ({@link #write}); they run on the engine's {@link WriteThreads} and pass the gate
 * there, so that a write whose caller stopped waiting is still in flight. Before a call that
 * writes, when a writer has stopped, the gate has {@link PartsRecovery} replace the parts, once
 * the calls in flight have ended. Thread-safe.
 */
final class CallGate {
  /**
   * How many threads an engine writes on: concurrent feedback shares the log's fsyncs, as many
   * writers per fsync as are in flight (8 concurrent recorders: 2.0 events per fsync with 4
   * threads, 3.7 with 16; idle threads end after a minute).
   */
  private static final int WRITE_THREADS = 16;

  private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
  private final WriteThreads writes = new WriteThreads("relearn-write-", WRITE_THREADS);
  private final Path dir;
  private final boolean readOnly;
  private final PartsRecovery recovery;
  private volatile EngineParts parts; // replaced by recovery, when no call is in flight
  private boolean closed; // written under the write lock, read under the read lock

  /** The gate of {@code engine}, whose calls run on {@code parts} until recovery replaces them. */
  CallGate(Relearn engine, EngineParts parts) {
    this.parts = parts;
    this.dir = parts.dir();
    this.readOnly = parts.readOnly();
    this.recovery = new PartsRecovery(engine, this);
  }

  /** One call on the engine's parts. */
  @FunctionalInterface
  interface PartsCall<T> {
    T run(EngineParts parts) throws IOException;
  }

  /** The parts in use. */
  EngineParts parts() {
    return parts;
  }

  /** Puts the parts that replace stopped ones in use; {@link PartsRecovery} only. */
  void replaceParts(EngineParts fresh) {
    parts = fresh;
  }

  /**
   * Runs {@code call} through the gate. A call that fails because a Lucene writer stopped ("this
   * IndexWriter is closed", "this writer hit an unrecoverable error") says why, and how to
   * recover.
   *
   * @throws IllegalStateException if the engine is closed
   */
  <T> T call(PartsCall<T> call) throws IOException {
    enter();
    try {
      return call.run(parts);
    } catch (IllegalStateException e) {
      Throwable cause = parts.tragicException();
      cause = cause != null ? cause : recovery.failure();
      if (cause == null) {
        throw e;
      }
      throw stopped(dir, cause);
    } finally {
      lock.readLock().unlock();
    }
  }

  /**
   * Runs {@code call}, which writes, through the gate on a write thread ({@link WriteThreads}):
   * an interrupt of the caller's thread ends only its wait.
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

  /**
   * Runs {@code call}, which throws no checked exception, through the gate.
   *
   * @throws IllegalStateException if the engine is closed
   */
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
   * Waits for the calls in flight to end and closes the gate, then, once every write has ended,
   * the parts (replacing stopped writers first, as {@link PartsRecovery#beforeClose()} says).
   * Calling it again does nothing.
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
    writes.close(() -> { // the parts of a recovery in flight, too
      recovery.beforeClose();
      parts.close();
    });
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
   * Before a call that writes: when a writer has stopped ({@link PartsRecovery#needed()}), waits
   * for the calls in flight to end, keeps new ones out, and has the recovery replace the parts,
   * on a write thread. Does nothing read-only or within a call (which would wait for itself); a
   * failed recovery is thrown, and tried again before the next write.
   *
   * @throws IllegalStateException if the engine is closed
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
