package dev.relearn.indexer.embed;

import ai.djl.huggingface.tokenizers.Encoding;
import ai.onnxruntime.OrtSession;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Where an uncached query's embedding time goes: the tokenizer, the input tensors, the model run
 * and copying the vector out, timed separately for every SciFact test query (with BGE's
 * instruction, as relearn embeds queries), back to back and then paced as a user types, with
 * the process's CPU time. Two sessions of {@value #THREADS} intra-op threads: relearn's (idle
 * workers sleep) and one whose idle workers spin, which ONNX Runtime does by default and relearn
 * turns off; the CPU it burns between paced queries and in {@value #IDLE_MILLIS} ms of idleness
 * is the reason. Asserts nothing.
 *
 * <p>Run by {@code bin/bench-serving}, or with the indexer module's test class path: {@code
 * QueryEmbeddingBenchmark [SCIFACT_DIR] [PACE_MS]} (default {@code ../shared/datasets/scifact},
 * a query every 100 ms).
 */
public final class QueryEmbeddingBenchmark {
  private static final int THREADS = 2;
  private static final int ROUNDS = 3;
  private static final long IDLE_MILLIS = 2_000;
  private static final String[] STEPS = {"tokenizer", "input tensors", "model run", "copy out",
      "total"};

  private QueryEmbeddingBenchmark() {}

  /** Runs the benchmark; see the class comment for the arguments. */
  public static void main(String[] args) throws Exception {
    Path scifact = Path.of(args.length > 0 ? args[0] : "../shared/datasets/scifact");
    long pace = args.length > 1 ? Long.parseLong(args[1]) : 100;
    List<String> queries = testQueries(scifact);
    System.out.printf(Locale.ROOT, "query embedding: bge-small, %d SciFact test queries with the"
        + " instruction, %d intra-op threads, %d cores; p50 / p99 ms%n", queries.size(), THREADS,
        Runtime.getRuntime().availableProcessors());
    for (boolean spinning : new boolean[] {false, true}) {
      try (BgeSmallEmbedder model = new BgeSmallEmbedder(THREADS, true, spinning)) {
        System.out.printf(Locale.ROOT, "%n[idle workers %s%s]%n", spinning ? "spin" : "sleep",
            spinning ? " (ONNX Runtime's default)" : " (relearn)");
        measure(model, queries, 1, 0); // warm-up
        long[][] steps = measure(model, queries, ROUNDS, 0);
        for (int s = 0; s < STEPS.length; s++) {
          print("back to back: " + STEPS[s], steps[s]);
        }
        long cpu = cpuNanos();
        long wall = System.nanoTime();
        long[][] paced = measure(model, queries, 1, pace);
        cpu = cpuNanos() - cpu;
        wall = System.nanoTime() - wall;
        print("a query every " + pace + " ms: total", paced[STEPS.length - 1]);
        System.out.printf(Locale.ROOT, "%-40s %.1f ms of CPU per query, %.2f cores over %.1f s%n",
            "  while paced", cpu / 1e6 / queries.size(), (double) cpu / wall, wall / 1e9);
        cpu = cpuNanos();
        Thread.sleep(IDLE_MILLIS);
        System.out.printf(Locale.ROOT, "%-40s %.0f ms of CPU%n",
            "  idle " + IDLE_MILLIS + " ms after the last", (cpuNanos() - cpu) / 1e6);
      }
    }
  }

  /** Each step's nanoseconds for every query of {@code rounds}, then the totals. */
  private static long[][] measure(BgeSmallEmbedder model, List<String> queries, int rounds,
      long paceMillis) throws Exception {
    long[][] nanos = new long[STEPS.length][queries.size() * rounds];
    int i = 0;
    for (int round = 0; round < rounds; round++) {
      for (String query : queries) {
        long start = System.nanoTime();
        Encoding tokens = model.tokens(BgeSmallEmbedder.QUERY_INSTRUCTION + query);
        long tokenized = System.nanoTime();
        try (BgeSmallEmbedder.Inputs inputs = model.inputs(tokens)) {
          long ready = System.nanoTime();
          try (OrtSession.Result result = model.run(inputs)) {
            long ran = System.nanoTime();
            BgeSmallEmbedder.cls(result);
            long end = System.nanoTime();
            long[] step = {tokenized - start, ready - tokenized, ran - ready, end - ran,
                end - start};
            for (int s = 0; s < step.length; s++) {
              nanos[s][i] = step[s];
            }
          }
        }
        i++;
        if (paceMillis > 0) {
          Thread.sleep(paceMillis);
        }
      }
    }
    return nanos;
  }

  /** The text of every query with a judgement in {@code qrels/test.tsv}. */
  private static List<String> testQueries(Path scifact) throws Exception {
    Set<String> judged = new HashSet<>();
    for (String line : Files.readAllLines(scifact.resolve("qrels/test.tsv"))) {
      if (!line.startsWith("query-id")) {
        judged.add(line.split("\t")[0]);
      }
    }
    ObjectMapper json = new ObjectMapper();
    List<String> queries = new ArrayList<>();
    for (String line : Files.readAllLines(scifact.resolve("queries.jsonl"))) {
      JsonNode query = json.readTree(line);
      if (judged.contains(query.get("_id").asText())) {
        queries.add(query.get("text").asText());
      }
    }
    if (queries.isEmpty()) {
      throw new IllegalArgumentException("no judged test queries in " + scifact);
    }
    return queries;
  }

  private static long cpuNanos() {
    return ((com.sun.management.OperatingSystemMXBean)
        ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
  }

  private static void print(String what, long[] nanos) {
    long[] sorted = nanos.clone();
    Arrays.sort(sorted);
    System.out.printf(Locale.ROOT, "%-40s %7.3f / %7.3f%n", what, sorted[sorted.length / 2] / 1e6,
        sorted[(int) Math.ceil(0.99 * sorted.length) - 1] / 1e6);
  }
}
