package dev.relearn.feedback.store;

import java.io.IOException;
import java.time.Duration;
import java.util.Objects;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

/**
 * Finishes, in the process they failed in, the forgets that failed part-way (an I/O error after
 * their mark was set: a full disk, say), instead of leaving them to the next open while this
 * process's lookups and learned values still use the forgotten feedback. The store's {@link
 * Maintenance} calls {@link #tick()} every {@link #TICK}: once forgets have been unfinished for
 * {@link #FIRST_DELAY} (a forget running normally has finished by then, and one that is still
 * running is waited for, not repeated), it finishes them ({@link Rewrites#finishUnfinished()},
 * under the forgets' own locks); a failure is logged and tried again after twice the delay, up to
 * {@link #MAX_DELAY}, and never stops the store's other maintenance. The log names no session:
 * only how long until the next try, and the exception. Confined to the maintenance thread.
 */
final class ForgetRetries {
  private static final System.Logger LOG = System.getLogger(ForgetRetries.class.getName());
  /** How often maintenance looks for unfinished forgets (a volatile read when there are none). */
  static final Duration TICK = Duration.ofSeconds(1);
  /** How long forgets stay unfinished before the first try. */
  static final Duration FIRST_DELAY = Duration.ofSeconds(1);
  /** The longest wait between two tries. */
  static final Duration MAX_DELAY = Duration.ofMinutes(2);

  /** Finishes the unfinished forgets; whether there were any. */
  @FunctionalInterface
  interface Attempt {
    boolean run() throws IOException;
  }

  private final BooleanSupplier unfinished;
  private final Attempt attempt;
  private final LongSupplier nanos;
  private boolean waiting;
  private long dueNanos;
  private long delayNanos = FIRST_DELAY.toNanos();
  private int failures;

  /**
   * @param unfinished whether any forget is unfinished (cheap: every tick asks)
   * @param attempt finishes them
   * @param nanos a monotonic clock in nanoseconds ({@link System#nanoTime}; a test's own)
   */
  ForgetRetries(BooleanSupplier unfinished, Attempt attempt, LongSupplier nanos) {
    this.unfinished = Objects.requireNonNull(unfinished, "unfinished");
    this.attempt = Objects.requireNonNull(attempt, "attempt");
    this.nanos = Objects.requireNonNull(nanos, "nanos");
  }

  /** Tries to finish the unfinished forgets when they are due; never throws. */
  void tick() {
    if (!unfinished.getAsBoolean()) {
      reset();
      return;
    }
    long now = nanos.getAsLong();
    if (!waiting) {
      waiting = true;
      dueNanos = now + delayNanos;
      return;
    }
    if (now - dueNanos < 0) {
      return;
    }
    try {
      if (attempt.run()) {
        LOG.log(System.Logger.Level.INFO, "finished the feedback forgets that had failed part-way"
            + (failures == 0 ? "" : " (after " + (failures + 1) + " tries)"));
      }
      reset();
    } catch (IOException | RuntimeException e) {
      failures++;
      delayNanos = Math.min(2 * delayNanos, MAX_DELAY.toNanos());
      dueNanos = nanos.getAsLong() + delayNanos;
      LOG.log(System.Logger.Level.WARNING, "finishing a feedback forget that had failed part-way"
          + " failed again (try " + failures + "); trying again in "
          + Duration.ofNanos(delayNanos).toSeconds() + " s. Until then this process's similar-query"
          + " lookups skip the forgotten clusters; the next open finishes the forget too", e);
    }
  }

  /** How long the next wait is, after the tries so far; for tests. */
  Duration delay() {
    return Duration.ofNanos(delayNanos);
  }

  private void reset() {
    waiting = false;
    failures = 0;
    delayNanos = FIRST_DELAY.toNanos();
  }
}
