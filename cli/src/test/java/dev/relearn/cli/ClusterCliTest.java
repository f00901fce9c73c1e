package dev.relearn.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.cli.CliTest.Result;
import dev.relearn.engine.cluster.FakeCluster;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --cluster}: index, search, feedback, forget and stats run against a cluster (a loopback
 * stand-in) and print what they print embedded; the index folder keeps only the client's
 * session secret, and no request carries the query's text.
 */
class ClusterCliTest {
  private static final String QUERY = "when must we rotate keys";

  @TempDir Path tmp;
  @RegisterExtension final FakeCluster cluster = FakeCluster.started("notes");

  private Result run(String command, String... rest) {
    String[] args = Stream.concat(Stream.of(CliTest.hashingArgs(tmp.resolve("idx"), command)),
        Stream.concat(Stream.of("--cluster", cluster.address().toString()), Stream.of(rest)))
        .toArray(String[]::new);
    return CliTest.run(args);
  }

  @Test
  void everyCommandRunsOnTheClusterAndPrintsAsEmbedded() throws Exception {
    Path docs = Files.createDirectories(tmp.resolve("docs"));
    Files.writeString(docs.resolve("keys.md"), "# Keys\n## Rotate\nRotate signing keys every 90"
        + " days.\n## Revoke\nRevoke a leaked key at once.\n");

    Result index = run("index", docs.toString());
    assertEquals(0, index.code(), index.err());
    assertTrue(index.out().matches("(?s).*docs: 2 chunks \\(2 added, 0 updated, 0 unchanged, 0"
        + " deleted\\); 2 embedded, 0 from the index; 0 problems; .*"), index.out());

    Result search = run("search", "-k", "2", QUERY);
    assertEquals(0, search.code(), search.err());
    assertTrue(search.out().matches("(?s) 1\\. \\[docs/keys\\.md#\\w+] docs/keys\\.md:\\d+-\\d+"
        + " \\(markdown\\).*\n    score 1\\.0000 bm25 #1 \\(2\\.000\\)\n"
        + ".*2 hits \\(hybrid\\) in .* ms\n"), // no feedback yet: auto is hybrid
        search.out());
    String id = search.out().substring(search.out().indexOf('[') + 1, search.out().indexOf(']'));
    Result explained = run("search", "--explain", "-k", "1", QUERY);
    assertEquals(0, explained.code(), explained.err());
    assertTrue(explained.out().contains("total 1.000000\n     1.000000 = relevance (bm25 + vector)"),
        explained.out());

    Result feedback = run("feedback", "--query", QUERY, "--used", id, "--success",
        "--session", "alice", "--event-id", "ev-1");
    assertEquals(0, feedback.code(), feedback.err());
    assertEquals("recorded: ev-1 (very_strong, strong_positive)\n", feedback.out());
    Result again = run("feedback", "--query", QUERY, "--used", id, "--event-id", "ev-1");
    assertTrue(again.out().startsWith("already recorded: ev-1"), again.out());

    Result forget = run("forget", "--session", "alice");
    assertEquals(0, forget.code(), forget.err());
    String base = cluster.address().toString().replace("/notes", "");
    assertEquals("forgot 1 feedback event(s) of that session on every index at " + base + "\n",
        forget.out());

    Result stats = run("stats");
    assertEquals(0, stats.code(), stats.err());
    assertTrue(stats.out().startsWith("index:    " + cluster.address() + "\nmodel:    "
        + "hashing-384-v1 (384 dims)\nchunks:   2 {markdown=2}\n"), stats.out());

    try (Stream<Path> files = Files.list(tmp.resolve("idx"))) {
      assertEquals(List.of("cluster"), files.map(p -> p.getFileName().toString()).toList());
    }
    Result local = CliTest.run(CliTest.hashingArgs(tmp.resolve("idx"), "index", docs.toString()));
    assertEquals(0, local.code(), "the client's folder is relearn's own: " + local.err());
    for (String body : cluster.bodies) {
      assertFalse(body.toLowerCase(Locale.ROOT).contains(QUERY), body);
    }
  }

  @Test
  void evalLearnRunsOnTheClusterWithoutQueryText() throws Exception {
    Path beir = TinyBeir.write(tmp);
    Result refused = CliTest.run(Stream.concat(Stream.of("eval"), Stream.of(CliTest.hashingArgs(
        tmp.resolve("idx"), "learn", "--cluster", cluster.address().toString(), "--dataset",
        beir.toString(), "--sessions", "4"))).toArray(String[]::new));
    assertEquals(2, refused.code(), refused.err());
    assertTrue(refused.err().contains("add --reset-feedback"), refused.err());

    Result learn = CliTest.run(Stream.concat(Stream.of("eval"), Stream.of(CliTest.hashingArgs(
        tmp.resolve("idx"), "learn", "--cluster", cluster.address().toString(), "--dataset",
        beir.toString(), "--sessions", "20", "--reset-feedback"))).toArray(String[]::new));
    assertEquals(0, learn.code(), learn.err());
    assertTrue(learn.out().startsWith(beir.getFileName() + "/test generalisation: 20 sessions"),
        learn.out());
    assertTrue(cluster.requests.contains("POST /_relearn/forget")
        && cluster.requests.contains("POST /_relearn/learn?refit=when_due"), "forgot all first,"
        + " then learned after each event: " + cluster.requests);
    List<String> texts = Files.readAllLines(beir.resolve("queries.jsonl")).stream()
        .map(line -> line.replaceAll(".*\"text\": *\"([^\"]*)\".*", "$1"))
        .map(text -> text.toLowerCase(Locale.ROOT)).toList();
    for (int i = 0; i < cluster.bodies.size(); i++) { // the corpus's _bulk holds its own text
      String body = cluster.bodies.get(i).toLowerCase(Locale.ROOT);
      for (String text : texts) {
        assertFalse(cluster.requests.get(i).contains("_relearn") && body.contains(text),
            text + " sent: " + body);
      }
    }
  }

