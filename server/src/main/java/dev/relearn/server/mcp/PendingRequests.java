package dev.relearn.server.mcp;

import java.util.concurrent.TimeUnit;

/**
 * Counts the client's requests handed to the SDK and the responses written back, so that the
 * server, when the client closes stdin right after its last requests, answers them before it
 * stops: the SDK reads ahead of its handlers, so the end of input comes before their answers.
 * Thread-safe.
 */
final class PendingRequests {
  private long received;
  private long answered;

  /** A request (a message with a method and an id) went to the SDK. */
  synchronized void received() {
    received++;
  }

  /** A response (a message with an id and a result or an error) was written. */
  synchronized void answered() {
    answered++;
    notifyAll();
  }

  /**
   * Waits until every request received so far is answered, at most {@code timeout}.
   *
   * @return whether they all were
   */
  synchronized boolean awaitAnswered(long timeout, TimeUnit unit) throws InterruptedException {
    long deadline = System.nanoTime() + unit.toNanos(timeout);
    while (answered < received) {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        return false;
      }
      TimeUnit.NANOSECONDS.timedWait(this, left);
    }
    return true;
  }
}
