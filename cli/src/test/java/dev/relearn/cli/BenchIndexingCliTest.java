package dev.relearn.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code relearn bench indexing} with the hashing embedder on the tiny BEIR collection. */
class BenchIndexingCliTest {
  @TempDir Path tmp;

  @Test
  void printsEveryStepAsJsonAndKeepsTheWorkFolderWhenGiven() throws Exception {
    Path beir = TinyBeir.write(tmp);
    Path work = tmp.resolve("work");
    CliTest.Result result = CliTest.run("bench", "indexing", "--dataset", beir.toString(),
        "--model", "hashing", "--max-docs", "10", "--changed", "2", "--work", work.toString(),
        "--json");
    assertEquals(0, result.code(), result.err());
    assertTrue(result.err().contains("sampled 10 of 24 documents (seed 42)"), result.err());
    JsonNode json = new ObjectMapper().readTree(result.out());
    assertEquals("tiny", json.get("dataset").asText());
    assertEquals(10, json.get("chunks").asInt());
    JsonNode steps = json.get("steps");
    assertEquals(6, steps.size());
    assertEquals(0, steps.get(4).get("embedded").asInt(), "unchanged: nothing to embed");
    assertEquals(2, steps.get(5).get("embedded").asInt());
    assertTrue(Files.isDirectory(work.resolve("relearn")), "--work is kept");
  }

  @Test
  void printsATableAndDeletesItsTemporaryFolder() throws Exception {
    Path beir = TinyBeir.write(tmp);
    CliTest.Result result = CliTest.run("bench", "indexing", "--dataset",
        beir.resolve("corpus.jsonl").toString(), "--model", "hashing", "--max-docs", "6");
    assertEquals(0, result.code(), result.err());
    assertTrue(result.out().startsWith("Indexing on tiny: 6 of 24 documents (seed 42)"),
        result.out());
    assertTrue(result.out().contains("relearn index, incremental (5 changed)"), result.out());
    String line = result.err().lines().filter(l -> l.startsWith("sampled ")).findFirst()
        .orElseThrow();
    Path folder = Path.of(line.substring(line.indexOf("indexes in ") + "indexes in ".length()));
    assertFalse(Files.exists(folder), folder + " deleted");
  }

  @Test
  void badValuesAreUsageErrorsNamingThem() throws Exception {
    Path beir = TinyBeir.write(tmp);
    Files.createDirectories(tmp.resolve("full"));
    Files.writeString(tmp.resolve("full/x"), "x");
    List<List<String>> cases = List.of(
        List.of("--max-docs", "0", "--max-docs must be at least 1, got: 0"),
        List.of("--changed", "-1", "--changed must be at least 0, got: -1"),
        List.of("--changed", "400", "--changed must be at most the 24 documents sampled, got:"
            + " 400"),
        List.of("--model", "big", "unknown model: 'big'"),
        List.of("--threads", "0", "--threads must be in [1, 256], got: 0"),
        List.of("--work", tmp.resolve("full").toString(), "is not empty"));
    for (List<String> c : cases) {
      CliTest.Result result = CliTest.run("bench", "indexing", "--dataset", beir.toString(),
          c.get(0), c.get(1));
      assertEquals(2, result.code(), c + ": " + result.err());
      assertTrue(result.err().startsWith("relearn: ") && result.err().contains(c.get(2)),
          c + ": " + result.err());
    }
    CliTest.Result missing = CliTest.run("bench", "indexing", "--dataset",
        tmp.resolve("nope").toString());
    assertEquals(2, missing.code(), missing.err());
    assertTrue(missing.err().contains("--dataset: no such BEIR folder or corpus file"),
        missing.err());
    CliTest.Result latency = CliTest.run("bench", "--rounds", "1");
    assertEquals(2, latency.code(), latency.err());
    assertTrue(latency.err().contains("Missing required option: '--dataset=BEIR_DIR'"),
        latency.err());
    String help = CliTest.run("bench", "--help").out();
    assertTrue(help.contains("relearn bench indexing --dataset=BEIR_DIR"), help);
  }
}
