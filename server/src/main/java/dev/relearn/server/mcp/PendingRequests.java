package dev.relearn.server.mcp;

import java.util.concurrent.TimeUnit;

/**
 * Counts the requests handed to the SDK and the responses written, so that the server answers
 * the last requests before it stops: the SDK reads the end of input before they are answered.
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

  /** Waits up to {@code timeout} until every request received is answered; whether they were. */
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
