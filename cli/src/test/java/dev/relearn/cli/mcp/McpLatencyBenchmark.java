package dev.relearn.cli.mcp;

import dev.relearn.engine.Relearn;
import dev.relearn.engine.RelearnOptions;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.engine.search.SearchMode;
import dev.relearn.engine.search.SearchRequest;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.stream.Stream;

/**
 * Search latency through MCP beside in-process, in one run: indexes the project's README and
 * docs with the real model (bge-small), spawns {@code relearn mcp} over the index, and times the
 * same hybrid searches (k 10) as MCP {@code tools/call} round trips from the SDK's client and as
 * {@code Relearn.search} calls in this JVM (the index opened read-only). The sides alternate in
 * blocks of 10 queries, each block timed on both sides, the first side alternating: so both see
 * the same machine noise, while ONNX Runtime's spinning threads of one process (which busy-wait a
 * little after each embedding) do not slow every call of the other. Every query is distinct, so
 * each side embeds each once. Prints p50/p99 and their ratio, the server-side search time, and the
 * bare protocol round trip ({@code set_context}). Not a JUnit test; usage: {@code
 * McpLatencyBenchmark [REPO_ROOT] [QUERIES] [EMBED_THREADS]} (defaults: the current folder, 200,
 * the engine's default), run from the repository root.
 */
public final class McpLatencyBenchmark {
  private static final int WARMUP = 30;
  /** Queries timed on one side before the other takes over (see the class comment). */
  private static final int BLOCK = 10;
  private static final int DEFAULT_QUERIES = 200;
  private static final int K = 10;

  private McpLatencyBenchmark() {}

  /** Runs the benchmark; the index goes to a temporary folder, deleted afterwards. */
  public static void main(String[] args) throws Exception {
    Path root = Path.of(args.length > 0 ? args[0] : ".").toAbsolutePath().normalize();
    int measured = args.length > 1 ? Integer.parseInt(args[1]) : DEFAULT_QUERIES;
    RelearnOptions options = RelearnOptions.defaults();
    if (args.length > 2) {
      options = options.withEmbedThreads(Integer.parseInt(args[2]));
    }
    Path docs = root.resolve("docs");
    if (!Files.isDirectory(docs) || !Files.isRegularFile(root.resolve("README.md"))) {
      throw new IllegalArgumentException("not the relearn repository root (no README.md and"
          + " docs/): " + root);
    }
    Path scratch = Files.createTempDirectory("relearn-mcp-bench");
    Path index = scratch.resolve("index");
    try (Relearn relearn = Relearn.open(index, options)) {
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      relearn.index(root.resolve("README.md"), SourceFormat.AUTO, Progress.NONE);
      System.out.printf(Locale.ROOT, "index: %d chunks of README.md and docs/, model %s, %d"
          + " embedding threads per process, %d cores%n", relearn.stats().chunks(),
          relearn.metadata().modelId(), options.embedThreads(),
          Runtime.getRuntime().availableProcessors());
    }
    List<String> queries = queries(root, WARMUP + measured);
    if (queries.size() < WARMUP + measured) {
      throw new IllegalStateException("only " + queries.size() + " distinct queries");
    }
    ConcurrentLinkedQueue<String> stderr = new ConcurrentLinkedQueue<>();
    McpSyncClient client = McpProcess.client(index, stderr, "--threads",
        Integer.toString(options.embedThreads()));
    try (Relearn local = Relearn.open(index, options.withReadOnly(true))) {
      client.initialize();
      Timings timings = measure(client, local, queries, measured);
      long[] roundTrip = new long[measured];
      for (int i = 0; i < WARMUP + measured; i++) {
        long start = System.nanoTime();
        client.callTool(new CallToolRequest("set_context", Map.of("context", "c" + i % 8)));
        if (i >= WARMUP) {
          roundTrip[i - WARMUP] = System.nanoTime() - start;
        }
      }
      report(measured, timings, roundTrip);
    } finally {
      client.closeGracefully();
      stderr.forEach(line -> System.err.println("server: " + line));
      deleteTree(scratch);
    }
  }

  /** Per measured query: MCP round trip and in-process nanoseconds, server-side milliseconds. */
  private record Timings(long[] mcp, long[] inProcess, double[] serverSide) {}

