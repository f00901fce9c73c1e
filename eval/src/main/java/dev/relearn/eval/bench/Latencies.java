package dev.relearn.eval.bench;

import dev.relearn.lucene.schema.Require;
import java.util.Arrays;

/** Collected latency samples, in nanoseconds, and their percentiles. Not thread-safe. */
public final class Latencies {
  private long[] samples = new long[256];
  private int size;

  /** Adds one sample. */
  public void add(long nanos) {
    Require.nonNegative("latency", nanos);
    if (size == samples.length) {
      samples = Arrays.copyOf(samples, size * 2);
    }
    samples[size++] = nanos;
  }

  /** Number of samples. */
  public int count() {
    return size;
  }

  /**
   * The nearest-rank percentile in milliseconds.
   *
   * @param p in (0, 100]
   */
  public double percentileMillis(double p) {
    if (!(p > 0 && p <= 100)) {
      throw new IllegalArgumentException("percentile must be in (0, 100], got: " + p);
    }
    if (size == 0) {
      throw new IllegalStateException("no samples");
    }
    long[] sorted = Arrays.copyOf(samples, size);
    Arrays.sort(sorted);
    int rank = (int) Math.ceil(p / 100.0 * size);
    return sorted[Math.max(0, rank - 1)] / 1e6;
  }
}
