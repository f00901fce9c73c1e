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
 * What a benchmarked index costs at the end of the run: the chunk index and feedback store on disk,
 * the heap in use after a full GC (the engine still open) and the heap limit.
 */
public record MemoryFigures(long indexBytes, long heapUsedBytes, long heapMaxBytes) {
  public MemoryFigures {
    if (indexBytes < 0 || heapUsedBytes < 0) {
      throw new IllegalArgumentException("sizes must be >= 0, got: index " + indexBytes
          + ", heap " + heapUsedBytes);
    }
  }

  /**
   * The index's size as {@link Relearn#stats()} gives it and the heap in use after {@link
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
   * Starts a stretch of work for {@link #peakHeapBytes}: each heap pool's peak becomes its usage.
   */
  static void resetPeakHeap() {
    heapPools().forEach(MemoryPoolMXBean::resetPeakUsage);
  }

  /**
   * The heap's peak since {@link #resetPeakHeap}: the sum of each heap pool's peak, an upper bound
   * that counts garbage too.
   */
  static long peakHeapBytes() {
    return heapPools().stream().mapToLong(pool -> pool.getPeakUsage().getUsed()).sum();
  }

  private static List<MemoryPoolMXBean> heapPools() {
    return ManagementFactory.getMemoryPoolMXBeans().stream()
        .filter(pool -> pool.getType() == MemoryType.HEAP && pool.isValid()).toList();
  }
}
