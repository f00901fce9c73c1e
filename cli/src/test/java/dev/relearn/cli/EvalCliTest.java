package dev.relearn.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.relearn.eval.metrics.Run;
import dev.relearn.eval.trec.TrecRunReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code relearn eval --run-out}, {@code eval learn} and {@code eval report} on a small BEIR
 * collection with the instant hashing embedder.
 */
class EvalCliTest {
  @TempDir Path tmp;
  private Path beir;

  @BeforeEach
  void writeCollection() throws Exception {
    beir = TinyBeir.write(tmp);
  }

  @Test
  void theRunFileNoteCountsOnlyQueriesWithLines() throws Exception {
    Files.writeString(beir.resolve("queries.jsonl"), "{\"_id\": \"t9none\", \"text\":"
        + " \"zzqxw\"}\n", java.nio.file.StandardOpenOption.APPEND);
    Files.writeString(beir.resolve("qrels/test.tsv"), "t9none\tgadget0-manual\t1\n",
        java.nio.file.StandardOpenOption.APPEND);
    Path runFile = tmp.resolve("bm25.run");
    CliTest.Result eval = CliTest.run("eval", "--index", tmp.resolve("idx").toString(),
        "--model", "hashing", "--dataset", beir.toString(), "--mode", "bm25",
        "--run-out", runFile.toString());
    assertEquals(0, eval.code(), eval.err());
    assertTrue(eval.err().contains("run written to " + runFile + " (12 queries; 1 found"
        + " nothing, so have no lines)"), eval.err());
    assertEquals(12, TrecRunReader.read(runFile).size());
  }

  @Test
  void aCorpusWithBadRecordsIsScoredOnTheRestAndExitsOne() throws Exception {
    Files.writeString(beir.resolve("corpus.jsonl"), "{\"_id\": \"broken\"\n",
        java.nio.file.StandardOpenOption.APPEND);
    CliTest.Result eval = CliTest.run("eval", "--index", tmp.resolve("idx").toString(),
        "--model", "hashing", "--dataset", beir.toString(), "--mode", "bm25");
    assertEquals(1, eval.code(), "as index exits: " + eval.err());
    assertTrue(eval.out().contains("nDCG@10"), "the rest is scored: " + eval.out());
    assertTrue(eval.err().contains("corpus.jsonl"), eval.err());
  }

  @Test
  void evalWritesTheRunAsATrecFile() throws Exception {
    Path runFile = tmp.resolve("runs/bm25.txt");
    CliTest.Result eval = CliTest.run("eval", "--index", tmp.resolve("idx").toString(),
        "--model", "hashing", "--dataset", beir.toString(), "--mode", "bm25", "--json",
        "--run-out", runFile.toString());
    assertEquals(0, eval.code(), eval.err());
    assertTrue(eval.err().contains("run written to " + runFile), eval.err());
    Run run = TrecRunReader.read(runFile);
    assertEquals(12, run.size());
    String first = Files.readAllLines(runFile).get(0);
    assertTrue(first.matches("t0q3 Q0 \\S+ 1 \\S+ relearn-bm25"), first);
    JsonNode json = new ObjectMapper().readTree(eval.out());
    assertEquals(12, json.get("queries").asInt());
  }

