package dev.relearn.eval.bench;

import dev.relearn.engine.Relearn;
import dev.relearn.engine.RelearnOperations;
import dev.relearn.lucene.embed.Embedder;
import dev.relearn.lucene.schema.ChunkSchema;
import dev.relearn.engine.search.HybridSearcher;
import dev.relearn.engine.search.SearchMode;
import dev.relearn.engine.search.SearchRequest;
import dev.relearn.lucene.schema.Require;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.util.IOConsumer;

/**
 * Warm query latency per mode through relearn, beside plain Lucene running the same BM25 and KNN
 * queries on the same index in the same run, and the embedding model alone (its own row, after a
 * few unmeasured texts). Warm: after the {@link WarmUp}, with the query vectors in the engine's
 * cache (open it with a cache as large as the query list). Each query runs the operations in a
 * seeded random order, so none always finds in cache what another just loaded. Given a cluster with
 * the same corpus, each mode also runs through it ({@code cluster <mode>} rows).
 */
public final class LatencyBenchmark {
  private static final int K = 10;
  private static final int CANDIDATES = 100;
  /** Seed of the per-query order of the modes. */
  private static final long ORDER_SEED = 42;
  /** Texts the model embeds, unmeasured, before its row is timed. */
  private static final int MODEL_WARM_UP = 20;

  private final Relearn engine;
  private final Consumer<String> progress;
  private RelearnOperations cluster;

  /** Benchmarks {@code engine}'s index, telling {@code progress} how the warm-up goes. */
  public LatencyBenchmark(Relearn engine, Consumer<String> progress) {
    this.engine = engine;
    this.progress = progress;
  }

  /**
   * Also times every mode through {@code cluster} (a {@code RelearnCluster} holding the same
   * corpus) in the same passes.
   */
  public LatencyBenchmark withCluster(RelearnOperations cluster) {
    this.cluster = cluster;
    return this;
  }

  /**
   * Runs {@code rounds} measured passes over {@code queries} after the {@link WarmUp} (at most
   * {@code warmUpLimit}; zero: one pass); with {@code learned}, also the learned mode against
   * hybrid.
   */
  public LatencyReport run(String dataset, List<String> queries, int rounds, boolean learned,
      Duration warmUpLimit) throws IOException {
    Require.atLeastOne("rounds", rounds);
    if (queries.isEmpty()) {
      throw new IllegalArgumentException("no queries to benchmark");
    }
    Embedder embedder = engine.embedder();
    Latencies embed = new Latencies();
    for (int i = 0; i < MODEL_WARM_UP; i++) {
      embedder.embedQuery(warmUpText(queries.get(i % queries.size()), i));
    }
    List<float[]> vectors = new ArrayList<>(queries.size());
    for (String query : queries) {
      long start = System.nanoTime();
      vectors.add(embedder.embedQuery(query)); // first sight: the model runs
      embed.add(System.nanoTime() - start);
    }
    SearchMode[] modes = learned
        ? new SearchMode[] {SearchMode.BM25, SearchMode.VECTOR, SearchMode.HYBRID,
            SearchMode.LEARNED}
        : new SearchMode[] {SearchMode.BM25, SearchMode.VECTOR, SearchMode.HYBRID};
    try (FSDirectory dir = FSDirectory.open(engine.directory());
        DirectoryReader reader = DirectoryReader.open(dir)) {
      IndexSearcher plain = new IndexSearcher(reader);
      plain.setSimilarity(ChunkSchema.similarity());
      Passes passes = new Passes(queries, vectors, modes, new ChunkSchema(embedder.dimension()),
          plain);
      WarmUp warmUp = WarmUp.upTo(warmUpLimit);
      boolean more;
      do {
        passes.run(false);
        more = warmUp.another();
        String news = warmUp.news();
        if (news != null) {
          progress.accept(news);
        }
      } while (more);
      passes.reseed(); // the measured passes' order does not depend on the warm-up's length
      for (int round = 0; round < rounds; round++) {
        passes.run(true);
      }
      int plainLucene = modes.length;
      List<LatencyReport.Row> rows = new ArrayList<>(List.of(
          row("plain Lucene BM25 top 100", passes.luceneBm25, null),
          row("plain Lucene KNN top 100", passes.luceneKnn, null),
          row("plain Lucene BM25 + KNN", passes.of(plainLucene), null),
          row("relearn bm25", passes.of(0), "plain Lucene BM25 top 100"),
          row("relearn vector", passes.of(1), "plain Lucene KNN top 100"),
          row(LatencyReport.CANDIDATES, passes.of(plainLucene + 1), "plain Lucene BM25 + KNN"),
          row(LatencyReport.HYBRID, passes.of(2), "plain Lucene BM25 + KNN")));
      if (learned) {
        rows.add(row(LatencyReport.LEARNED, passes.of(3), LatencyReport.HYBRID));
      }
      if (cluster != null) {
        List<String> embedded = List.of("relearn bm25", "relearn vector",
            LatencyReport.HYBRID, LatencyReport.LEARNED); // in the order of modes
        for (int m = 0; m < modes.length; m++) {
          rows.add(row("cluster " + modes[m].label(), passes.of(plainLucene + 2 + m),
              embedded.get(m)));
        }
      }
      rows.add(row(LatencyReport.EMBEDDING, embed, null));
      return new LatencyReport(dataset, queries.size(), rounds, rows,
          MemoryFigures.measure(engine), warmUp.summary());
    }
  }

