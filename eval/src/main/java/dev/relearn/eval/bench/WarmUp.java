package dev.relearn.eval.bench;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * How long a benchmark warms up: pass after pass until the JIT compiler has settled, or until a
 * time limit. One pass is not enough: on a 2-core machine, relearn's searches kept the compiler
 * threads busy for 10 to 20 s (a full core of compiling per second of searching, thousands of
 * methods tiering up as more of Lucene's and relearn's code got hot), and while they compiled,
 * that second core was not free for the learned mode's lookup thread, so the timings measured the
 * JIT as much as the search.
 *
 * <p>Settled means that in a window of at least {@link #WINDOW_NANOS}, the compiler threads spent
 * less than {@link #SETTLED_SHARE} of the window's wall time compiling ({@link
 * CompilationMXBean#getTotalCompilationTime()}, summed over the compiler threads). A JVM that does
 * not report compilation time warms up for the whole limit. Not thread-safe: one benchmark
 * thread calls {@link #another} after each pass.
 */
public final class WarmUp {
  /** The shortest window the compiler's share is measured over. */
  static final long WINDOW_NANOS = 1_000_000_000L;
  /** Below this share of a window spent compiling, the compiler has settled. */
  static final double SETTLED_SHARE = 0.10;
  /** How often, at most, {@link #news} has something to say. */
  static final long NEWS_NANOS = 2_000_000_000L;

  /** Why the warm-up stopped. */
  public enum Stop {
    /** The compiler settled. */
    @JsonProperty("settled") SETTLED,
    /** The time limit came first. */
    @JsonProperty("time_limit") TIME_LIMIT
  }

  /**
   * What the warm-up did.
   *
   * @param passes warm-up passes, at least 1
   * @param seconds their wall time
   * @param stop why it stopped
   * @param jitShare the share of the last window's wall time spent compiling, or null when the
   *     JVM does not report compilation time
   */
  public record Summary(int passes, double seconds, Stop stop, Double jitShare) {
    /** Checks the figures. */
    public Summary {
      if (passes < 1 || !(seconds >= 0) || stop == null
          || (jitShare != null && !(jitShare >= 0))) {
        throw new IllegalArgumentException("need passes >= 1, seconds >= 0, a stop and a jitShare"
            + " >= 0 or null, got: " + passes + ", " + seconds + ", " + stop + ", " + jitShare);
      }
    }

    /** One line for a report, e.g. {@code warm-up: 11 passes in 14.2 s, until ...}. */
    public String line() {
      String share = jitShare == null ? "this JVM does not report compiling time"
          : String.format(Locale.ROOT, "%.0f%% of the last second spent compiling", 100 * jitShare);
      return String.format(Locale.ROOT, "warm-up: %d pass%s in %.1f s, %s (%s)", passes,
          passes == 1 ? "" : "es", seconds, stop == Stop.SETTLED
              ? "until the JIT compiler settled" : "stopped at the --warm-up limit", share);
    }
  }

  private final long limitNanos;
  private final LongSupplier nanos;
  private final LongSupplier jitMillis; // null: not reported
  private final long start;
  private long windowStart;
  private long windowJit;
  private int passes;
  private Double lastShare; // the last whole window's, or null before the first
  private long lastNews;
  private Summary summary;

  /**
   * A warm-up of at most {@code limit} (zero: exactly one pass), timed by {@code nanos}, with the
   * compilers' total time from {@code jitMillis} (null when unknown). Starts now.
   */
  WarmUp(Duration limit, LongSupplier nanos, LongSupplier jitMillis) {
    if (limit.isNegative()) {
      throw new IllegalArgumentException("the warm-up limit must not be negative, got: " + limit);
    }
    this.limitNanos = limit.toNanos();
    this.nanos = nanos;
    this.jitMillis = jitMillis;
    this.start = nanos.getAsLong();
    this.windowStart = start;
    this.lastNews = start;
    this.windowJit = jitMillis == null ? 0 : jitMillis.getAsLong();
  }

  /** A warm-up of at most {@code limit} on this JVM's clock and compilers; starts now. */
  public static WarmUp upTo(Duration limit) {
    CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
    boolean reported = jit != null && jit.isCompilationTimeMonitoringSupported();
    return new WarmUp(limit, System::nanoTime, reported ? jit::getTotalCompilationTime : null);
  }

  /** Call after each warm-up pass: whether another is needed. */
  public boolean another() {
    if (summary != null) {
      throw new IllegalStateException("the warm-up is over: " + summary.line());
    }
    passes++;
    long now = nanos.getAsLong();
    long jit = jitMillis == null ? 0 : jitMillis.getAsLong();
    Double share = jitMillis == null ? null
        : Math.max(0, (jit - windowJit) * 1e6 / Math.max(1, now - windowStart));
    if (now - start >= limitNanos) {
      summary = new Summary(passes, (now - start) / 1e9, Stop.TIME_LIMIT, share);
      return false;
    }
    if (share == null || now - windowStart < WINDOW_NANOS) {
      return true;
    }
    if (share < SETTLED_SHARE) {
      summary = new Summary(passes, (now - start) / 1e9, Stop.SETTLED, share);
      return false;
    }
    lastShare = share;
    windowStart = now;
    windowJit = jit;
    return true;
  }

  /**
   * Call after {@link #another}: the line to show a person waiting, or null when there is nothing
   * new to say. Once the warm-up is over, its {@link Summary#line}; before that, its {@link
   * #status} at most every {@link #NEWS_NANOS}.
   */
  public String news() {
    if (summary != null) {
      return summary.line();
    }
    long now = nanos.getAsLong();
    if (now - lastNews < NEWS_NANOS) {
      return null;
    }
    lastNews = now;
    return status();
  }

  /**
   * Progress so far, e.g. {@code warm-up: 3 passes, 4.2 s, compiling 95% of the last second}.
   */
  String status() {
    String share = lastShare == null ? "" : String.format(Locale.ROOT,
        ", compiling %.0f%% of the last second", 100 * lastShare);
    return String.format(Locale.ROOT, "warm-up: %d pass%s, %.1f s%s", passes,
        passes == 1 ? "" : "es", (nanos.getAsLong() - start) / 1e9, share);
  }

  /**
   * What the warm-up did.
   *
   * @throws IllegalStateException while {@link #another} has not yet returned false
   */
  public Summary summary() {
    if (summary == null) {
      throw new IllegalStateException("the warm-up is not over: call another() after each pass");
    }
    return summary;
  }
}
