package dev.relearn.feedback.log;

import dev.relearn.lucene.files.StorageOpener;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.stream.Stream;

/**
 * Not a test: prints the ack latency of REQUEST appends of 200-byte records against a raw
 * write-and-fsync loop on the same disk, and the throughput of 8 concurrent appenders (group
 * commit). Argument: a scratch folder (default: a new temporary folder), deleted afterwards. Run
 * by {@code bin/bench-feedback}. The REQUEST appends and the raw fsyncs alternate in one loop, in
 * a seeded random order; single-thread loops exclude 200 warm-up appends.
 */
public final class TranslogBenchmark {
  private static final int PAYLOAD = 200;
  private static final int SINGLE = 2000;
  private static final int THREADS = 8;
  private static final int PER_THREAD = 1000;

  private TranslogBenchmark() {}

  /** Runs the benchmark. */
  public static void main(String[] args) throws Exception {
    Path scratch = args.length > 0 ? Files.createDirectories(Path.of(args[0]))
        : Files.createTempDirectory("relearn-translog-bench");
    byte[] payload = new byte[PAYLOAD];
    new Random(1).nextBytes(payload);
    try {
      System.out.println("scratch folder: " + scratch);
      long[][] interleaved = requestBesideRaw(scratch.resolve("request"),
          scratch.resolve("raw.log"), payload);
      long[] request = interleaved[0];
      long[] raw = interleaved[1];
      print("REQUEST append, 1 thread", request);
      print("raw write+force(false), 1 thread", raw);
      System.out.printf(Locale.ROOT, "%-34s p50 %6.2fx      p99 %6.2fx%n",
          "REQUEST append / raw fsync", percentile(request, 50) / percentile(raw, 50),
          percentile(request, 99) / percentile(raw, 99));
      print("ASYNC append, 1 thread", singleThread(scratch.resolve("async"), Durability.ASYNC,
          payload));
      concurrent(scratch.resolve("concurrent"), payload);
    } finally {
      try (Stream<Path> files = Files.walk(scratch)) {
        for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
          Files.delete(p);
        }
      }
    }
  }

  private static long[] singleThread(Path dir, Durability durability, byte[] payload)
      throws IOException {
    try (Translog log = Translog.open(dir, durability, Translog.DEFAULT_SYNC_INTERVAL,
        StorageOpener.REAL)) {
      for (int i = 0; i < 200; i++) {
        log.append(payload); // warm-up
      }
      long[] nanos = new long[SINGLE];
      for (int i = 0; i < SINGLE; i++) {
        long start = System.nanoTime();
        log.append(payload);
        nanos[i] = System.nanoTime() - start;
      }
      return nanos;
    }
  }

  /**
   * REQUEST appends and raw write-and-fsyncs of the same size, alternating in a seeded random
   * order, so that the disk's and the machine's moods hit both alike: {@code [request, raw]}.
   */
  private static long[][] requestBesideRaw(Path logDir, Path rawFile, byte[] payload)
      throws IOException {
    ByteBuffer record = ByteBuffer.allocateDirect(PAYLOAD + RecordFormat.HEADER_BYTES);
    long[] request = new long[SINGLE];
    long[] raw = new long[SINGLE];
    Random order = new Random(42);
    try (Translog log = Translog.open(logDir);
        FileChannel channel = FileChannel.open(rawFile, StandardOpenOption.CREATE_NEW,
            StandardOpenOption.WRITE)) {
      long position = 0;
      for (int i = -200; i < SINGLE; i++) { // the first 200 of each are warm-up
        boolean rawFirst = order.nextBoolean();
        for (int turn = 0; turn < 2; turn++) {
          long start = System.nanoTime();
          if (rawFirst == (turn == 0)) {
            record.clear();
            position += channel.write(record, position);
            channel.force(false);
          } else {
            log.append(payload);
          }
          long took = System.nanoTime() - start;
          if (i >= 0) {
            (rawFirst == (turn == 0) ? raw : request)[i] = took;
          }
        }
      }
    }
    return new long[][] {request, raw};
  }

  private static void concurrent(Path dir, byte[] payload) throws Exception {
    FaultyChannel.Faults counter = new FaultyChannel.Faults();
    try (Translog log = Translog.open(dir, Durability.REQUEST, Duration.ofHours(1),
        counter.opener())) {
      List<Thread> threads = new ArrayList<>();
      long start = System.nanoTime();
      for (int t = 0; t < THREADS; t++) {
        Thread thread = new Thread(() -> {
          try {
            for (int i = 0; i < PER_THREAD; i++) {
              log.append(payload);
            }
          } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
          }
        }, "bench-appender-" + t);
        thread.start();
        threads.add(thread);
      }
      for (Thread thread : threads) {
        thread.join();
      }
      double seconds = (System.nanoTime() - start) / 1e9;
      int appends = THREADS * PER_THREAD;
      System.out.printf(Locale.ROOT, "REQUEST append, %d threads: %,.0f events/s (%d appends,"
          + " %d fsyncs, %.1f appends per fsync)%n", THREADS, appends / seconds, appends,
          counter.forces.get(), appends / (double) counter.forces.get());
    }
  }

  private static void print(String what, long[] nanos) {
    double total = Arrays.stream(nanos).sum() / 1e9;
    System.out.printf(Locale.ROOT, "%-34s p50 %7.3f ms  p99 %7.3f ms  (%,.0f ops/s, n=%d)%n",
        what, percentile(nanos, 50), percentile(nanos, 99), nanos.length / total, nanos.length);
  }

  /** The nearest-rank percentile of nanosecond timings, in milliseconds. */
  static double percentile(long[] nanos, double p) {
    long[] sorted = nanos.clone();
    Arrays.sort(sorted);
    int rank = (int) Math.ceil(p / 100.0 * sorted.length);
    return sorted[Math.max(0, rank - 1)] / 1e6;
  }
}
