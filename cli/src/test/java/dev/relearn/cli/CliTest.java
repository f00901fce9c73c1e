package dev.relearn.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.relearn.engine.ModelChoice;
import dev.relearn.engine.Relearn;
import dev.relearn.engine.RelearnOptions;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CliTest {
  @TempDir Path tmp;

  /** One command's exit code and output. */
  record Result(int code, String out, String err) {}

  static Result run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = RelearnCli.execute(new PrintWriter(out), new PrintWriter(err), args);
    return new Result(code, out.toString(), err.toString());
  }

  /** {@code command --index INDEX --model hashing REST...}. */
  static String[] hashingArgs(Path index, String command, String... rest) {
    List<String> args = new ArrayList<>(List.of(command, "--index", index.toString(),
        "--model", "hashing"));
    args.addAll(List.of(rest));
    return args.toArray(new String[0]);
  }

  private String[] withIndex(String command, String... rest) {
    return hashingArgs(tmp.resolve("idx"), command, rest);
  }

  @Test
  void helpVersionAndUsageExitCodes() {
    Result help = run("--help");
    assertEquals(0, help.code());
    for (String command : List.of("index", "search", "stats", "eval", "demo", "bench")) {
      assertTrue(help.out().contains(command), command);
      assertEquals(0, run(command, "--help").code(), command);
    }
    assertTrue(run("--version").out().contains("Lucene 10.6.0"));
    assertEquals(2, run().code());
    assertEquals(2, run("frobnicate").code());
    assertEquals(2, run("search", "--k", "ten", "x").code());
  }

  @Test
  void serveNamesTheOptionOfABadValue() {
    Result threads = run(withIndex("serve", "--http-threads", "0"));
    assertEquals(2, threads.code(), threads.err());
    assertTrue(threads.err().startsWith("relearn: --http-threads must be at least 1, got: 0\n"),
        threads.err());
    Result body = run(withIndex("serve", "--max-body", "-5"));
    assertEquals(2, body.code(), body.err());
    assertTrue(body.err().startsWith("relearn: --max-body must be at least 1 byte, got: -5\n"),
        body.err());
    // before: "relearn: no-such-host.invalid: Name or service not known", after the index opened
    Result host = run(withIndex("serve", "--host", "no-such-host.invalid"));
    assertEquals(2, host.code(), host.err());
    assertTrue(host.err().startsWith("relearn: --host cannot be resolved:"
        + " 'no-such-host.invalid' ("), host.err());
    assertFalse(Files.exists(tmp.resolve("idx")), "checked before the index is opened");
  }

  @Test
  void jsonlWithABadLineIndexesTheRestAndExitsOne() throws Exception {
    Path jsonl = tmp.resolve("chunks.jsonl");
    Files.writeString(jsonl, """
        {"id": "a", "text": "zebras graze on the savanna"}
        {"id": "b", "text": "penguins swim in cold water"
        {"id": "c", "text": "camels cross the desert", "title": "Desert animals"}
        """);
    Result index = run(withIndex("index", jsonl.toString()));
    assertEquals(1, index.code(), index.err());
    assertTrue(index.err().contains(":2: not valid JSON"), index.err());
    assertTrue(index.err().contains("1 problem(s); everything else was indexed"), index.err());
    Result search = run(withIndex("search", "--json", "camels desert"));
    assertEquals(0, search.code(), search.err());
    assertTrue(search.out().contains("\"chunk_id\" : \"c\""), search.out());
    Result text = run(withIndex("search", "-k", "1", "camels desert"));
    assertTrue(text.out().startsWith(" 1. [c] c (record)  Desert animals\n"), "the title: "
        + text.out());
  }

  @Test
  void badQueriesGetOneLineErrors() throws Exception {
    Path docs = Files.createDirectories(tmp.resolve("docs"));
    Files.writeString(docs.resolve("a.md"), "# Title\nsome words here\n");
    assertEquals(0, run(withIndex("index", docs.toString())).code());
    Result empty = run(withIndex("search", " "));
    assertEquals(2, empty.code(), "a usage error, as for feedback --query ' '");
    String refused = "relearn: query has no searchable text: it is empty or only spaces and"
        + " control characters\n";
    assertTrue(empty.err().startsWith(refused), empty.err());
    Result controls = run(withIndex("search", "\u0001\u0002"));
    assertEquals(2, controls.code(), controls.err());
    assertTrue(controls.err().startsWith(refused), controls.err());
    Result huge = run(withIndex("search", "q".repeat(1_000_000)));
    assertEquals(2, huge.code());
    assertTrue(huge.err().contains("1000000 characters long"), huge.err());
    assertTrue(huge.err().length() < 200, "the query is not echoed");
    Result syntax = run(withIndex("search", "title:(some AND \"words\")~ [a TO z] {x} ^ \\"));
    assertEquals(0, syntax.code(), syntax.err());
    assertTrue(syntax.out().contains("a.md"), syntax.out());
  }

  @Test
  void secondWriterIsToldTheIndexIsInUse() throws Exception {
    Path docs = Files.createDirectories(tmp.resolve("docs"));
    Files.writeString(docs.resolve("a.txt"), "plain text");
    try (Relearn holder = Relearn.open(tmp.resolve("idx"),
        RelearnOptions.defaults().withModel(ModelChoice.HASHING))) {
      Result second = run(withIndex("index", docs.toString()));
      assertEquals(1, second.code());
      assertTrue(second.err().startsWith("relearn: index in use by another process"), second.err());
      assertTrue(second.err().contains("this command writes, so stop that process and run it"
          + " again"), second.err());
      assertTrue(second.err().contains("(held by java, pid " + ProcessHandle.current().pid()
          + ", since "), second.err());
      assertTrue(Files.exists(tmp.resolve("idx").resolve("write.lock")));
    }
    // A command records itself by name as the holder, for the next process refused the index.
    assertEquals(0, run(withIndex("index", docs.toString())).code());
    assertTrue(Files.readString(tmp.resolve("idx").resolve("write.lock.holder"))
        .contains("\nholder relearn index\n"));
  }

  @Test
  void evalPrintsTheDocumentedJsonKeys() throws Exception {
    Path beir = Files.createDirectories(tmp.resolve("tiny"));
    Files.writeString(beir.resolve("corpus.jsonl"), """
        {"_id": "d1", "title": "Zebras", "text": "Zebras have stripes."}
        {"_id": "d2", "title": "Camels", "text": "Camels store fat in humps."}
        {"_id": "d3", "title": "Penguins", "text": "Penguins cannot fly."}
        """);
    Files.writeString(beir.resolve("queries.jsonl"), """
        {"_id": "q1", "text": "striped zebras"}
        {"_id": "q2", "text": "camel humps"}
        """);
    Files.createDirectories(beir.resolve("qrels"));
    Files.writeString(beir.resolve("qrels/test.tsv"), "query-id\tcorpus-id\tscore\r\nq1\td1\t1\r\n"
        + "q2\td2\t2\r\n");
    Result eval = run(withIndex("eval", "--dataset", beir.toString(), "--mode", "bm25", "--json"));
    assertEquals(0, eval.code(), eval.err());
    JsonNode json = new ObjectMapper().readTree(eval.out());
    for (String key : List.of("dataset", "split", "mode", "queries", "ndcg@10", "recall@100",
        "mrr@10")) {
      assertTrue(json.has(key), key + " in " + json);
    }
    assertEquals("tiny", json.get("dataset").asText());
    assertEquals(2, json.get("queries").asInt());
    assertEquals(1.0, json.get("ndcg@10").asDouble(), 1e-9);
    Result again = run(withIndex("eval", "--dataset", beir.toString(), "--mode", "hybrid"));
    assertTrue(again.err().contains("3 unchanged") && again.err().contains("0 embedded"),
        again.err());
  }

  @Test
  void statsAndDemoWork() throws Exception {
    Path docs = Files.createDirectories(tmp.resolve("project"));
    Files.writeString(docs.resolve("Fusion.java"), "class Fusion { double fuse(double bm25) {"
        + " return bm25; } }");
    Result demo = run(withIndex("demo", "--source", docs.toString()));
    assertEquals(0, demo.code(), demo.err());
    assertTrue(demo.out().contains("search: \"how are BM25 and vector scores fused\""), demo.out());
    assertTrue(demo.out().contains("Fusion.java"), demo.out());
    assertTrue(demo.out().contains("(hybrid, "), demo.out());
    assertTrue(run("demo", "--help").out().replaceAll("\\s+", " ")
        .contains("each example query runs in hybrid mode"),
        "the help says which mode the examples run in (they run in no other)");
    Result stats = run(withIndex("stats", "--json"));
    assertEquals(0, stats.code(), stats.err());
    JsonNode json = new ObjectMapper().readTree(stats.out());
    assertEquals(1, json.get("chunks").asInt());
    assertEquals("hashing-384-v1", json.get("model_id").asText());
    assertFalse(json.has("missing_origins"), "the JSON lists only the record's fields");
    assertFalse(run(withIndex("stats")).out().isEmpty());
  }

  @Test
  void explainPrintsEveryTermWithReadableNumbers() throws Exception {
    Path docs = Files.createDirectories(tmp.resolve("docs"));
    Files.writeString(docs.resolve("a.md"), "# Tides\nthe tide table lists crossings\n");
    Files.writeString(docs.resolve("b.md"), "# Harbour\nboats cross the harbour at noon\n");
    assertEquals(0, run(withIndex("index", docs.toString())).code());
    Result explain = run(withIndex("search", "--explain", "tide crossings"));
    assertEquals(0, explain.code(), explain.err());
    for (String term : List.of("relevance", "balance", "boost", "prior", "recency",
        "frequency", "context")) {
      assertTrue(explain.out().matches("(?s).*\n +\\d+\\.\\d{6} = " + term + ": value .*"),
          term + ": " + explain.out());
    }
    assertFalse(explain.out().contains("-0.0000"), explain.out());
    assertTrue(explain.out().matches("(?s).*first-stage score [0-9.]{1,6} min-max.*"),
        explain.out());
    assertTrue(explain.out().contains("query class keywords: weights bm25 0.350, vector 0.350,"
        + " learned 0.300"), explain.out());
    assertTrue(explain.out().contains("\ntrust in the vote: prior (too few clicks to fit yet)\n"),
        explain.out());
    Result json = run(withIndex("search", "--explain", "--json", "tide crossings"));
    assertEquals(0, json.code(), json.err());
    JsonNode body = new ObjectMapper().readTree(json.out());
    JsonNode top = body.get("explanations").get(0);
    assertEquals(body.get("hits").get(0).get("score").asDouble(), top.get("value").asDouble());
    assertTrue(top.get("details").get(0).get("description").asText()
        .startsWith("relevance: value "), top.toString());
  }

  @Test
  void numbersPrintWithAPointWhateverTheDefaultLocale() throws Exception {
    Path docs = Files.createDirectories(tmp.resolve("docs"));
    Files.writeString(docs.resolve("a.md"), "# Tides\nthe tide table lists crossings\n");
    Locale saved = Locale.getDefault();
    Locale.setDefault(Locale.GERMANY);
    try {
      Result index = run(withIndex("index", docs.toString()));
      assertTrue(index.out().matches("(?s).*; \\d+\\.\\d s\n.*"), index.out());
      Result search = run(withIndex("search", "--explain", "tide crossings"));
      assertEquals(0, search.code(), search.err());
      assertTrue(search.out().matches("(?s).*\n    score \\d\\.\\d{4} bm25 #1 \\(\\d+\\.\\d{3}\\)"
          + " vector #1 \\(\\d\\.\\d{3}\\)\n.*"), search.out());
      assertTrue(search.out().matches("(?s).*hits? \\(learned\\) in \\d+\\.\\d ms\n"),
          search.out());
      assertFalse(search.out().matches("(?s).*\\d,\\d.*"), search.out());
    } finally {
      Locale.setDefault(saved);
    }
  }
}
