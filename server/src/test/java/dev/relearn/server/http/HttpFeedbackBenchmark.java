package dev.relearn.server.http;

import dev.relearn.engine.ModelChoice;
import dev.relearn.engine.Relearn;
import dev.relearn.engine.RelearnOptions;
import dev.relearn.engine.search.Hit;
import dev.relearn.engine.search.SearchRequest;
import dev.relearn.feedback.index.SessionBudget;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
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
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@code POST /api/feedback} through the JDK's HttpClient beside its two inherent costs, measured
 * alternately in one loop of the same run: a raw 200-byte write+fsync on the same disk (what an
 * acknowledgement must wait for) and the request's own transport and parsing (the same body with
 * one unknown field, which the server parses and answers 400). Prints their p50/p99, the ratio of
 * the ack's p50 to the sum of the two baselines, then acknowledged events/s and ack p50/p99 with
 * {@value #WRITERS} concurrent writers (one keep-alive connection each). Each of the {@value
 * #QUERIES} queries is searched once through {@code POST /api/search} first, as a user would
 * before giving feedback on a result, so the queries' vectors are cached and what the search
 * showed is known. Each phase is measured after an unmeasured one like it ({@value #WARM_UP}
 * rounds serially, then as many concurrent events as measured), so the figures are those of a
 * server that has been running (without it, the JIT compiler still took about half a core in
 * the measured phases). Asserts nothing.
 *
 * <p>Run by {@code bin/bench-feedback}, or with the server module's test class path: {@code
 * HttpFeedbackBenchmark [--model bge-small|hashing] [--events N] [SCRATCH_DIR]}.
 */
public final class HttpFeedbackBenchmark {
  private static final int WRITERS = 8;
  private static final int QUERIES = 50;
  private static final int WARM_UP = 3_000;

  private HttpFeedbackBenchmark() {}

  /** Runs the benchmark; see the class comment for the arguments. */
  public static void main(String[] args) throws Exception {
    ModelChoice model = ModelChoice.BGE_SMALL;
    int events = 2_000;
    Path scratch = null;
    for (int i = 0; i < args.length; i++) {
      if (args[i].startsWith("--") && i + 1 >= args.length) {
        throw new IllegalArgumentException(args[i] + " needs a value");
      }
      switch (args[i]) {
        case "--model" -> model = ModelChoice.fromLabel(args[++i]);
        case "--events" -> events = Integer.parseInt(args[++i]);
        default -> scratch = Path.of(args[i]);
      }
    }
    if (events < 1) {
      throw new IllegalArgumentException("--events must be at least 1, got: " + events);
    }
    Path folder = scratch != null ? Files.createDirectories(scratch)
        : Files.createTempDirectory("relearn-http-fb");
    run(folder, model, events);
  }

  private static void run(Path scratch, ModelChoice model, int events) throws Exception {
    Path docs = Files.createDirectories(scratch.resolve("docs"));
    Random random = new Random(7);
    for (int i = 0; i < 2_000; i++) {
      Files.writeString(docs.resolve("doc" + i + ".txt"), "topic" + random.nextInt(200)
          + " note " + i + " about subject" + random.nextInt(50));
    }
    RelearnOptions options = RelearnOptions.defaults().withModel(model);
    try (Relearn relearn = Relearn.open(scratch.resolve("index"), options)) {
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      List<String> ids = new ArrayList<>();
      for (Hit hit : relearn.search(SearchRequest.of("note topic1 subject1").withK(200))
          .hits()) {
        ids.add(hit.chunkId());
      }
      System.out.printf(Locale.ROOT, "HTTP feedback: %d chunks, model %s, %d distinct queries"
          + " (each searched once first: vectors cached, shown results known), %d cores%n", relearn.stats().chunks(),
          relearn.metadata().modelId(), QUERIES, Runtime.getRuntime().availableProcessors());
      PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
      try (HttpApiServer server = HttpApiServer.start(relearn,
          HttpApiConfig.defaults().withAddress("127.0.0.1", 0), quiet);
          FileChannel raw = FileChannel.open(scratch.resolve("raw.bin"),
              StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
        URI endpoint = server.uri().resolve("/api/feedback");
        serial(endpoint, raw, ids, events);
        concurrent(endpoint, ids, events * 2, "cw", false); // warm-up: connections, JIT, pools
        concurrent(endpoint, ids, events * 2, "c", true);
      }
    }
  }

  private static void serial(URI endpoint, FileChannel raw, List<String> ids, int events)
      throws Exception {
    HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    Random random = new Random(11);
    URI search = endpoint.resolve("/api/search");
    for (int q = 0; q < QUERIES; q++) {
      post(client, search, "{\"query\": \"note topic" + q + "\"}", 200);
    }
    for (int i = 0; i < WARM_UP; i++) {
      post(client, endpoint, body(i, ids, random, "w"), 200);
      post(client, endpoint, body(i, ids, random, "w"), 400);
      fsync(raw);
    }
    long[] ack = new long[events];
    long[] fsync = new long[events];
    long[] parse = new long[events];
    for (int i = 0; i < events; i++) {
      String body = body(i, ids, random, "s");
      // rotate which goes first, so that none always runs on a warmer cache
      for (int step = 0; step < 3; step++) {
        switch ((i + step) % 3) {
          case 0 -> ack[i] = post(client, endpoint, body, 200);
          case 1 -> parse[i] = post(client, endpoint, body(i, ids, random, "p") ,
              400);
          default -> fsync[i] = fsync(raw);
        }
      }
    }
    System.out.printf(Locale.ROOT, "%n[serial: one client, %,d events]%n", events);
    print("raw write+fsync of 200 bytes", fsync);
    print("HTTP POST, parsed, answered 400", parse);
    print("HTTP POST /api/feedback, acked", ack);
    double baseline = p(fsync, 50) + p(parse, 50);
    System.out.printf(Locale.ROOT, "%-36s p50 %7.3f ms  ratio ack / baseline %.2fx%n",
        "baseline: fsync + request parsing", baseline, p(ack, 50) / baseline);
  }

  /** {@value #WRITERS} writers send {@code events}; prints the figures when {@code measured}. */
  private static void concurrent(URI endpoint, List<String> ids, int events, String prefix,
      boolean measured) throws Exception {
    AtomicInteger next = new AtomicInteger();
    long[] ack = new long[events];
    long start = System.nanoTime();
    try (ExecutorService writers = Executors.newFixedThreadPool(WRITERS,
        Thread.ofPlatform().name("bench-http-writer-", 1).factory())) {
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < WRITERS; t++) {
        Random random = new Random(100 + t);
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        done.add(writers.submit(() -> {
          for (int i = next.getAndIncrement(); i < events; i = next.getAndIncrement()) {
            ack[i] = post(client, endpoint, body(i, ids, random, prefix), 200);
          }
          return null;
        }));
      }
      for (Future<?> writer : done) {
        writer.get(); // rethrows a writer's failure
      }
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    if (!measured) {
      return;
    }
    System.out.printf(Locale.ROOT, "%n[%d concurrent writers, one connection each, %,d events]%n",
        WRITERS, events);
    print("HTTP POST /api/feedback, acked", ack);
    System.out.printf(Locale.ROOT, "%-36s %,.0f events/s%n", "acknowledged events", events
        / seconds);
  }

  /** A feedback body: one of {@value #QUERIES} queries, a used chunk, a fresh event id. */
  private static String body(int i, List<String> ids, Random random, String prefix) {
    return "{\"query\": \"note topic" + random.nextInt(QUERIES) + "\", \"used\": [\""
        + ids.get(random.nextInt(ids.size())) + "\"], \"outcome\": \"success\", \"session\": \""
        + prefix + i / SessionBudget.EVENTS + "\", \"event_id\": \"" + prefix + "-" + i + "-"
        + random.nextInt(1 << 30) + "\"}";
  }

  /** One POST; status 400 sends {@code body} with a field the endpoint rejects after parsing. */
  private static long post(HttpClient client, URI endpoint, String body, int status)
      throws IOException, InterruptedException {
    String sent = status == 400 ? body.substring(0, body.length() - 1) + ", \"zz\": 1}" : body;
    long start = System.nanoTime();
    HttpResponse<String> response = client.send(HttpRequest.newBuilder(endpoint)
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(sent)).build(),
        HttpResponse.BodyHandlers.ofString());
    long took = System.nanoTime() - start;
    if (response.statusCode() != status) {
      throw new IllegalStateException("expected " + status + ", got " + response.statusCode()
          + ": " + response.body());
    }
    return took;
  }

  private static long fsync(FileChannel channel) throws IOException {
    ByteBuffer record = ByteBuffer.allocate(200);
    long start = System.nanoTime();
    channel.write(record);
    channel.force(false);
    return System.nanoTime() - start;
  }

  private static void print(String what, long[] nanos) {
    System.out.printf(Locale.ROOT, "%-36s p50 %7.3f ms  p99 %7.3f ms%n", what, p(nanos, 50),
        p(nanos, 99));
  }

  /** The nearest-rank percentile of nanosecond timings, in milliseconds. */
  private static double p(long[] nanos, double percent) {
    long[] sorted = nanos.clone();
    Arrays.sort(sorted);
    return sorted[Math.max(0, (int) Math.ceil(percent / 100.0 * sorted.length) - 1)] / 1e6;
  }
}
