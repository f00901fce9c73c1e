package dev.relearn.engine;

import dev.relearn.indexer.build.IndexReport;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.engine.search.SearchRequest;
import dev.relearn.engine.search.SearchResults;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * How long each call holds the caller's thread with {@link AsyncRelearn} (the hand-over) beside
 * how long the same work takes, and how long {@link Relearn} holds it, in the same run: open,
 * model load, search, feedback and close on the repository's own README.md and docs/ with the
 * real bge-small model. Not a JUnit test; no thresholds. Run {@code bin/bench-async
 * [SCRATCH_DIR]} from anywhere (or this class from the repository root or a module folder with
 * the engine's test class path).
 */
public final class AsyncRelearnBenchmark {
  private static final int QUERIES = 200;
  private static final int FEEDBACK = 100;
  private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();

  private AsyncRelearnBenchmark() {}

  /** Runs in a scratch folder (first argument, or a temporary one). */
  public static void main(String[] args) throws Exception {
    Path scratch = args.length > 0 ? Path.of(args[0]) : Files.createTempDirectory("relearn-async");
    Path corpus = copyDocs(scratch.resolve("docs"));
    Path index = scratch.resolve("index");
    RelearnOptions options = RelearnOptions.defaults();
    long start = System.nanoTime();
    try (Relearn relearn = Relearn.open(index, options)) {
      IndexReport report = relearn.index(corpus, SourceFormat.AUTO, Progress.NONE);
      System.out.printf(Locale.ROOT, "indexed %d chunks of README.md + docs/ with %s in %.1f s"
          + " (sync, incl. model load)%n", report.added(), relearn.metadata().modelId(),
          (System.nanoTime() - start) / 1e9);
    }
    List<String> words = vocabulary(corpus);
    Random random = new Random(7);
    System.out.printf(Locale.ROOT, "%-26s %-26s %-24s %s%n", "call", "caller thread, wall",
        "caller thread, CPU", "until done (sync: = wall)");

    long t = System.nanoTime();
    Relearn probe = Relearn.open(index, options);
    long syncOpen = System.nanoTime() - t;
    t = System.nanoTime();
    probe.embedder();
    long syncLoad = System.nanoTime() - t;
    t = System.nanoTime();
    probe.close();
    long syncClose = System.nanoTime() - t;
    print("open, sync Relearn", new long[] {syncOpen, syncOpen});
    print("model load, sync Relearn", new long[] {syncLoad, syncLoad});
    print("close, sync Relearn", new long[] {syncClose, syncClose});

    long[] open = new long[3];
    AsyncRelearn async = timed(() -> AsyncRelearn.open(index, options), open).join();
    print("open", open);
    long[] warm = new long[3];
    timed(async::warmUp, warm).join();
    print("warmUp (bge-small load)", warm);

    Relearn relearn = async.relearn();
    for (int i = 0; i < QUERIES / 4; i++) { // JIT warm-up, not measured
      async.call(r -> r.search(SearchRequest.of(query(words, random)))).join();
      relearn.search(SearchRequest.of(query(words, random)));
    }
    long[][] search = new long[3][QUERIES];
    long[] syncSearch = new long[QUERIES];
    for (int i = 0; i < QUERIES; i++) { // interleaved, each with a query not seen before
      long[] one = new long[3];
      SearchRequest request = SearchRequest.of(query(words, random));
      timed(() -> async.call(r -> r.search(request)), one).join();
      search[0][i] = one[0];
      search[1][i] = one[1];
      search[2][i] = one[2];
      SearchRequest other = SearchRequest.of(query(words, random));
      t = System.nanoTime();
      relearn.search(other);
      syncSearch[i] = System.nanoTime() - t;
    }
    print("search, async", search);
    print("search, sync Relearn", new long[][] {syncSearch, syncSearch});

    SearchResults shown = relearn.search(SearchRequest.of("feedback durability"));
    List<String> used = List.of(shown.hits().get(0).chunkId());
    long[][] feedback = new long[3][FEEDBACK];
    long[] syncFeedback = new long[FEEDBACK];
    for (int i = 0; i < FEEDBACK; i++) {
      long[] one = new long[3];
      FeedbackRequest request = FeedbackRequest.of(query(words, random), used)
          .withShownResults(shown, true, false);
      timed(() -> async.call(r -> r.feedback(request)), one).join();
      feedback[0][i] = one[0];
      feedback[1][i] = one[1];
      feedback[2][i] = one[2];
      FeedbackRequest again = FeedbackRequest.of(query(words, random), used)
          .withShownResults(shown, true, false);
      t = System.nanoTime();
      relearn.feedback(again);
      syncFeedback[i] = System.nanoTime() - t;
    }
    print("feedback, async", feedback);
    print("feedback, sync Relearn", new long[][] {syncFeedback, syncFeedback});

    long[] close = new long[3];
    timed(async::close, close).join();
    print("close", close);
  }

  /**
   * Calls {@code call}; {@code nanos[0]}: until it returned, {@code [1]}: until it completed,
   * {@code [2]}: CPU time the caller's thread spent in it (wall time minus being descheduled).
   */
  private static <T> CompletableFuture<T> timed(Supplier<CompletableFuture<T>> call,
      long[] nanos) {
    long cpu = CPU.getCurrentThreadCpuTime();
    long start = System.nanoTime();
    CompletableFuture<T> future = call.get();
    nanos[0] = System.nanoTime() - start;
    nanos[2] = CPU.getCurrentThreadCpuTime() - cpu;
    future.join();
    nanos[1] = System.nanoTime() - start;
    return future;
  }

  private static String query(List<String> words, Random random) {
    return words.get(random.nextInt(words.size())) + " " + words.get(random.nextInt(words.size()))
        + " " + words.get(random.nextInt(words.size()));
  }

  private static List<String> vocabulary(Path corpus) throws Exception {
    List<String> words = new ArrayList<>();
    try (Stream<Path> files = Files.list(corpus)) {
      for (Path file : files.sorted().toList()) {
        for (String word : Files.readString(file).toLowerCase(Locale.ROOT).split("[^a-z]+")) {
          if (word.length() > 4 && !words.contains(word)) {
            words.add(word);
          }
        }
      }
    }
    return words;
  }

  /** The repository's README.md and docs/*.md, found from the working directory upwards. */
  private static Path copyDocs(Path target) throws Exception {
    Path dir = Path.of("").toAbsolutePath();
    while (dir != null && !Files.isDirectory(dir.resolve("docs"))) {
      dir = dir.getParent();
    }
    if (dir == null) {
      throw new IllegalArgumentException("no docs/ folder above " + Path.of("").toAbsolutePath());
    }
    Files.createDirectories(target);
    try (Stream<Path> files = Files.list(dir.resolve("docs"))) {
      for (Path file : files.filter(f -> f.toString().endsWith(".md")).toList()) {
        Files.copy(file, target.resolve(file.getFileName()));
      }
    }
    Files.copy(dir.resolve("README.md"), target.resolve("README.md"));
    return target;
  }

  private static void print(String what, long[] once) {
    System.out.printf(Locale.ROOT, "%-26s %-26s %-24s %.1f ms%n", what,
        String.format(Locale.ROOT, "%.3f ms", once[0] / 1e6),
        once.length > 2 ? String.format(Locale.ROOT, "%.3f ms", once[2] / 1e6) : "-",
        once[1] / 1e6);
  }

  private static void print(String what, long[][] nanos) {
    System.out.printf(Locale.ROOT, "%-26s %-26s %-24s %s%n", what, percentiles(nanos[0]),
        nanos.length > 2 ? percentiles(nanos[2]) : "-", percentiles(nanos[1]));
  }

  /** Nearest-rank p50 and p99 (with 100 samples, the p99 is the 99th, not the maximum). */
  private static String percentiles(long[] nanos) {
    long[] sorted = nanos.clone();
    Arrays.sort(sorted);
    return String.format(Locale.ROOT, "p50 %.3f p99 %.3f ms", rank(sorted, 50) / 1e6,
        rank(sorted, 99) / 1e6);
  }

  private static long rank(long[] sorted, int p) {
    return sorted[Math.max(0, (int) Math.ceil(p / 100.0 * sorted.length) - 1)];
  }
}
