package dev.relearn.feedback.store;

import dev.relearn.feedback.log.Durability;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import javax.management.ObjectName;

/**
 * Measures the Java heap a feedback store holds per recorded event ({@link ScaleEvents}), its
 * open time and its lookup latency: records the events (ASYNC durability), measures the heap
 * after full collections, checkpoints, reopens (timed) and measures again, then times {@value
 * #LOOKUPS} lookups at once and again once the centroid graph is built.
 *
 * <p>Not a JUnit test: run its {@code main} with the event count, optionally a scratch folder and
 * {@code histogram} to print the heap's class histogram after reopening; or with {@code reopen}
 * and the scratch folder of a run, stopped or not, to measure only its reopening (which replays
 * what the log holds beyond the last checkpoint).
 */
public final class FeedbackHeapBenchmark {
  private static final int LOOKUPS = 2_000;
  private static final long SEED = 20_261_129L;

  private FeedbackHeapBenchmark() {}

  public static void main(String[] args) throws Exception {
    boolean reopenOnly = args[0].equals("reopen");
    int events = reopenOnly ? 0 : Integer.parseInt(args[0]);
    Path tmp = args.length > 1 ? Path.of(args[1]) : Files.createTempDirectory("heap-bench");
    ScaleEvents load = new ScaleEvents(SEED);
    long base = ScaleEvents.heap();
    try (StoreFixture fixture = new StoreFixture(tmp, System.currentTimeMillis())) {
      FeedbackStoreConfig config = FeedbackStoreConfig.defaults(ScaleEvents.DIMENSION)
          .withDurability(Durability.ASYNC);
      if (!reopenOnly) {
        try (FeedbackStore store = fixture.open(config, ForgetAllFollowUp.NONE)) {
          long start = System.nanoTime();
          load.record(store, 0, events, System.currentTimeMillis() - events);
          System.out.printf(Locale.ROOT, "recorded %,d events in %.1f s%n", events,
              (System.nanoTime() - start) / 1e9);
          report("after recording", ScaleEvents.heap() - base, events);
          store.checkpoint();
        }
      }
      long start = System.nanoTime();
      try (FeedbackStore store = fixture.open(config, ForgetAllFollowUp.NONE)) {
        System.out.printf(Locale.ROOT, "open %.2f s%n", (System.nanoTime() - start) / 1e9);
        events = (int) store.events();
        report("after reopening", ScaleEvents.heap() - base, events);
        if (Arrays.asList(args).contains("histogram")) {
          System.out.println(ManagementFactory.getPlatformMBeanServer().invoke(
              new ObjectName("com.sun.management:type=DiagnosticCommand"), "gcClassHistogram",
              new Object[] {null}, new String[] {String[].class.getName()}));
        }
        lookups("lookups at once", store, load);
        for (Thread thread : Thread.getAllStackTraces().keySet()) {
          if (thread.getName().equals("relearn-centroid-graph")) {
            thread.join(); // the centroid graph, built in the background from the first lookup
          }
        }
        System.out.printf(Locale.ROOT, "graph built %.1f s after the open%n",
            (System.nanoTime() - start) / 1e9);
        lookups("lookups then", store, load);
      }
    }
  }

  private static void lookups(String when, FeedbackStore store, ScaleEvents load)
      throws IOException {
    long[] nanos = new long[LOOKUPS];
    for (int i = 0; i < LOOKUPS; i++) {
      float[] query = load.query();
      long t = System.nanoTime();
      store.similar(query, 0.5f, 10);
      nanos[i] = System.nanoTime() - t;
    }
    Arrays.sort(nanos);
    System.out.printf(Locale.ROOT, "%s: p50 %.3f ms, p99 %.3f ms%n", when,
        nanos[LOOKUPS / 2] / 1e6, nanos[LOOKUPS * 99 / 100] / 1e6);
  }

  private static void report(String when, long bytes, int events) {
    System.out.printf(Locale.ROOT, "%s: heap %.1f MiB, %,d bytes/event%n", when,
        bytes / 1048576.0, bytes / Math.max(1, events));
  }
}
