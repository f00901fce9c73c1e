package dev.relearn.eval.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * What a benchmarked index costs in memory and on disk, measured at the end of the run.
 *
 * @param indexBytes the size of the index folder's files
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

  /** Sums the files under {@code index} and reads the heap in use after {@link System#gc()}. */
  public static MemoryFigures measure(Path index) {
    long bytes;
    try (Stream<Path> files = Files.walk(index)) {
      bytes = files.filter(Files::isRegularFile).mapToLong(MemoryFigures::size).sum();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot size the index " + index, e);
    }
    System.gc();
    MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
    return new MemoryFigures(bytes, heap.getUsed(), heap.getMax());
  }

  private static long size(Path file) {
    try {
      return Files.size(file);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot size " + file, e);
    }
  }
}
