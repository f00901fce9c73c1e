package dev.relearn.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.relearn.cli.CliTest.Result;
import dev.relearn.engine.ModelChoice;
import dev.relearn.engine.Relearn;
import dev.relearn.engine.RelearnOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The feedback commands: feedback, feedback-stats, compact, forget. */
class FeedbackCliTest {
  @TempDir Path tmp;
  private String chunk;

  private String[] args(String command, String... rest) {
    return CliTest.hashingArgs(tmp.resolve("idx"), command, rest);
  }

  @BeforeEach
  void index() throws Exception {
    Path docs = Files.createDirectories(tmp.resolve("docs"));
    Files.writeString(docs.resolve("keys.md"), "# Keys\nRotate the signing keys often.\n");
    assertEquals(0, CliTest.run(args("index", docs.toString())).code());
    JsonNode hits = new ObjectMapper().readTree(
        CliTest.run(args("search", "--json", "rotate keys")).out()).get("hits");
    chunk = hits.get(0).get("chunk_id").asText();
  }

  @Test
  void feedbackIsRecordedOnceAndShowsInStats() throws Exception {
    Result first = CliTest.run(args("feedback", "--query", "rotate keys", "--used", chunk,
        "--success", "--session", "alice", "--event-id", "k1"));
    assertEquals(0, first.code(), first.err());
    assertTrue(first.out().startsWith("recorded: k1 (very_strong, strong_positive)"), first.out());
    Result again = CliTest.run(args("feedback", "--query", "rotate keys", "--used", chunk,
        "--event-id", "k1"));
    assertTrue(again.out().startsWith("already recorded: k1 (the earlier event stands; this call"
        + " stored nothing)"), again.out());
    Result unknown = CliTest.run(args("feedback", "--query", "q", "--used", chunk + ",ghost#1"));
    assertEquals(0, unknown.code());
    assertTrue(unknown.err().contains("unknown chunk ids (kept anyway): ghost#1"), unknown.err());
    JsonNode stats = new ObjectMapper().readTree(
        CliTest.run(args("feedback-stats", "--json")).out());
    assertEquals(2, stats.get("events").asInt());
    assertEquals(1.0, stats.get("positive_rate").asDouble(), 1e-9);
    JsonNode searched = new ObjectMapper().readTree(CliTest.run(args("search", "--json",
        "rotate keys")).out());
    assertEquals("learned", searched.get("mode").asText(), "the default once feedback exists");
    assertEquals("keywords", searched.get("query_class").asText());
    JsonNode hit = searched.get("hits").get(0);
    assertTrue(hit.get("learned").get("clicks").asDouble() > 1.0, hit.toString());
  }

  @Test
  void feedbackStatsWorkWhileAServerHoldsTheIndex() throws Exception {
    assertEquals(0, CliTest.run(args("feedback", "--query", "q", "--used", chunk)).code());
    try (Relearn holder = Relearn.open(tmp.resolve("idx"),
        RelearnOptions.defaults().withModel(ModelChoice.HASHING))) { // as a serve or mcp would
      Result stats = CliTest.run(args("feedback-stats", "--json"));
      assertEquals(0, stats.code(), stats.err());
      assertTrue(stats.err().startsWith("relearn: index " + tmp.resolve("idx").toAbsolutePath()
          .normalize() + " is in use by java, pid "), stats.err());
      assertTrue(stats.err().contains("; showing the writer's last feedback checkpoint"),
          stats.err());
      assertFalse(stats.err().contains("open it read-only"), "what happens anyway");
      JsonNode json = new ObjectMapper().readTree(stats.out());
      assertEquals(1, json.get("events").asInt(), json.toString());
      assertEquals(1, json.get("query_clusters").asInt(), json.toString());
      assertTrue(json.get("read_only").asBoolean(), json.toString());
      assertTrue(json.get("log_problems_at_open") == null, "a read-only open replays no log");
    }
  }

