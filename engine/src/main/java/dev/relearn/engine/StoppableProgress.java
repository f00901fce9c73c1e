package dev.relearn.engine;

import dev.relearn.indexer.build.Progress;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.concurrent.CancellationException;
import org.apache.lucene.util.IOSupplier;

/**
 * The progress of an index call on its write thread, which can be asked to stop: the next event
 * then throws {@link CancellationException}, which the index builder honours before it writes or
 * after its commit, so the index holds the path whole or as before. The caller asks by being
 * interrupted while it waits ({@link #stop}); the callback by throwing (the call then throws
 * that) or by interrupting the write thread, whose interrupt status is cleared at once.
 */
final class StoppableProgress implements Progress {
  /** How an index call ends when it stopped for an interrupt. */
  static final String STOPPED = "the index call stops at its next step, before it writes or"
      + " after its commit: the index holds the path whole or as it was before";

  private final Progress target;
  private volatile boolean stopRequested;
  private volatile Throwable callbackFailure; // unchecked: what Progress may throw

  StoppableProgress(Progress target) {
    this.target = target;
  }

  /**
   * Runs {@code call}, which waits for the index call; an {@link InterruptedIOException} if the
   * caller was interrupted, or the callback interrupted its thread.
   */
  <T> T run(IOSupplier<T> call) throws IOException {
    try {
      return call.get();
    } catch (InterruptedIOException e) {
      throw (InterruptedIOException) new InterruptedIOException("interrupted: " + STOPPED)
          .initCause(e);
    } catch (CancellationException e) {
      if (callbackFailure instanceof RuntimeException runtime) {
        throw runtime;
      }
      if (callbackFailure instanceof Error error) {
        throw error;
      }
      throw (InterruptedIOException) new InterruptedIOException(
          "stopped, as the progress callback interrupted its thread: " + STOPPED).initCause(e);
    }
  }

  /** Asks the index call to stop at its next progress event. */
  void stop() {
    stopRequested = true;
  }

  @Override
  public void start(String task, long total) {
    deliver(() -> target.start(task, total));
  }

  @Override
  public void advance(long done) {
    deliver(() -> target.advance(done));
  }

  @Override
  public void finish() {
    deliver(target::finish);
  }

  @Override
  public void note(String message) {
    deliver(() -> target.note(message));
  }

  private void deliver(Runnable event) {
    if (stopRequested) {
      throw new CancellationException("the caller asked the index call to stop");
    }
    try {
      event.run();
    } catch (RuntimeException | Error e) {
      callbackFailure = e;
      stopRequested = true;
    }
    if (Thread.interrupted()) { // the callback interrupted the write thread: never left set
      stopRequested = true;
    }
    if (stopRequested) {
      throw new CancellationException("the progress callback asked the index call to stop");
    }
  }
}