  /**
   * Passes over the queries, each running the operations in a seeded random order: relearn's modes,
   * plain Lucene (BM25 then KNN, each part timed too), the hybrid candidates alone, then a
   * cluster's modes, if any.
   */
  private final class Passes {
    private final List<String> queries;
    private final List<IOConsumer<Integer>> operations = new ArrayList<>();
    private final List<Latencies> latencies = new ArrayList<>();
    private final List<Integer> order = new ArrayList<>();
    private final Latencies luceneBm25 = new Latencies();
    private final Latencies luceneKnn = new Latencies();
    private Random random = new Random(ORDER_SEED);
    private boolean measured;

    Passes(List<String> queries, List<float[]> vectors, SearchMode[] modes, ChunkSchema schema,
        IndexSearcher plain) {
      this.queries = queries;
      for (SearchMode mode : modes) {
        add(i -> engine.search(request(i, mode)));
      }
      add(i -> {
        long start = System.nanoTime();
        plain.search(schema.bm25Query(queries.get(i)), CANDIDATES);
        long afterBm25 = System.nanoTime();
        plain.search(schema.vectorQuery(vectors.get(i), CANDIDATES, null), CANDIDATES);
        if (measured) {
          luceneBm25.add(afterBm25 - start);
          luceneKnn.add(System.nanoTime() - afterBm25);
        }
      });
      HybridSearcher firstStage = new HybridSearcher(schema);
      add(i -> firstStage.candidates(plain, request(i, SearchMode.HYBRID), vectors.get(i)));
      for (SearchMode mode : cluster == null ? new SearchMode[0] : modes) {
        add(i -> cluster.search(request(i, mode)));
      }
    }

    private void add(IOConsumer<Integer> operation) {
      order.add(operations.size());
      operations.add(operation);
      latencies.add(new Latencies());
    }

    /** The latencies of operation {@code index}, in the order of the constructor. */
    Latencies of(int index) {
      return latencies.get(index);
    }

    void reseed() {
      random = new Random(ORDER_SEED);
    }

    void run(boolean measured) throws IOException {
      this.measured = measured;
      for (int i = 0; i < queries.size(); i++) {
        Collections.shuffle(order, random);
        for (int operation : order) {
          long start = System.nanoTime();
          operations.get(operation).accept(i);
          if (measured) {
            latencies.get(operation).add(System.nanoTime() - start);
          }
        }
      }
    }

    private SearchRequest request(int i, SearchMode mode) {
      return SearchRequest.of(queries.get(i)).withMode(mode).withK(K).withCandidates(CANDIDATES);
    }
  }

  /**
   * {@code query}'s words reversed and numbered: as long as a query, but none that the cache holds.
   */
  static String warmUpText(String query, int i) {
    List<String> words = new ArrayList<>(List.of(query.strip().split("\\s+")));
    Collections.reverse(words);
    return "warm-up " + i + ": " + String.join(" ", words);
  }

  private static LatencyReport.Row row(String name, Latencies latencies, String baseline) {
    return new LatencyReport.Row(name, latencies.percentileMillis(50),
        latencies.percentileMillis(99), latencies.count(), baseline);
  }
}
