package dev.relearn.engine;

import dev.relearn.indexer.build.Progress;
import dev.relearn.lucene.files.IoThreads;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayDeque;
import java.util.concurrent.CancellationException;
import java.util.concurrent.Future;

/**
 * Runs long file work (an index call) on one of relearn's own threads ({@link IoThreads}) while
 * the caller's thread receives its progress: the caller's {@link Progress} is called on the
 * caller's thread, in order, as it would be if the work ran there, but an interrupt of that
 * thread (a {@code Future.cancel(true)}, or the callback interrupting its own thread) never
 * reaches the files the work has open. It asks the work to stop instead: the work's next progress
 * event throws {@link CancellationException}, which the index builder honours at once before it
 * writes and only after its commit once it has begun to write, so the index holds the path whole
 * or as it was before. A callback that throws stops the work the same way, and its exception is
 * then rethrown. Consecutive {@code advance} events the caller has not yet taken are merged (they
 * are cumulative), so a slow callback never makes the work wait. On one of relearn's own threads
 * (an {@code AsyncRelearn} call) the work runs inline.
 */
final class ProgressRelay implements Progress {
  /** File work that reports to a {@link Progress}. */
  @FunctionalInterface
  interface Work<T> {
    T run(Progress progress) throws IOException;
  }

  private final ArrayDeque<Event> events = new ArrayDeque<>(); // guarded by this
  private boolean ended; // guarded by this
  private volatile boolean stopRequested;

  private ProgressRelay() {}

  /**
   * Runs {@code work} on an I/O thread, relaying its progress to {@code target} on this thread;
   * see the class comment.
   *
   * @throws InterruptedIOException if this thread was interrupted and the work stopped for it
   *     (the interrupt status is set again)
   */
  static <T> T run(Progress target, Work<T> work) throws IOException {
    if (IoThreads.onOwnThread()) { // nobody interrupts it: no need to move
      return work.run(target);
    }
    ProgressRelay relay = new ProgressRelay();
    Future<T> started = IoThreads.start(() -> {
      try {
        return work.run(relay);
      } finally {
        relay.end();
      }
    });
    boolean interrupted = false;
    Throwable callbackFailure = null; // unchecked: what Progress may throw
    for (Event event; (event = relay.next()) != Event.END; ) {
      if (event == Event.INTERRUPTED) {
        interrupted = true;
        relay.stopRequested = true;
        continue;
      }
      try {
        if (callbackFailure == null) {
          event.deliver(target);
        }
      } catch (RuntimeException | Error e) { // the work is stopped and waited for all the same
        callbackFailure = e;
        relay.stopRequested = true;
      }
      if (Thread.interrupted()) { // the callback interrupted its own thread
        interrupted = true;
        relay.stopRequested = true;
      }
    }
    T result = null;
    try {
      result = IoThreads.await(started, () -> {});
    } catch (CancellationException stopped) {
      if (callbackFailure == null) {
        throw (InterruptedIOException) new InterruptedIOException("stopped: the calling thread"
            + " was interrupted; the index holds the path whole or as it was before")
            .initCause(stopped);
      }
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
    if (callbackFailure instanceof Error error) {
      throw error;
    }
    if (callbackFailure != null) {
      throw (RuntimeException) callbackFailure;
    }
    return result;
  }

  @Override
  public void start(String task, long total) {
    offer(new Event(Kind.START, task, total));
  }

  @Override
  public void advance(long done) {
    offer(new Event(Kind.ADVANCE, null, done));
  }

  @Override
  public void finish() {
    offer(new Event(Kind.FINISH, null, 0));
  }

  @Override
  public void note(String message) {
    offer(new Event(Kind.NOTE, message, 0));
  }

  private synchronized void offer(Event event) {
    if (stopRequested) {
      throw new CancellationException("the caller asked the work to stop");
    }
    Event last = events.peekLast();
    if (event.kind == Kind.ADVANCE && last != null && last.kind == Kind.ADVANCE) {
      events.pollLast(); // not taken yet: the newer count says it all
    }
    events.addLast(event);
    notifyAll();
  }

  private synchronized void end() {
    ended = true;
    notifyAll();
  }

  /** The next event, {@link Event#INTERRUPTED} if the wait was interrupted, or END. */
  private synchronized Event next() {
    while (events.isEmpty() && !ended) {
      try {
        wait();
      } catch (InterruptedException e) {
        return Event.INTERRUPTED;
      }
    }
    return events.isEmpty() ? Event.END : events.pollFirst();
  }

  private enum Kind { START, ADVANCE, FINISH, NOTE, INTERRUPTED, END }

  /** One progress call, to be made on the caller's thread. */
  private record Event(Kind kind, String text, long count) {
    static final Event INTERRUPTED = new Event(Kind.INTERRUPTED, null, 0);
    static final Event END = new Event(Kind.END, null, 0);

    void deliver(Progress target) {
      switch (kind) {
        case START -> target.start(text, count);
        case ADVANCE -> target.advance(count);
        case FINISH -> target.finish();
        case NOTE -> target.note(text);
        default -> throw new IllegalStateException("not a progress call: " + kind);
      }
    }
  }
}
