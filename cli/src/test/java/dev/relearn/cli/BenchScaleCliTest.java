package dev.relearn.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code relearn bench scale}: the smoke run of the scale benchmark's code path on a generated
 * tree of 50,000 chunks (the kernel's source is not installed where the tests run), and its usage
 * errors.
 */
class BenchScaleCliTest {
  @TempDir Path tmp;

  @Test
  void smokeRunOnFiftyThousandChunksMeasuresEveryFigure() throws Exception {
    Path tree = SyntheticCodeTree.write(tmp.resolve("tree"), 3_300, 20, 7);
    Map<Path, FileTime> written = modified(tree); // the slices hard-link these files
    long start = System.nanoTime();
    CliTest.Result result = CliTest.run("bench", "scale", "--source", tree.toString(),
        "--work", tmp.resolve("work").toString(), "--sizes", "50000", "--queries", "50",
        "--rounds", "1", "--warm-up", "0", "--feedback-events", "1000", "--json");
    double seconds = (System.nanoTime() - start) / 1e9;
    assertEquals(0, result.code(), result.err());
    JsonNode json = new ObjectMapper().readTree(result.out());
    assertEquals(0, json.get("failures").size(), json.get("failures").toString());
    JsonNode size = json.get("sizes").get(0);
    System.out.printf(Locale.ROOT, "bench scale smoke: %d chunks, %.1f s in all (build %.1f s,"
        + " unchanged re-index %.1f s)%n", size.get("chunks").asInt(), seconds,
        size.get("build_seconds").asDouble(), size.get("unchanged_seconds").asDouble());
    assertTrue(size.get("chunks").asInt() >= 50_000, size.toString());
    assertTrue(size.get("chunks").asInt() < json.get("source_chunks").asInt(), "a slice");
    assertTrue(size.get("hot_vector_bytes").asLong() > 0, size.toString());
    assertTrue(size.get("disk_bytes").asLong() > size.get("hot_vector_bytes").asLong());
    assertTrue(size.get("saved_file_millis").asDouble() > 0, size.toString());
    assertEquals(written, modified(tree), "the saves edited the source through a link");
    List<String> rows = new ArrayList<>();
    size.get("latency").get("rows").forEach(row -> rows.add(row.get("name").asText()));
    assertTrue(rows.containsAll(List.of("relearn bm25", "relearn vector", "relearn hybrid",
        "relearn learned (re-rank of 100)", "plain Lucene BM25 top 100",
        "plain Lucene KNN top 100")), rows.toString());
    JsonNode feedback = json.get("feedback");
    assertEquals(1_000, feedback.get("recorded").asLong());
    assertEquals(1_000, feedback.get("ledger_events").asLong());
    assertTrue(feedback.get("lookups").asInt() >= 40, feedback.toString());
    assertTrue(result.err().contains("hashing embedder"), result.err());
  }

  @Test
  void badValuesAreUsageErrorsNamingThem() throws Exception {
    List<List<String>> cases = List.of(
        List.of("--sizes", "300,100", "sizes must ascend, got: [300, 100]"),
        List.of("--sizes", "0", "sizes must be at least 1 chunk each, got: [0]"),
        List.of("--queries", "0", "--queries must be at least 1, got: 0"),
        List.of("--warm-up", "-1", "--warm-up must be at least 0 seconds, got: -1"),
        List.of("--feedback-events", "0", "--feedback-events must be at least 1, got: 0"),
        List.of("--feedback-minutes", "0", "--feedback-minutes must be at least 1, got: 0"),
        List.of("--source", tmp.resolve("nope").toString(), "--source: no such folder"));
    for (List<String> c : cases) {
      CliTest.Result result = CliTest.run("bench", "scale", "--work",
          tmp.resolve("work").toString(), c.get(0), c.get(1));
      assertEquals(2, result.code(), c + ": " + result.err());
      assertTrue(result.err().startsWith("relearn: ") && result.err().contains(c.get(2)),
          c + ": " + result.err());
    }
  }

  private static Map<Path, FileTime> modified(Path tree) throws IOException {
    Map<Path, FileTime> times = new TreeMap<>();
    try (Stream<Path> files = Files.walk(tree)) {
      for (Path file : files.filter(Files::isRegularFile).toList()) {
        times.put(file, Files.getLastModifiedTime(file));
      }
    }
    return times;
  }
}