  @Test
  void anIdWithACommaFromAFileNameIsTakenWhole() throws Exception {
    Path docs = tmp.resolve("docs");
    Files.writeString(docs.resolve("notes, 2024.md"), "# Budget\nThe budget meeting notes.\n");
    assertEquals(0, CliTest.run(args("index", docs.toString())).code());
    String notes = new ObjectMapper().readTree(CliTest.run(args("search", "--json",
        "budget meeting")).out()).get("hits").get(0).get("chunk_id").asText();
    assertTrue(notes.contains(", "), notes);
    Result both = CliTest.run(args("feedback", "--json", "--query", "budget meeting", "--used",
        notes + "," + chunk, "--used", "ghost, other"));
    assertEquals(0, both.code(), both.err());
    assertEquals("[\"ghost\",\"other\"]",
        new ObjectMapper().readTree(both.out()).get("unknown_ids").toString(),
        "the known ids are whole; unknown ones are split at their commas");
  }

  @Test
  void badFeedbackGetsClearErrors() {
    Result rating = CliTest.run(args("feedback", "--query", "q", "--used", chunk, "--rating", "7"));
    assertEquals(2, rating.code(), "a value out of range is a usage error");
    assertEquals("relearn: a star rating must be 1 to 5, got: 7", firstLine(rating));
    Result quality = CliTest.run(args("feedback", "--query", "q", "--used", chunk,
        "--quality", "1.5"));
    assertEquals(2, quality.code());
    assertEquals("relearn: quality must be in [0, 1], got: 1.5", firstLine(quality));
    Result empty = CliTest.run(args("feedback", "--query", "q", "--used", ","));
    assertEquals("relearn: --used must name at least one chunk id", firstLine(empty));
    assertTrue(empty.err().contains("Try 'relearn feedback --help'"), empty.err());
    assertEquals(2, CliTest.run(args("feedback", "--query", "q", "--used", chunk, "--success",
        "--failure")).code());
    assertEquals(2, CliTest.run(args("forget")).code());
    Result eventId = CliTest.run(args("feedback", "--query", "q", "--used", chunk,
        "--event-id", "a b"));
    assertEquals(2, eventId.code(), "refused before the index is opened");
    assertTrue(firstLine(eventId).endsWith("without spaces, got: 'a b'"), eventId.err());
    Result session = CliTest.run(args("feedback", "--query", "q", "--used", chunk,
        "--session", " "));
    assertEquals(2, session.code());
    assertEquals("relearn: session must not be blank; leave it out for none", firstLine(session));
    Result forget = CliTest.run(args("forget", "--session", ""));
    assertEquals(2, forget.code(), "no way to forget every session-less event by accident");
    assertTrue(firstLine(forget).startsWith("relearn: --session must not be blank"),
        forget.err());
  }

  private static String firstLine(Result result) {
    return result.err().strip().split("\n")[0];
  }

  @Test
  void plainSearchShowsTheChunkIdsFeedbackTakes() {
    Result search = CliTest.run(args("search", "rotate keys"));
    assertEquals(0, search.code(), search.err());
    assertTrue(search.out().startsWith(" 1. [" + chunk + "] docs/keys.md:1-2 (markdown)  Keys\n"),
        search.out());
    assertTrue(search.out().contains("1 hit (hybrid)"), search.out());
    Result used = CliTest.run(args("feedback", "--query", "rotate keys", "--used", chunk));
    assertEquals(0, used.code(), used.err());
    assertTrue(used.err().isEmpty(), "the printed id is a known chunk: " + used.err());
  }

  @Test
  void compactAndForget() {
    for (int i = 0; i < 3; i++) {
      CliTest.run(args("feedback", "--query", "rotate keys", "--used", chunk,
          "--session", "s" + i));
    }
    Result compact = CliTest.run(args("compact"));
    assertEquals(0, compact.code(), compact.err());
    assertTrue(compact.out().matches("compacted \\d+ → \\d+\n"),
        compact.out());
    Result forget = CliTest.run(args("forget", "--session", "s0"));
    assertEquals(0, forget.code(), forget.err());
    assertTrue(forget.out().startsWith("forgot 1 feedback event(s) of that session; "),
        forget.out());
    Result unknown = CliTest.run(args("forget", "--session", "S0"));
    assertEquals("forgot 0 feedback event(s) of that session; 0 query cluster(s) left with no"
        + " event (no feedback has that session id: ids are matched exactly)\n", unknown.out());
    Result all = CliTest.run(args("forget", "--all"));
    assertEquals(0, all.code(), all.err());
    assertTrue(CliTest.run(args("feedback-stats")).out().contains("events:          0"));
  }
}
