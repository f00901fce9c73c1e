package dev.relearn.engine;

import dev.relearn.indexer.build.Progress;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Locale;

/**
 * Progress on stderr: a redrawn bar on a terminal, otherwise a plain line every few seconds (so
 * CI logs stay readable). A task of unknown size (a total of 0) shows its count and rate only.
 */
public final class ConsoleProgress implements Progress {
  private static final long LINE_INTERVAL_NANOS = Duration.ofSeconds(5).toNanos();
  private static final int BAR_WIDTH = 30;

  private final PrintStream out;
  private final boolean terminal;
  private String task = "";
  private long total;
  private long startNanos;
  private long lastPrintNanos;

  /** Writes to {@code out}; draws a bar only if {@code terminal}. */
  public ConsoleProgress(PrintStream out, boolean terminal) {
    this.out = out;
    this.terminal = terminal;
  }

  /** Progress on {@code System.err}, as a bar when the process has a terminal. */
  public static ConsoleProgress stderr() {
    return new ConsoleProgress(System.err, System.console() != null);
  }

  @Override
  public synchronized void start(String task, long total) {
    this.task = task;
    this.total = total;
    this.startNanos = System.nanoTime();
    this.lastPrintNanos = startNanos;
    if (!terminal) {
      out.println(task + (total > 0 ? ": 0/" + total : ": started"));
    }
  }

  @Override
  public synchronized void advance(long done) {
    long now = System.nanoTime();
    if (terminal) {
      if (now - lastPrintNanos > 100_000_000L || (total > 0 && done == total)) {
        out.print("\r" + line(done, now));
        lastPrintNanos = now;
      }
    } else if (now - lastPrintNanos >= LINE_INTERVAL_NANOS) {
      out.println(line(done, now));
      lastPrintNanos = now;
    }
  }

  @Override
  public synchronized void finish() {
    long seconds = (System.nanoTime() - startNanos) / 1_000_000_000L;
    out.println((terminal ? "\r" : "") + task + ": done in " + seconds + " s"
        + " ".repeat(BAR_WIDTH));
  }

  @Override
  public synchronized void note(String message) {
    out.println(message);
  }

  private String line(long done, long now) {
    double fraction = total == 0 ? 1 : Math.min(1, done / (double) total);
    double elapsed = (now - startNanos) / 1e9;
    String rate = elapsed > 0 ? String.format(Locale.ROOT, "%.1f/s", done / elapsed) : "";
    String eta = done > 0 && done < total
        ? String.format(Locale.ROOT, ", %d s left", (long) (elapsed * (total - done) / done)) : "";
    if (total <= 0) {
      return String.format(Locale.ROOT, "%s: %d %s", task, done, rate);
    }
    if (!terminal) {
      return String.format(Locale.ROOT, "%s: %d/%d (%.0f%%) %s%s", task, done, total,
          100 * fraction, rate, eta);
    }
    int filled = (int) Math.round(fraction * BAR_WIDTH);
    return String.format(Locale.ROOT, "%s [%s%s] %d/%d %s%s", task, "#".repeat(filled),
        ".".repeat(BAR_WIDTH - filled), done, total, rate, eta);
  }
}
