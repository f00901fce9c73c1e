package dev.relearn.eval.bench;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * How long a benchmark warms up: pass after pass until the JIT compiler has settled, or a time
 * limit. On 2 cores, relearn's searches kept the compiler busy for 10 to 20 s, taking the core the
 * learned mode's lookup thread needs, so one pass measured the JIT as much as the search. Settled:
 * in a window of at least {@link #WINDOW_NANOS}, the compiler threads spent less than {@link
 * #SETTLED_SHARE} of its wall time compiling. A JVM that does not report compilation time warms up
 * for the whole limit. Not thread-safe.
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
   * What the warm-up did: passes (at least 1), their wall time, why it stopped, and the share of
   * the last window spent compiling (null when the JVM does not tell).
   */
  public record Summary(int passes, double seconds, Stop stop, Double jitShare) {
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
   * A warm-up of at most {@code limit} (zero: one pass), timed by {@code nanos}, the compilers'
   * total time from {@code jitMillis} (null: unknown). Starts now.
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
   * Call after {@link #another}: a line for a person waiting (the {@link #status} at most every
   * {@link #NEWS_NANOS}, then the summary's line), or null.
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

  /** Progress so far, e.g. {@code warm-up: 3 passes, 4.2 s, compiling 95% of the last second}. */
  String status() {
    String share = lastShare == null ? "" : String.format(Locale.ROOT,
        ", compiling %.0f%% of the last second", 100 * lastShare);
    return String.format(Locale.ROOT, "warm-up: %d pass%s, %.1f s%s", passes,
        passes == 1 ? "" : "es", (nanos.getAsLong() - start) / 1e9, share);
  }

  /** What the warm-up did, once {@link #another} returned false. */
  public Summary summary() {
    if (summary == null) {
      throw new IllegalStateException("the warm-up is not over: call another() after each pass");
    }
    return summary;
  }
}