  @Test
  void learnPrintsTheDocumentedJson() throws Exception {
    CliTest.Result learn = CliTest.run("eval", "learn", "--index",
        tmp.resolve("idx").toString(), "--model", "hashing", "--dataset", beir.toString(),
        "--sessions", "30", "--json");
    assertEquals(0, learn.code(), learn.err());
    JsonNode json = new ObjectMapper().readTree(learn.out());
    assertEquals("generalisation", json.get("scenario").asText());
    for (String part : List.of("baseline", "learned")) {
      assertTrue(json.get(part).has("ndcg@10") && json.get(part).has("recall@100"), part);
    }
    JsonNode curve = json.get("curve");
    assertEquals(List.of(0, 10, 30), List.of(curve.get(0).get("sessions").asInt(),
        curve.get(1).get("sessions").asInt(), curve.get(2).get("sessions").asInt()));
    assertTrue(curve.get(2).has("ndcg@10"));
    // the index now has feedback: an explicit --index is not wiped without --reset-feedback
    CliTest.Result refused = CliTest.run("eval", "learn", "--index",
        tmp.resolve("idx").toString(), "--model", "hashing", "--dataset", beir.toString(),
        "--scenario", "noise");
    assertEquals(2, refused.code(), refused.err());
    assertTrue(refused.err().contains("add --reset-feedback"), refused.err());
    CliTest.Result noise = CliTest.run("eval", "learn", "--index",
        tmp.resolve("idx").toString(), "--model", "hashing", "--dataset", beir.toString(),
        "--scenario", "noise", "--reset-feedback", "--sessions", "20");
    assertEquals(0, noise.code(), noise.err());
    assertTrue(noise.out().contains("noise: 20 sessions"), noise.out());
    CliTest.Result mixed = CliTest.run("eval", "learn", "--index",
        tmp.resolve("idx").toString(), "--model", "hashing", "--dataset", beir.toString(),
        "--scenario", "mixed", "--reset-feedback", "--sessions", "20");
    assertEquals(0, mixed.code(), mixed.err());
    assertTrue(mixed.out().contains("mixed: 20 sessions"), mixed.out());
    assertTrue(mixed.out().contains("30 % of sessions by the noise user"), mixed.out());
  }

  @Test
  void aLearnedScoreSaysWhenTheIndexHoldsFeedbackFromTheQueriesScored() throws Exception {
    String index = tmp.resolve("idx").toString();
    CliTest.Result repeated = CliTest.run("eval", "learn", "--index", index, "--model", "hashing",
        "--dataset", beir.toString(), "--scenario", "repeated");
    assertEquals(0, repeated.code(), repeated.err());
    CliTest.Result eval = CliTest.run("eval", "--index", index, "--model", "hashing",
        "--dataset", beir.toString());
    assertEquals(0, eval.code(), eval.err());
    assertTrue(eval.out().startsWith("tiny/test learned: 12 queries"), eval.out());
    assertTrue(eval.err().matches("(?s).*relearn: \\d+ of the 12 queries scored had feedback"
        + " recorded from them in this index .*not held out.*eval learn.*"), eval.err());
    CliTest.Result hybrid = CliTest.run("eval", "--index", index, "--model", "hashing",
        "--dataset", beir.toString(), "--mode", "hybrid");
    assertFalse(hybrid.err().contains("not held out"), "feedback is not used: " + hybrid.err());
    CliTest.Result generalisation = CliTest.run("eval", "learn", "--index", index, "--model",
        "hashing", "--dataset", beir.toString(), "--reset-feedback");
    assertEquals(0, generalisation.code(), generalisation.err());
    CliTest.Result clean = CliTest.run("eval", "--index", index, "--model", "hashing",
        "--dataset", beir.toString());
    assertTrue(clean.out().startsWith("tiny/test learned: 12 queries"), clean.out());
    assertFalse(clean.err().contains("not held out"), "train feedback only: " + clean.err());
  }

  @Test
  void badValuesAreNamed() {
    CliTest.Result scenario = CliTest.run("eval", "learn", "--dataset", beir.toString(),
        "--model", "hashing", "--scenario", "chaos");
    assertEquals(2, scenario.code(), "an unknown value is a usage error");
    assertTrue(scenario.err().contains("unknown scenario 'chaos'"), scenario.err());
    assertTrue(scenario.err().contains("attack or mixed"), scenario.err());
    CliTest.Result model = CliTest.run("eval", "learn", "--dataset", beir.toString(),
        "--model", "hashing", "--click-model", "dbn");
    assertTrue(model.err().contains("unknown click model 'dbn'"), model.err());
    CliTest.Result noDataset = CliTest.run("eval");
    assertEquals(2, noDataset.code());
    assertTrue(noDataset.err().contains("--dataset"), noDataset.err());
  }

