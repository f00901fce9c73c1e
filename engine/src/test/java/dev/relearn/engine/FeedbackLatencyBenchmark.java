package dev.relearn.engine;

import dev.relearn.feedback.event.ShownResult;
import dev.relearn.feedback.index.SessionBudget;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.lucene.feedback.Outcome;
import dev.relearn.engine.search.Hit;
import dev.relearn.engine.search.SearchMode;
import dev.relearn.engine.search.SearchRequest;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Feedback through the whole engine: acknowledgement latency in REQUEST durability beside a raw
 * 200-byte write+fsync on the same disk (measured in the same run), events per second with 8
 * recording threads (group commit), and the time from a strong signal's acknowledgement until a
 * search shows its learned values, after 200 unmeasured events. Not a JUnit test: run {@code
 * bin/bench-feedback}.
 */
public final class FeedbackLatencyBenchmark {
  private static final int CHUNKS = 2_000;
  private static final int EVENTS = 2_000;
  private static final int THREADS = 8;
  /** Feedback events (and raw writes) before the measured ones, not timed: JIT, first files. */
  private static final int WARM_UP = 200;
  /**
   * Events per session: within its event budget, past which a session's clicks no longer count
   * in the learned values a search shows.
   */
  private static final int SESSION = SessionBudget.EVENTS;

  private FeedbackLatencyBenchmark() {}

  /** Runs in a scratch folder (first argument, or a temporary one). */
  public static void main(String[] args) throws Exception {
    Path scratch = args.length > 0 ? Path.of(args[0]) : Files.createTempDirectory("relearn-fb");
    Path docs = Files.createDirectories(scratch.resolve("docs"));
    Random random = new Random(11);
    for (int i = 0; i < CHUNKS; i++) {
      Files.writeString(docs.resolve("doc" + i + ".txt"), "topic" + random.nextInt(200)
          + " note " + i + " about subject" + random.nextInt(50));
    }
    try (Relearn relearn = Relearn.open(scratch.resolve("index"),
        RelearnOptions.defaults().withModel(ModelChoice.HASHING))) {
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      List<String> ids = new ArrayList<>();
      for (Hit hit : relearn.search(SearchRequest.of("note topic1 subject1").withK(200)).hits()) {
        ids.add(hit.chunkId());
      }
      long[] fsync = rawFsync(scratch.resolve("raw.bin"), EVENTS);
      long[] ack = new long[EVENTS];
      long[] visible = new long[EVENTS / 10];
      for (int i = -WARM_UP; i < 0; i++) {
        String used = ids.get(random.nextInt(ids.size()));
        relearn.feedback(FeedbackRequest.of("warm-up topic" + (-i % 200), List.of(used))
            .withOutcome(Outcome.SUCCESS).withIds("w" + -i / SESSION, "warm-" + -i)
            .withShown(List.of(new ShownResult(used, 1)), false, false));
      }
      for (int i = 0; i < EVENTS; i++) {
        String used = ids.get(random.nextInt(ids.size()));
        FeedbackRequest request = FeedbackRequest.of("note topic" + (i % 200), List.of(used))
            .withOutcome(Outcome.SUCCESS).withIds("s" + i / SESSION, "seq-" + i)
            .withShown(List.of(new ShownResult(used, 1 + i % 10)), false, false);
        double before = relearn.feedbackStore().learned(used).clicks();
        long start = System.nanoTime();
        relearn.feedback(request);
        long acked = System.nanoTime();
        ack[i] = acked - start;
        if (i % 10 == 0) {
          visible[i / 10] = untilVisible(relearn, used, before) - acked;
        }
      }
      print("raw write+fsync of 200 bytes", fsync);
      print("feedback ack, REQUEST durability", ack);
      print("ack -> visible in a search", visible);
      System.out.printf(Locale.ROOT, "%-36s p50 %6.2fx      p99 %6.2fx%n",
          "feedback ack / raw fsync", percentile(ack, 50) / percentile(fsync, 50),
          percentile(ack, 99) / percentile(fsync, 99));
      concurrent(relearn, ids);
      refits(relearn, ids, random);
    }
  }

