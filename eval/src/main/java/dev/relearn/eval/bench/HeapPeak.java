package dev.relearn.eval.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;

/**
 * The JVM heap's peak over a stretch of work, from the heap memory pools' peak usage: {@link
 * #reset} before, {@link #bytes} after. The figure is the sum of each pool's own peak (eden,
 * survivor, old generation), which need not have been reached at the same moment, so it is an
 * upper bound of the heap in use at any one time; it counts garbage not yet collected too.
 */
final class HeapPeak {
  private HeapPeak() {}

  /** Starts a new stretch: every heap pool's peak becomes its current usage. */
  static void reset() {
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP && pool.isValid()) {
        pool.resetPeakUsage();
      }
    }
  }

  /** The sum of the heap pools' peaks since the last {@link #reset}. */
  static long bytes() {
    long total = 0;
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP && pool.isValid()) {
        total += pool.getPeakUsage().getUsed();
      }
    }
    return total;
  }
}
