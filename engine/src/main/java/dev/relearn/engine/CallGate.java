package dev.relearn.engine;

import dev.relearn.lucene.files.WriteThreads;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Supplier;
import org.apache.lucene.util.IOSupplier;

/**
 * Keeps {@link Relearn#close()} from pulling an engine's parts from under its calls: every call
 * passes the gate ({@link #enter()}, then {@link #exit()}), any number at once and nested calls
 * too; {@link #close()} waits for the calls in flight to end and then refuses every later one
 * with {@link IllegalStateException}. Without it, closing while another thread embedded a query
 * freed the ONNX model under it and crashed the JVM. The gate of a read-only engine also refuses
 * the calls that write ({@link #write}), which run on the engine's {@link WriteThreads} and pass
 * the gate there, so that a write whose caller stopped waiting is still in flight. Before a call
 * that writes, the gate has the engine's {@link Recovery} replace writers that stopped, once the
 * calls in flight have ended ({@link #recoverIfStopped()}). Thread-safe.
 */
final class CallGate {
  private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
  private final Path dir;
  private final boolean readOnly;
  private final Supplier<Throwable> tragedy;
  private final Recovery recovery;
  private final WriteThreads writes;
  private boolean closed; // written under the write lock, read under the read lock

  /**
   * A gate for the engine of index folder {@code dir}, named in the closed message.
   *
   * @param readOnly whether the engine was opened read-only: {@link #write} then refuses calls
   * @param tragedy what stopped the engine's index writer for good, or null while it works
   *     ({@link org.apache.lucene.index.IndexWriter#getTragicException()}): a call that then fails
   *     because the writer is closed says why, and how to recover
   */
  CallGate(Path dir, boolean readOnly, Supplier<Throwable> tragedy, WriteThreads writes) {
    this(dir, readOnly, tragedy, Recovery.NONE, writes);
  }

  /**
   * A gate as above whose {@link #recoverIfStopped()} runs {@code recovery}.
   *
   * @param recovery how the engine replaces writers that stopped
   */
  CallGate(Path dir, boolean readOnly, Supplier<Throwable> tragedy, Recovery recovery,
      WriteThreads writes) {
    this.writes = writes;
    this.dir = dir;
    this.readOnly = readOnly;
    this.tragedy = tragedy;
    this.recovery = recovery;
  }

  /** How an engine replaces its writers once one of them stopped. */
  interface Recovery {
    /** No recovery: nothing ever needs it. */
    Recovery NONE = new Recovery() {
      @Override
      public boolean needed() {
        return false;
      }

      @Override
      public void recover() {
        throw new IllegalStateException("nothing to recover");
      }
    };

    /** Whether a writer stopped and must be replaced. */
    boolean needed();

    /** Replaces the writers; no call is in flight meanwhile. */
    void recover() throws IOException;

    /**
     * After a call that writes failed, before it returns: waits until what the same failure may
     * still stop in the background (a writer's merge) has stopped, so that {@link #needed()}
     * tells before the next call.
     */
    default void settle() {}
  }

  /**
   * Runs {@code call} through the gate.
   *
   * @throws IllegalStateException if the engine is closed
   */
  <T> T call(IOSupplier<T> call) throws IOException {
    enter();
    try {
      return call.get();
    } catch (IllegalStateException e) {
      // a stopped Lucene writer: "this IndexWriter is closed" (AlreadyClosedException is one),
      // "this writer hit an unrecoverable error; cannot commit"
      Throwable cause = tragedy.get();
      if (cause == null) {
        throw e;
      }
      throw stopped(cause);
    } finally {
      exit();
    }
  }

  /**
   * Runs {@code call}, which writes, through the gate on a write thread ({@link WriteThreads}):
   * an interrupt of the caller's thread ends only its wait.
   *
   * @throws IllegalStateException if the engine is closed or read-only
   * @throws java.io.InterruptedIOException if the caller was interrupted before the call ended
   */
  <T> T write(IOSupplier<T> call) throws IOException {
    return write(call, () -> {});
  }

  /** As {@link #write(IOSupplier)}; {@code onInterrupt} runs if the caller's wait ends so. */
  <T> T write(IOSupplier<T> call, Runnable onInterrupt) throws IOException {
    get(() -> { // refused at once when closed or read-only, not on the write thread
      requireWritable();
      return null;
    });
    recoverIfStopped();
    return writes.call(() -> call(() -> {
      requireWritable();
      try {
        return call.get();
      } catch (IOException | IllegalStateException e) {
        recovery.settle(); // what the same failure stops in the background is stopped now
        throw e;
      }
    }), onInterrupt);
  }

  /**
   * Before a call that writes: when a writer has stopped ({@link Recovery#needed()}), waits for
   * the calls in flight to end, keeps new ones out, and has the {@link Recovery} replace the
   * writers, on a write thread. Does nothing read-only or within a call (which would wait for
   * itself); a failed recovery is thrown, and tried again before the next write.
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
  private void requireWritable() {
    if (readOnly) {
      throw new IllegalStateException("index " + dir + " is open read-only");
    }
  }

  /** Why the writer stopped, and the way out; never Lucene's internals or a bare "null". */
  private IOException stopped(Throwable cause) {
    String safe = ". Searches still work and acknowledged feedback is safe in the feedback log; ";
    String message = cause.getMessage() != null ? cause.getMessage()
        : cause.getClass().getSimpleName();
    return new IOException("the index " + dir + " stopped writing after a failure: " + message
        + safe + "fix the cause (for example, free disk space): the next call that writes reopens"
        + " the index's writers from the last commit and replays the feedback log", cause);
  }

  /**
   * Runs {@code call}, which throws no checked exception, through the gate.
   *
   * @throws IllegalStateException if the engine is closed
   */
  <T> T get(Supplier<T> call) {
    enter();
    try {
      return call.get();
    } finally {
      exit();
    }
  }

  /**
   * Lets a call in; it must {@link #exit()} once done.
   *
   * @throws IllegalStateException if the engine is closed
   */
  void enter() {
    lock.readLock().lock();
    if (closed) {
      lock.readLock().unlock();
      throw closedException();
    }
  }

  private IllegalStateException closedException() {
    return new IllegalStateException("the relearn engine for " + dir + " is closed");
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

  /** Ends a call that {@link #enter()} let in. */
  void exit() {
    lock.readLock().unlock();
  }

  /**
   * Waits for the calls in flight to end and closes the gate.
   *
   * @return whether this call closed it (false: it was closed before)
   * @throws IllegalStateException if called from within a call, which would wait for itself
   */
  boolean close() {
    if (lock.getReadHoldCount() > 0) {
      throw new IllegalStateException("the relearn engine for " + dir
          + " cannot be closed from within one of its own calls (a Progress callback?)");
    }
    lock.writeLock().lock();
    try {
      boolean wasOpen = !closed;
      closed = true;
      return wasOpen;
    } finally {
      lock.writeLock().unlock();
    }
  }
}