  /** Times the queries on both sides in alternating blocks; the first WARMUP are not kept. */
  private static Timings measure(McpSyncClient client, Relearn local, List<String> queries,
      int measured) throws IOException {
    Timings t = new Timings(new long[measured], new long[measured], new double[measured]);
    for (int from = 0; from < WARMUP + measured; from += BLOCK) {
      List<String> block = queries.subList(from, Math.min(from + BLOCK, WARMUP + measured));
      boolean mcpFirst = (from / BLOCK) % 2 == 0;
      for (int side = 0; side < 2; side++) {
        for (int j = 0; j < block.size(); j++) {
          int slot = from + j - WARMUP;
          if ((side == 0) == mcpFirst) {
            long nanos = timeMcp(client, block.get(j), t.serverSide(), slot);
            if (slot >= 0) {
              t.mcp()[slot] = nanos;
            }
          } else {
            long nanos = timeLocal(local, block.get(j));
            if (slot >= 0) {
              t.inProcess()[slot] = nanos;
            }
          }
        }
      }
    }
    return t;
  }

  private static long timeMcp(McpSyncClient client, String query, double[] serverSide,
      int slot) {
    long start = System.nanoTime();
    CallToolResult result = client.callTool(new CallToolRequest("search",
        Map.of("query", query, "k", K, "mode", "hybrid")));
    long nanos = System.nanoTime() - start;
    if (Boolean.TRUE.equals(result.isError())) {
      throw new IllegalStateException("search failed: " + result.content());
    }
    if (slot >= 0) {
      @SuppressWarnings("unchecked")
      Map<String, Object> body = (Map<String, Object>) result.structuredContent();
      serverSide[slot] = ((Number) body.get("took_ms")).doubleValue();
    }
    return nanos;
  }

  private static long timeLocal(Relearn relearn, String query) throws IOException {
    long start = System.nanoTime();
    relearn.search(SearchRequest.of(query).withMode(SearchMode.HYBRID).withK(K));
    return System.nanoTime() - start;
  }

  private static void report(int n, Timings t, long[] roundTrip) {
    double mcp50 = percentile(t.mcp(), 50);
    double mcp99 = percentile(t.mcp(), 99);
    double local50 = percentile(t.inProcess(), 50);
    double local99 = percentile(t.inProcess(), 99);
    double[] took = t.serverSide().clone();
    Arrays.sort(took);
    System.out.printf(Locale.ROOT, "%d hybrid searches (k %d) on each side, in alternating blocks"
        + " of %d, after %d warm-up queries%n", n, K, BLOCK, WARMUP);
    System.out.printf(Locale.ROOT,
        "in-process  Relearn.search         p50 %7.2f ms  p99 %7.2f ms%n",
        local50, local99);
    System.out.printf(Locale.ROOT, "MCP stdio   tools/call search      p50 %7.2f ms  p99 %7.2f ms"
        + "  (server-side search p50 %.2f ms)%n", mcp50, mcp99, took[(took.length - 1) / 2]);
    System.out.printf(Locale.ROOT, "ratio MCP / in-process             p50 %7.2fx     p99 %7.2fx"
        + "   (MCP overhead at p50: %+.2f ms)%n", mcp50 / local50, mcp99 / local99,
        mcp50 - local50);
    System.out.printf(Locale.ROOT, "MCP stdio   tools/call set_context p50 %7.2f ms  p99 %7.2f ms"
        + "  (the protocol round trip alone)%n", percentile(roundTrip, 50),
        percentile(roundTrip, 99));
  }

  /** The nearest-rank percentile of nanosecond timings, in milliseconds. */
  static double percentile(long[] nanos, int p) {
    long[] sorted = nanos.clone();
    Arrays.sort(sorted);
    int rank = (int) Math.ceil(p / 100.0 * sorted.length);
    return sorted[Math.max(0, rank - 1)] / 1e6;
  }

  /**
   * Distinct queries made of the docs' own prose: the first 3 to 7 words of each line, in a
   * seeded shuffle.
   */
  static List<String> queries(Path root, int wanted) throws IOException {
    Set<String> distinct = new LinkedHashSet<>();
    Random random = new Random(42);
    List<Path> files = new ArrayList<>();
    files.add(root.resolve("README.md"));
    try (Stream<Path> walk = Files.list(root.resolve("docs"))) {
      walk.filter(p -> p.toString().endsWith(".md")).sorted().forEach(files::add);
    }
    for (Path file : files) {
      for (String line : Files.readAllLines(file)) {
        String[] words = line.replaceAll("[^\\p{L}\\p{N} ]", " ").strip().split("\\s+");
        if (words.length >= 3) {
          int n = Math.min(words.length, 3 + random.nextInt(5));
          distinct.add(String.join(" ", Arrays.copyOf(words, n)).toLowerCase(Locale.ROOT));
        }
      }
    }
    List<String> queries = new ArrayList<>(distinct);
    Collections.shuffle(queries, random);
    return queries.subList(0, Math.min(wanted, queries.size()));
  }

  private static void deleteTree(Path dir) throws IOException {
    try (Stream<Path> walk = Files.walk(dir)) {
      for (Path path : walk.sorted(Collections.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    }
  }
}