  @Test
  void badSplitsAndRunFilesFailBeforeAnyIndexing() throws Exception {
    Path index = tmp.resolve("idx");
    CliTest.Result split = CliTest.run("eval", "--index", index.toString(), "--model",
        "hashing", "--dataset", beir.toString(), "--split", "dev");
    assertEquals(2, split.code(), split.err());
    assertTrue(split.err().startsWith("relearn: --split dev: dataset tiny has no"
        + " qrels/dev.tsv; its splits: test, train"), split.err());
    Path folder = Files.createDirectories(tmp.resolve("runs"));
    CliTest.Result runOut = CliTest.run("eval", "--index", index.toString(), "--model",
        "hashing", "--dataset", beir.toString(), "--run-out", folder.toString());
    assertEquals(1, runOut.code(), runOut.err());
    assertEquals("relearn: --run-out " + folder + " is a folder, not a file",
        runOut.err().strip());
    Path underFile = beir.resolve("corpus.jsonl").resolve("run.txt");
    CliTest.Result blocked = CliTest.run("eval", "--index", index.toString(), "--model",
        "hashing", "--dataset", beir.toString(), "--run-out", underFile.toString());
    assertEquals("relearn: --run-out " + underFile + ": " + beir.resolve("corpus.jsonl")
        + " is a file, not a folder", blocked.err().strip());
    CliTest.Result learn = CliTest.run("eval", "learn", "--index", index.toString(), "--model",
        "hashing", "--dataset", beir.toString(), "--train-split", "dev");
    assertEquals(2, learn.code(), learn.err());
    assertTrue(learn.err().startsWith("relearn: --train-split dev: dataset tiny has no"),
        learn.err());
    CliTest.Result sessions = CliTest.run("eval", "learn", "--index", index.toString(),
        "--model", "hashing", "--dataset", beir.toString(), "--sessions", "-3");
    assertEquals(2, sessions.code(), sessions.err());
    assertTrue(sessions.err().contains("got: -3"), sessions.err());
    CliTest.Result onTest = CliTest.run("eval", "learn", "--index", index.toString(),
        "--model", "hashing", "--dataset", beir.toString(), "--train-split", "test");
    assertEquals(2, onTest.code(), onTest.err());
    assertTrue(onTest.err().contains("the train and test splits must differ, not both 'test'"),
        onTest.err());
    CliTest.Result file = CliTest.run("eval", "--model", "hashing", "--dataset",
        beir.resolve("queries.jsonl").toString());
    assertEquals(2, file.code(), file.err());
    assertEquals("relearn: --dataset " + beir.resolve("queries.jsonl") + " is a file, not a"
        + " folder; a BEIR dataset is a folder of corpus.jsonl, queries.jsonl and"
        + " qrels/<split>.tsv", file.err().lines().findFirst().orElseThrow());
    assertFalse(Files.exists(index), "nothing was indexed");
  }

  @Test
  void malformedOrUnjudgedDatasetsFailBeforeAnyIndexing() throws Exception {
    Path index = tmp.resolve("idx");
    Path queries = beir.resolve("queries.jsonl");
    String goodQueries = Files.readString(queries);
    Files.writeString(queries, goodQueries + "{\"_id\": \"x\", \"text\": 7}\n");
    CliTest.Result badLine = CliTest.run("eval", "--index", index.toString(), "--model",
        "hashing", "--dataset", beir.toString());
    assertEquals(1, badLine.code(), badLine.err());
    assertTrue(badLine.err().contains("queries.jsonl line 49: \"text\" must be a string"),
        badLine.err());
    CliTest.Result badLearn = CliTest.run("eval", "learn", "--index", index.toString(),
        "--model", "hashing", "--dataset", beir.toString());
    assertTrue(badLearn.err().contains("queries.jsonl line 49"), badLearn.err());
    Files.writeString(queries, goodQueries);
    Path test = beir.resolve("qrels/test.tsv");
    String goodTest = Files.readString(test);
    Files.writeString(test, goodTest.replace("t0q3\tgadget0-manual\t1",
        "t0q3\tgadget0-manual\t0"));
    CliTest.Result capped = CliTest.run("eval", "--index", index.toString(), "--model",
        "hashing", "--dataset", beir.toString(), "--max-queries", "1");
    assertEquals("relearn: --max-queries 1: none of the first 1 queries of split test has a"
        + " relevant document, so every metric would be 0; raise --max-queries",
        capped.err().strip());
    Files.writeString(test, "query-id\tcorpus-id\tscore\n");
    CliTest.Result empty = CliTest.run("eval", "--index", index.toString(), "--model",
        "hashing", "--dataset", beir.toString());
    assertEquals(1, empty.code(), empty.err());
    assertEquals("relearn: --split test: no query of qrels/test.tsv has both a text in"
        + " queries.jsonl and a relevant document (grade 1 or more); nothing to evaluate",
        empty.err().strip());
    CliTest.Result emptyLearn = CliTest.run("eval", "learn", "--index", index.toString(),
        "--model", "hashing", "--dataset", beir.toString());
    assertTrue(emptyLearn.err().startsWith("relearn: --test-split test: no query"),
        emptyLearn.err());
    assertFalse(Files.exists(index), "nothing was indexed");
  }