  /**
   * The trust in the vote is refit, synchronously, by every 250th event: after the concurrent
   * phase's 4,000 distinct queries the refit reads its bound, the latest 4,000 clusters. Of 1,000
   * more acks, the slowest 4 are the refits.
   */
  private static void refits(Relearn relearn, List<String> ids, Random random)
      throws IOException {
    long[] acks = new long[1_000];
    for (int i = 0; i < acks.length; i++) {
      String used = ids.get(random.nextInt(ids.size()));
      long start = System.nanoTime();
      relearn.feedback(FeedbackRequest.of("refit query " + i, List.of(used))
          .withIds("r" + i / SESSION, "refit-" + i)
          .withShown(List.of(new ShownResult(used, 1)), false, false));
      acks[i] = System.nanoTime() - start;
    }
    long[] sorted = acks.clone();
    Arrays.sort(sorted);
    System.out.printf(Locale.ROOT, "%-36s %7.1f ms each (slowest 4 of 1,000 acks; p50 %.3f ms)%n",
        "ack with a trust refit, 4,000 clusters",
        Arrays.stream(sorted, sorted.length - 4, sorted.length).average().orElse(0) / 1e6,
        percentile(acks, 50));
  }

  private static long untilVisible(Relearn relearn, String id, double before) throws IOException {
    SearchRequest request = SearchRequest.of("note").withMode(SearchMode.VECTOR).withK(1)
        .withFilter(id.substring(0, id.indexOf('#')), null);
    for (int attempt = 0; attempt < 100_000; attempt++) {
      Hit hit = relearn.search(request).hits().get(0);
      if (hit.learned().clicks() > before) {
        return System.nanoTime();
      }
    }
    throw new IllegalStateException("feedback on " + id + " never became visible");
  }

  private static long[] rawFsync(Path file, int count) throws IOException {
    long[] nanos = new long[count];
    ByteBuffer record = ByteBuffer.allocate(200);
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE,
        StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
      for (int i = -WARM_UP; i < count; i++) {
        record.clear();
        long start = System.nanoTime();
        channel.write(record);
        channel.force(false);
        if (i >= 0) {
          nanos[i] = System.nanoTime() - start;
        }
      }
    }
    return nanos;
  }

  private static void concurrent(Relearn relearn, List<String> ids) throws Exception {
    AtomicInteger next = new AtomicInteger();
    List<Thread> threads = new ArrayList<>();
    List<Exception> failures = new java.util.concurrent.CopyOnWriteArrayList<>();
    long start = System.nanoTime();
    for (int t = 0; t < THREADS; t++) {
      long seed = t;
      Thread thread = new Thread(() -> {
        Random random = new Random(seed);
        for (int i = next.getAndIncrement(); i < EVENTS * 2; i = next.getAndIncrement()) {
          String used = ids.get(random.nextInt(ids.size()));
          try {
            relearn.feedback(FeedbackRequest.of("query " + i, List.of(used))
                .withIds("c" + i / SESSION, "par-" + i)
                .withShown(List.of(new ShownResult(used, 1)), false, false));
          } catch (IOException | RuntimeException e) {
            failures.add(e);
          }
        }
      }, "bench-recorder-" + t);
      threads.add(thread);
      thread.start();
    }
    for (Thread thread : threads) {
      thread.join();
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    if (!failures.isEmpty()) {
      throw failures.get(0);
    }
    System.out.printf(Locale.ROOT, "%-36s %,.0f events/s (%d threads, %,d events)%n",
        "feedback, concurrent recorders", EVENTS * 2 / seconds, THREADS, EVENTS * 2);
  }

  private static void print(String what, long[] nanos) {
    System.out.printf(Locale.ROOT, "%-36s p50 %7.3f ms  p99 %7.3f ms  (n=%d)%n", what,
        percentile(nanos, 50), percentile(nanos, 99), nanos.length);
  }

  /** The nearest-rank percentile of nanosecond timings, in milliseconds. */
  static double percentile(long[] nanos, double p) {
    long[] sorted = nanos.clone();
    Arrays.sort(sorted);
    int rank = (int) Math.ceil(p / 100.0 * sorted.length);
    return sorted[Math.max(0, rank - 1)] / 1e6;
  }
}
