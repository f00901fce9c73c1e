package dev.relearn.feedback.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * When maintenance tries to finish unfinished forgets, on a clock the test moves: not before they
 * have been unfinished for {@link ForgetRetries#FIRST_DELAY}, then after each failure twice the
 * wait, up to {@link ForgetRetries#MAX_DELAY}; a success, or forgets finished otherwise, starts
 * over. A failure, checked or not, never escapes a tick.
 */
class ForgetRetriesTest {
  private final AtomicLong now = new AtomicLong();
  private final AtomicBoolean unfinished = new AtomicBoolean();
  private final AtomicInteger failuresLeft = new AtomicInteger();
  private final List<Duration> triedAt = new ArrayList<>();
  private final ForgetRetries retries = new ForgetRetries(unfinished::get, () -> {
    triedAt.add(Duration.ofNanos(now.get()));
    if (failuresLeft.getAndDecrement() > 0) {
      if (failuresLeft.get() % 2 == 0) {
        throw new IllegalStateException("injected: the writer is closed");
      }
      throw new IOException("injected: the disk is full");
    }
    unfinished.set(false);
    return true;
  }, now::get);

  @Test
  void nothingIsTriedWhileNoForgetIsUnfinished() {
    for (int s = 0; s < 10; s++) {
      tickAt(Duration.ofSeconds(s));
    }
    assertEquals(List.of(), triedAt);
  }

  @Test
  void triesAfterTheFirstDelayThenBacksOffByDoublingUpToTheMaximum() {
    unfinished.set(true);
    failuresLeft.set(9);
    for (long ms = 0; ms <= Duration.ofMinutes(10).toMillis(); ms += 500) {
      tickAt(Duration.ofMillis(ms)); // a tick every half second; none throws
    }
    List<Duration> expected = new ArrayList<>();
    Duration at = ForgetRetries.FIRST_DELAY;
    Duration wait = ForgetRetries.FIRST_DELAY;
    for (int i = 0; i < 10; i++) {
      expected.add(at);
      wait = min(wait.multipliedBy(2), ForgetRetries.MAX_DELAY);
      at = at.plus(wait);
    }
    assertEquals(expected, triedAt, "1 s, then 2, 4, ... 64, 120, 120 s after each failure");
    assertEquals(ForgetRetries.FIRST_DELAY, retries.delay(), "the success started over");
  }

  @Test
  void aSuccessOrForgetsFinishedOtherwiseStartOver() {
    unfinished.set(true);
    failuresLeft.set(3);
    tickAt(Duration.ZERO);
    tickAt(Duration.ofSeconds(1)); // fails
    tickAt(Duration.ofSeconds(3)); // fails
    assertEquals(Duration.ofSeconds(4), retries.delay());
    unfinished.set(false); // a forget asked for again finished them
    tickAt(Duration.ofSeconds(4));
    unfinished.set(true); // a later forget failed
    tickAt(Duration.ofSeconds(5));
    tickAt(Duration.ofSeconds(6)); // one second later, not four: fails
    assertEquals(List.of(Duration.ofSeconds(1), Duration.ofSeconds(3), Duration.ofSeconds(6)),
        triedAt);
    tickAt(Duration.ofSeconds(8)); // succeeds
    assertTrue(!unfinished.get() && retries.delay().equals(ForgetRetries.FIRST_DELAY));
  }

  private void tickAt(Duration at) {
    now.set(at.toNanos());
    retries.tick();
  }

  private static Duration min(Duration a, Duration b) {
    return a.compareTo(b) <= 0 ? a : b;
  }
}
