package dev.relearn.cli;

import dev.relearn.lucene.rerank.RerankOptions;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.relearn.cli.CliTest.Result;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** relearn weights (show, seed, reset) and relearn config (show, init, bad files). */
class WeightsConfigCliTest {
  @TempDir Path tmp;

  private String[] args(String command, String... rest) {
    List<String> all = new ArrayList<>(List.of(command, "--index", tmp.resolve("idx").toString()));
    if (!command.equals("config")) {
      all.addAll(List.of("--model", "hashing"));
    }
    all.addAll(List.of(rest));
    return all.toArray(new String[0]);
  }

  @BeforeEach
  void index() throws Exception {
    Path docs = Files.createDirectories(tmp.resolve("docs"));
    Files.writeString(docs.resolve("keys.md"), "# Keys\nRotate the signing keys often.\n");
    assertEquals(0, CliTest.run(args("index", docs.toString())).code());
  }

  @Test
  void weightsAreSeededShownAndReset() throws Exception {
    Path seed = tmp.resolve("seed.csv");
    StringBuilder lines = new StringBuilder("class,rating,c_bm25,c_vector,c_learned\n");
    for (int i = 0; i < 6; i++) {
      lines.append("keywords,1,0.9,0.1,0.5\n");
    }
    Files.writeString(seed, lines);
    Result seeded = CliTest.run(args("weights", "--seed", seed.toString(), "--json"));
    assertEquals(0, seeded.code(), seeded.err());
    assertTrue(seeded.err().contains("seeded 6 ratings"), seeded.err());
    JsonNode keywords = new ObjectMapper().readTree(seeded.out()).get("keywords");
    assertEquals(6, keywords.get("ratings").asInt());
    assertTrue(keywords.get("bm25").asDouble() > 0.35, "bm25 credited: " + keywords);
    JsonNode trust = new ObjectMapper().readTree(seeded.out()).get("trust");
    assertFalse(trust.get("fitted").asBoolean(), "no clicks: the prior applies " + trust);
    assertTrue(trust.get("strength").isNull(), "the prior is not a strength of 0: " + trust);
    assertEquals(0, trust.get("history").size(), trust.toString());
    Result shown = CliTest.run(args("weights"));
    assertTrue(shown.out().contains("keywords"), shown.out());
    assertTrue(shown.out().contains(
        "trust in the vote of similar past queries: prior (too few clicks to fit yet)"),
        shown.out());
    Result reset = CliTest.run(args("weights", "--reset", "keywords", "--json"));
    assertEquals(0, new ObjectMapper().readTree(reset.out()).get("keywords").get("ratings")
        .asInt());
    Files.writeString(seed, "keywords,2,0.9,0.1,0.5\n");
    Result bad = CliTest.run(args("weights", "--seed", seed.toString()));
    assertEquals(1, bad.code());
    assertTrue(bad.err().contains("line 1"), bad.err());
  }

  @Test
  void configShowsValuesAndSourcesAndRejectsBadFiles() throws Exception {
    Result shown = CliTest.run(args("config"));
    assertEquals(0, shown.code(), shown.err());
    assertTrue(shown.out().contains("rerank.minSimilarity       0.7        default"), shown.out());
    assertTrue(shown.out().contains("feedback.checkpointSeconds 30         default"), shown.out());
    assertEquals(0, CliTest.run(args("config", "--init")).code());
    Path file = tmp.resolve("idx").resolve("relearn.json");
    assertTrue(Files.readString(file).contains("\"minSimilarity\" : 0.7"));
    Files.writeString(file, "{\"exploration\": {\"rate\": 0.05}}");
    JsonNode json = new ObjectMapper().readTree(CliTest.run(args("config", "--json")).out());
    assertEquals(0.05, json.get("exploration.rate").get("value").asDouble());
    assertEquals(file.toString(), json.get("exploration.rate").get("source").asText());
    JsonNode whole = json.get("rerank.maxPastQueries").get("value");
    assertTrue(whole.isIntegralNumber(), "an integer knob prints as an integer: " + whole);
    assertEquals(String.valueOf(RerankOptions.DEFAULT_MAX_PAST_QUERIES), whole.toString());
    assertTrue(json.get("rerank.evidenceK").get("value").isFloatingPointNumber());
    Files.writeString(file, "{\"exploration\": {\"rate\": 5}}");
    Result bad = CliTest.run(args("search", "keys"));
    assertEquals(1, bad.code());
    assertTrue(bad.err().contains("exploration.rate must be in [0, 1], got: 5"), bad.err());
  }
}