  @Test
  void benchTimesEveryModeThroughTheClusterBesideEmbedded() throws Exception {
    Result bench = run("bench", "--dataset", TinyBeir.write(tmp).toString(), "--rounds", "1",
        "--warm-up", "0", "--learned");
    assertEquals(0, bench.code(), bench.err());
    for (String mode : List.of("bm25", "vector", "hybrid", "learned")) {
      assertTrue(bench.out().matches("(?s).*\ncluster " + mode + " +[0-9.]+ +[0-9.]+ +1[0-9]"
          + " +[0-9.]+x relearn " + mode + ".*"), bench.out());
    }
    assertTrue(cluster.bodies.stream().anyMatch(body -> body.contains("\"mode\":\"bm25\"")),
        "each mode asked of the cluster");
  }

  @Test
  void aFusionOrFeedbackOptionTheClusterCannotRunIsAUsageErrorAndAFilterRuns() {
    Result fusion = run("search", "--fusion", "rrf", QUERY);
    assertEquals(2, fusion.code(), fusion.err());
    assertTrue(fusion.err().contains("the default fusion"), fusion.err());
    for (String local : List.of("--protect-query-vectors", "--feedback-durability=async")) {
      Result refused = run("feedback", local, "--query", QUERY, "--used", "c1");
      assertEquals(2, refused.code(), refused.err());
      assertTrue(refused.err().contains(local.replace("=async", "")
          + " applies to an index folder, not to --cluster"), refused.err());
    }
    Result many = run("search", "-k", "5000", QUERY);
    assertEquals(2, many.code(), many.err());
    assertTrue(many.err().contains("at most 1000 hits and candidates, not 5000"), many.err());
    Result bm25 = run("search", "--mode", "bm25", "--path-prefix", "docs/", QUERY);
    assertEquals(0, bm25.code(), bm25.err());
    assertTrue(cluster.bodies.getLast().contains("\"mode\":\"bm25\"")
        && cluster.bodies.getLast().contains("\"path_prefix\":\"docs/\""),
        cluster.bodies.getLast());
    Result unreachable = CliTest.run(CliTest.hashingArgs(tmp.resolve("idx"), "stats",
        "--cluster", "http://127.0.0.1:1/notes"));
    assertEquals(1, unreachable.code(), unreachable.err());
    assertTrue(unreachable.err().contains("cannot reach the cluster at http://127.0.0.1:1"),
        unreachable.err());
    for (String bad : List.of("notaurl", "ftp://host/notes", "http:///notes")) {
      Result refused = CliTest.run(CliTest.hashingArgs(tmp.resolve("idx"), "stats", "--cluster",
          bad));
      assertEquals(2, refused.code(), refused.err());
      assertTrue(refused.err().contains("--cluster must be a URL such as"
          + " http://localhost:9200/notes, not '" + bad + "'"), refused.err());
    }
  }

  @Test
  void weightsShowWhatRatingsTaughtOnTheClusterAndResetThere() throws Exception {
    Path docs = Files.createDirectories(tmp.resolve("docs"));
    Files.writeString(docs.resolve("keys.md"), "# Keys\nRotate signing keys every 90 days.\n");
    assertEquals(0, run("index", docs.toString()).code());
    assertEquals(0, CliTest.run(CliTest.hashingArgs(tmp.resolve("local"), "index",
        docs.toString())).code());
    Result embedded = CliTest.run(CliTest.hashingArgs(tmp.resolve("local"), "weights"));
    assertEquals(0, embedded.code(), embedded.err());
    assertEquals(embedded.out(), run("weights").out(), "nothing rated: as embedded");

    String id = run("search", "-k", "1", QUERY).out().replaceAll("(?s)[^\\[]*\\[([^]]+)].*", "$1");
    Result rated = run("feedback", "--query", QUERY, "--used", id, "--rating", "up");
    assertEquals(0, rated.code(), rated.err());
    Result weights = run("weights");
    assertTrue(weights.out().matches("(?s).*question +bm25 [0-9.]+  vector [0-9.]+  learned"
        + " [0-9.]+  ratings 1 \\(\\+1/-0\\)\n.*"), weights.out());
    Result reset = run("weights", "--reset", "question");
    assertEquals("reset question\n", reset.err());
    assertEquals(embedded.out(), reset.out(), "the class forgot its rating");
  }
}
