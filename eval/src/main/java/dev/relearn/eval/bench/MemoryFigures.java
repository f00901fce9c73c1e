package dev.relearn.eval.bench;

import dev.relearn.engine.IndexStats;
import dev.relearn.engine.Relearn;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.List;

/**
 * What a benchmarked index costs in memory and on disk, measured at the end of the run.
 *
 * @param indexBytes the size on disk of the chunk index and its feedback store
 * @param heapUsedBytes the JVM heap in use after a full GC requested by the benchmark (the engine
 *     still open: its readers, caches and, once loaded, the model's Java side)
 * @param heapMaxBytes the heap limit (-Xmx)
 */
public record MemoryFigures(long indexBytes, long heapUsedBytes, long heapMaxBytes) {
  /** Checks the figures. */
  public MemoryFigures {
    if (indexBytes < 0 || heapUsedBytes < 0) {
      throw new IllegalArgumentException("sizes must be >= 0, got: index " + indexBytes
          + ", heap " + heapUsedBytes);
    }
  }

  /**
   * The index's size as {@link Relearn#stats()} gives it (the chunk index and its feedback store;
   * not the vector cache, which only indexing reads) and the heap in use after {@link
   * System#gc()}.
   */
  public static MemoryFigures measure(Relearn engine) throws IOException {
    IndexStats stats = engine.stats();
    System.gc();
    MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
    return new MemoryFigures(stats.sizeBytes() + stats.feedbackBytes(), heap.getUsed(),
        heap.getMax());
  }

  /**
   * Starts a stretch of work for {@link #peakHeapBytes}: every heap memory pool's peak becomes its
   * current usage.
   */
  static void resetPeakHeap() {
    heapPools().forEach(MemoryPoolMXBean::resetPeakUsage);
  }

  /**
   * The JVM heap's peak since {@link #resetPeakHeap}: the sum of each heap pool's own peak (eden,
   * survivor, old generation), which need not have been reached at the same moment, so an upper
   * bound of the heap in use at any one time; it counts garbage not yet collected too.
   */
  static long peakHeapBytes() {
    return heapPools().stream().mapToLong(pool -> pool.getPeakUsage().getUsed()).sum();
  }

  private static List<MemoryPoolMXBean> heapPools() {
    return ManagementFactory.getMemoryPoolMXBeans().stream()
        .filter(pool -> pool.getType() == MemoryType.HEAP && pool.isValid()).toList();
  }
}
