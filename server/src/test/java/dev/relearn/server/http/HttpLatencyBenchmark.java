package dev.relearn.server.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.relearn.engine.ModelChoice;
import dev.relearn.engine.Relearn;
import dev.relearn.engine.RelearnOptions;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.engine.search.SearchMode;
import dev.relearn.engine.search.SearchRequest;
import java.io.IOException;
import java.io.PrintStream;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Search latency through HTTP beside in-process, for the same queries in the same run: each
 * query is searched in-process, then as {@code POST /api/search} through the JDK's HttpClient
 * (one keep-alive connection, the whole JSON answer read and parsed), alternately, so both see
 * the same machine state. Prints p50 and p99 of each and their ratio, first with query
 * embeddings cached (a repeated query), then with no query cache (every query embedded, as a
 * query seen for the first time); asserts nothing.
 *
 * <p>Run from the repository root after {@code mvn -o -q -pl server -am test-compile}, with the
 * server module's test class path: {@code java --add-modules jdk.incubator.vector
 * --enable-native-access=ALL-UNNAMED -cp ... dev.relearn.server.http.HttpLatencyBenchmark
 * [--model bge-small|hashing] [--rounds N] [DOCS_DIR]}. Indexes DOCS_DIR (default: the
 * repository's README.md and docs/) in a temporary folder.
 */
public final class HttpLatencyBenchmark {
  private static final List<String> QUERIES = List.of(
      "how is feedback stored durably", "adaptive weights decay per day",
      "query vectors privacy rotation", "hybrid search min-max fusion", "learned re-ranker",
      "what happens when another process holds the index?", "write.lock", "BM25 parameters",
      "similar past queries threshold", "how do I index a folder of markdown files",
      "forget a session's feedback", "HNSW vector search", "QueryClassifier",
      "model and tokenizer shipped in a Maven artifact", "group commit fsync latency",
      "read-only mode for a second process", "snippet of the text near the query words",
      "chunk ids are stable", "evaluation on BEIR datasets nDCG@10", "feedback durability async");
  private static final int WARM_UP = 2_000; // the HTTP stacks need thousands of calls to JIT
  private static final ObjectMapper JSON = new ObjectMapper();

  private HttpLatencyBenchmark() {}

  /** Runs the benchmark; see the class comment for the arguments. */
  public static void main(String[] args) throws Exception {
    ModelChoice model = ModelChoice.BGE_SMALL;
    int rounds = 50;
    Path docs = null;
    for (int i = 0; i < args.length; i++) {
      if (args[i].startsWith("--") && i + 1 >= args.length) {
        throw new IllegalArgumentException(args[i] + " needs a value");
      }
      switch (args[i]) {
        case "--model" -> model = ModelChoice.fromLabel(args[++i]);
        case "--rounds" -> rounds = Integer.parseInt(args[++i]);
        default -> docs = Path.of(args[i]);
      }
    }
    if (rounds < 1) {
      throw new IllegalArgumentException("--rounds must be at least 1, got: " + rounds);
    }
    Path scratch = Files.createTempDirectory("relearn-http-bench");
    try {
      runIn(scratch, docs, model, rounds);
    } finally {
      try (var files = Files.walk(scratch)) {
        for (Path p : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
          Files.deleteIfExists(p);
        }
      }
    }
  }

  private static void runIn(Path scratch, Path docs, ModelChoice model, int rounds)
      throws Exception {
    Path corpus = docs != null ? docs : corpus(scratch.resolve("docs"));
    RelearnOptions options = RelearnOptions.defaults().withModel(model);
    try (Relearn relearn = Relearn.open(scratch.resolve("index"), options)) {
      relearn.index(corpus, SourceFormat.AUTO, Progress.NONE);
      System.out.printf(Locale.ROOT, "HTTP search latency: %d chunks, model %s, mode hybrid,"
          + " k 10, %d queries, %d cores%n", relearn.stats().chunks(),
          relearn.metadata().modelId(), QUERIES.size(), Runtime.getRuntime().availableProcessors());
      System.out.printf(Locale.ROOT, "%n[query embeddings cached: a repeated query; %d rounds]%n",
          rounds);
      serveAndRun(relearn, WARM_UP, rounds);
    }
    // every query embedded again, on both sides: what a query seen for the first time costs
    try (Relearn relearn = Relearn.open(scratch.resolve("index"),
        options.withQueryCacheSize(0))) {
      int uncached = Math.max(1, rounds / 5);
      System.out.printf(Locale.ROOT, "%n[no query cache: every query embedded; %d rounds]%n",
          uncached);
      serveAndRun(relearn, WARM_UP / 10, uncached);
    }
  }

  private static void serveAndRun(Relearn relearn, int warmUp, int rounds) throws Exception {
    PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
    try (HttpApiServer server = HttpApiServer.start(relearn,
        HttpApiConfig.defaults().withAddress("127.0.0.1", 0), quiet)) {
      run(relearn, server.uri().resolve("/api/search"), warmUp, rounds);
    }
  }

  private static void run(Relearn relearn, URI endpoint, int warmUp, int rounds)
      throws Exception {
    HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    for (int i = 0; i < warmUp; i++) {
      String query = QUERIES.get(i % QUERIES.size());
      inProcess(relearn, query);
      http(client, endpoint, query, new long[1], 0);
    }
    int n = rounds * QUERIES.size();
    long[] local = new long[n];
    long[] remote = new long[n];
    long[] inside = new long[n];
    for (int i = 0; i < n; i++) {
      String query = QUERIES.get(i % QUERIES.size());
      // alternate which goes first, so neither always runs on a warmer cache
      if (i % 2 == 0) {
        local[i] = inProcess(relearn, query);
        remote[i] = http(client, endpoint, query, inside, i);
      } else {
        remote[i] = http(client, endpoint, query, inside, i);
        local[i] = inProcess(relearn, query);
      }
    }
    double[] l = percentiles(local);
    double[] r = percentiles(remote);
    double[] s = percentiles(inside);
    System.out.printf(Locale.ROOT, "%-30s %9s %9s   (n=%d each, after %d warm-up)%n", "",
        "p50 ms", "p99 ms", n, warmUp);
    System.out.printf(Locale.ROOT, "%-30s %9.3f %9.3f%n", "in-process Relearn.search", l[0], l[1]);
    System.out.printf(Locale.ROOT, "%-30s %9.3f %9.3f%n", "HTTP POST /api/search", r[0], r[1]);
    System.out.printf(Locale.ROOT, "%-30s %9.3f %9.3f%n", "  its search (server took_ms)", s[0],
        s[1]);
    System.out.printf(Locale.ROOT, "%-30s %8.2fx %8.2fx%n", "ratio HTTP / in-process",
        r[0] / l[0], r[1] / l[1]);
    System.out.printf(Locale.ROOT, "%-30s %9.3f %9.3f%n", "HTTP overhead (difference)",
        r[0] - l[0], r[1] - l[1]);
  }

  private static long inProcess(Relearn relearn, String query) throws IOException {
    long start = System.nanoTime();
    int hits = relearn.search(SearchRequest.of(query).withK(10).withMode(SearchMode.HYBRID))
        .hits().size();
    long took = System.nanoTime() - start;
    if (hits == 0) {
      throw new IllegalStateException("no hits in-process for query #" + QUERIES.indexOf(query));
    }
    return took;
  }

  /** One HTTP search; stores the server's own search time (took_ms) in {@code inside[i]}. */
  private static long http(HttpClient client, URI endpoint, String query, long[] inside, int i)
      throws Exception {
    String body = "{\"query\": \"" + query.replace("\"", "\\\"") + "\", \"k\": 10,"
        + " \"mode\": \"hybrid\"}";
    long start = System.nanoTime();
    HttpResponse<String> response = client.send(HttpRequest.newBuilder(endpoint)
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(body)).build(),
        HttpResponse.BodyHandlers.ofString());
    long took = System.nanoTime() - start;
    if (response.statusCode() != 200 || !response.body().contains("\"chunk_id\"")) {
      throw new IllegalStateException("HTTP search failed: " + response.statusCode() + " "
          + response.body());
    }
    inside[i] = (long) (JSON.readTree(response.body()).get("took_ms").asDouble() * 1e6);
    return took;
  }

  /** Nearest-rank p50 and p99 in milliseconds. */
  private static double[] percentiles(long[] nanos) {
    long[] sorted = nanos.clone();
    Arrays.sort(sorted);
    return new double[] {rank(sorted, 50) / 1e6, rank(sorted, 99) / 1e6};
  }

  private static long rank(long[] sorted, int p) {
    return sorted[Math.max(0, (int) Math.ceil(p / 100.0 * sorted.length) - 1)];
  }

  /** The repository's README.md and docs/ (found from the working directory upwards). */
  private static Path corpus(Path target) throws IOException {
    Path dir = Path.of("").toAbsolutePath();
    while (dir != null && !Files.isDirectory(dir.resolve("docs"))) {
      dir = dir.getParent();
    }
    if (dir == null) {
      throw new IllegalArgumentException("no docs/ folder above " + Path.of("").toAbsolutePath()
          + "; pass a folder of documents to index");
    }
    Files.createDirectories(target);
    try (var files = Files.list(dir.resolve("docs"))) {
      for (Path file : files.filter(f -> f.toString().endsWith(".md")).toList()) {
        Files.copy(file, target.resolve(file.getFileName()));
      }
    }
    if (Files.exists(dir.resolve("README.md"))) {
      Files.copy(dir.resolve("README.md"), target.resolve("README.md"));
    }
    return target;
  }
}