  @Test
  void benchTimesEveryModeBesidePlainLuceneWithFeedbackStored() throws Exception {
    CliTest.Result bench = CliTest.run("bench", "--index", tmp.resolve("idx").toString(),
        "--model", "hashing", "--dataset", beir.toString(), "--feedback-split", "train",
        "--rounds", "1", "--warm-up", "2", "--json");
    assertEquals(0, bench.code(), bench.err());
    assertTrue(bench.err().contains("feedback events in the store: "), bench.err());
    JsonNode json = new ObjectMapper().readTree(bench.out());
    JsonNode warmUp = json.get("warm_up");
    assertTrue(warmUp.get("passes").asInt() >= 1, warmUp.toString());
    assertTrue(bench.err().contains("warm-up: " + warmUp.get("passes").asInt() + " pass"),
        "the warm-up's last line on stderr: " + bench.err());
    String stop = warmUp.get("stop").asText();
    assertTrue(stop.equals("settled") || stop.equals("time_limit"), warmUp.toString());
    assertTrue(stop.equals("settled") || warmUp.get("seconds").asDouble() >= 2,
        warmUp.toString());
    assertTrue(warmUp.get("jit_share").asDouble() >= 0,
        "HotSpot reports compiling time; " + warmUp);
    assertEquals(12, json.get("queries").asInt(), "the test split");
    List<String> names = new ArrayList<>();
    for (JsonNode row : json.get("rows")) {
      names.add(row.get("name").asText());
      assertTrue(row.get("p50_ms").asDouble() > 0, row.toString());
      assertTrue(row.get("p99_ms").asDouble() >= row.get("p50_ms").asDouble(),
          row.toString());
    }
    assertEquals(List.of("plain Lucene BM25 top 100", "plain Lucene KNN top 100",
        "plain Lucene BM25 + KNN", "relearn bm25", "relearn vector",
        "relearn hybrid candidates only", "relearn hybrid", "relearn learned (re-rank of 100)",
        "embedding model alone (uncached)"), names);
  }

  @Test
  void benchRecordsExactlyTheFeedbackEventsAskedForOverSeveralPasses() throws Exception {
    CliTest.Result bench = CliTest.run("bench", "--index", tmp.resolve("idx").toString(),
        "--model", "hashing", "--dataset", beir.toString(), "--feedback-split", "train",
        "--feedback-events", "50", "--rounds", "1", "--max-queries", "2", "--warm-up", "0",
        "--json");
    assertEquals(0, bench.code(), bench.err());
    assertTrue(bench.err().contains("feedback events in the store: 50"), bench.err());
    assertTrue(bench.err().contains("Summary[passes=2, queries=50, events=50"),
        "36 train queries, each with its relevant manual shown: two passes; " + bench.err());

    CliTest.Result alone = CliTest.run("bench", "--index", tmp.resolve("idx").toString(),
        "--model", "hashing", "--dataset", beir.toString(), "--feedback-events", "50");
    assertEquals(2, alone.code());
    assertTrue(alone.err().contains("--feedback-events needs --feedback-split"), alone.err());
  }

  @Test
  void reportWritesTheThreeFiles() throws Exception {
    Path out = tmp.resolve("docs/EVALUATION.md");
    CliTest.Result report = CliTest.run("eval", "report", "--model", "hashing",
        "--datasets-dir", tmp.resolve("data").toString(), "--datasets", "tiny",
        "--work", tmp.resolve("work").toString(), "--sessions", "24", "--attack-events", "10",
        "--out", out.toString());
    assertEquals(0, report.code(), report.err());
    assertTrue(Files.readString(out).contains("## tiny"));
    assertTrue(Files.readString(out).contains("the hashing embedder (a stand-in"), "the model run");
    assertTrue(Files.exists(out.resolveSibling("evaluation.json")));
    assertTrue(Files.readString(out.resolveSibling("evaluation-curves.svg")).startsWith("<svg"));
  }
}
