package dev.relearn.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.relearn.eval.trec.TrecRunReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --max-queries} of {@code eval}, {@code eval learn} and {@code bench}, and the checks of
 * {@code --sessions} and {@code --curve-every}, on a small BEIR collection with the hashing
 * embedder ({@link TinyBeir}: 12 test queries, whose file order is not their ids' sort order).
 */
class EvalOptionsCliTest {
  @TempDir Path tmp;
  private Path beir;

  @BeforeEach
  void writeCollection() throws Exception {
    beir = TinyBeir.write(tmp);
  }

  private CliTest.Result run(String command, String... rest) {
    List<String> args = new java.util.ArrayList<>(List.of(command.split(" ")));
    args.addAll(List.of("--index", tmp.resolve("idx").toString(), "--model", "hashing",
        "--dataset", beir.toString()));
    args.addAll(List.of(rest));
    return CliTest.run(args.toArray(new String[0]));
  }

  @Test
  void evalRunsTheFirstQueriesOfTheFileAndSaysSo() throws Exception {
    Path runFile = tmp.resolve("run.txt");
    CliTest.Result json = run("eval", "--mode", "bm25", "--max-queries", "4", "--json",
        "--run-out", runFile.toString());
    assertEquals(0, json.code(), json.err());
    JsonNode result = new ObjectMapper().readTree(json.out());
    assertEquals(4, result.get("queries").asInt());
    assertEquals(4, result.get("max_queries").asInt());
    assertEquals(12, result.get("queries_in_split").asInt());
    assertEquals(Set.of("t0q3", "t1q3", "t2q3", "t3q3"), TrecRunReader.read(runFile).queryIds());
    CliTest.Result text = run("eval", "--mode", "bm25", "--max-queries", "4");
    assertEquals(0, text.code(), text.err());
    assertTrue(text.out().strip().endsWith("(first 4 of 12 queries)"), text.out());
    CliTest.Result uncapped = run("eval", "--mode", "bm25", "--max-queries", "50", "--json");
    JsonNode all = new ObjectMapper().readTree(uncapped.out());
    assertEquals(12, all.get("queries").asInt(), "a cap above the split's size keeps them all");
    assertEquals(50, all.get("max_queries").asInt());
    assertFalse(run("eval", "--mode", "bm25").out().contains("first"), "no cap, no note");
  }

  @Test
  void evalTakesItsCandidatesAndAnIndexOfItsOwn() throws Exception {
    CliTest.Result deeper = run("eval", "--mode", "hybrid", "--candidates", "500");
    assertEquals(0, deeper.code(), deeper.err());

    Path other = TinyBeir.write(tmp.resolve("copy")); // another dataset named tiny
    Files.writeString(other.resolve("corpus.jsonl"), "{\"_id\": \"x\", \"text\": \"zebra\"}\n",
        java.nio.file.StandardOpenOption.APPEND);
    CliTest.Result shared = CliTest.run("eval", "--index", tmp.resolve("idx").toString(),
        "--model", "hashing", "--dataset", other.toString());
    assertEquals(1, shared.code(), shared.err());
    assertTrue(shared.err().contains("holds another source besides "
        + other.resolve("corpus.jsonl").toAbsolutePath()), shared.err());
    assertTrue(shared.err().contains("evaluate in an index of its own (--index NEW_DIR)"),
        shared.err());
  }

  @Test
  void learnEvaluatesTheFirstTestQueries() throws Exception {
    CliTest.Result learn = run("eval learn", "--sessions", "5", "--max-queries", "3", "--json");
    assertEquals(0, learn.code(), learn.err());
    JsonNode json = new ObjectMapper().readTree(learn.out());
    assertEquals(3, json.get("baseline").get("queries").asInt());
    assertEquals(3, json.get("learned").get("queries").asInt());
    assertEquals(3, json.get("max_queries").asInt());
    assertEquals(12, json.get("queries_in_split").asInt());
    CliTest.Result text = run("eval learn", "--sessions", "0", "--max-queries", "3",
        "--reset-feedback");
    assertEquals(0, text.code(), text.err());
    assertTrue(text.out().contains("\n  (first 3 of 12 test queries)\n"), text.out());
    assertTrue(text.out().contains(": 0 sessions"), "0 sessions: only the cold start");
    assertTrue(text.out().contains("  baseline (hybrid)  nDCG@10 ") && text.out().contains(
        "  (3 queries)\n"), "the count says what was scored: " + text.out());
    CliTest.Result repeated = run("eval learn", "--scenario", "repeated", "--sessions", "500",
        "--reset-feedback", "--json");
    assertEquals(0, repeated.code(), repeated.err());
    int ran = new ObjectMapper().readTree(repeated.out()).get("sessions").asInt();
    assertTrue(ran < 500, repeated.out());
    assertTrue(repeated.err().contains("note: --sessions 500: the repeated scenario has " + ran
        + " feedback sessions (2 per test query"), repeated.err());
  }

  @Test
  void theRepeatedScenarioNeedsNoTrainSplit() throws Exception {
    Files.delete(beir.resolve("qrels/train.tsv")); // a collection judged on test queries only
    CliTest.Result repeated = run("eval learn", "--scenario", "repeated", "--json");
    assertEquals(0, repeated.code(), repeated.err());
    JsonNode json = new ObjectMapper().readTree(repeated.out());
    assertEquals("test", json.get("train_split").asText(), "its sessions search test queries");
    assertTrue(json.get("sessions").asInt() > 0, repeated.out());
    CliTest.Result generalisation = run("eval learn", "--reset-feedback");
    assertEquals(2, generalisation.code(), generalisation.err());
    assertTrue(generalisation.err().startsWith("relearn: --train-split train: dataset tiny has"
        + " no qrels/train.tsv"), generalisation.err());
  }

  @Test
  void learnNamesTestQueriesThatTheTrainSplitJudgesToo() throws Exception {
    Path train = beir.resolve("qrels/train.tsv");
    Files.writeString(train, Files.readString(train) + "t0q3\tgadget0-manual\t1\n"
        + "t5q3\tgadget5-manual\t1\n");
    CliTest.Result learn = run("eval learn", "--sessions", "2", "--json");
    assertEquals(0, learn.code(), learn.err());
    assertTrue(learn.err().contains("relearn: qrels/test.tsv: 2 of its 12 queries are judged in"
        + " qrels/train.tsv too, so the train sessions may search them: the test figures then"
        + " measure learning on queries that had feedback, not only generalisation: t0q3,"
        + " t5q3\n"), learn.err());
    CliTest.Result repeated = run("eval learn", "--sessions", "2", "--scenario", "repeated",
        "--reset-feedback");
    assertFalse(repeated.err().contains("judged in qrels/train.tsv"), "it has no train sessions");
  }

  @Test
  void aRepeatedRunThatHoldsOutNoSessionSaysSo() {
    // one test query, two sessions: with seed 42 both record feedback, none is held out
    CliTest.Result repeated = run("eval learn", "--scenario", "repeated", "--max-queries", "1");
    assertEquals(1, repeated.code(), repeated.err());
    assertTrue(repeated.err().endsWith("relearn: the repeated scenario held out none of the 2"
        + " sessions of its 1 test query (each records feedback with probability 0.5), so"
        + " nothing is left to evaluate; use more test queries or another seed\n"),
        repeated.err());
  }

  @Test
  void tuneSaysWhenEverySettingTies() {
    CliTest.Result tune = CliTest.run("eval", "tune", "--model", "hashing", "--datasets-dir",
        beir.getParent().toString(), "--datasets", "tiny", "--work",
        tmp.resolve("work").toString(), "--sessions", "0"); // no feedback: nothing to tell apart
    assertEquals(0, tune.code(), tune.err());
    assertTrue(tune.out().contains("(every setting scored the same: the rule's smallest"
        + " sessionCap, not a better score)"), tune.out());
  }

  @Test
  void benchTimesTheFirstQueries() throws Exception {
    CliTest.Result bench = run("bench", "--rounds", "1", "--max-queries", "2", "--warm-up", "0",
        "--json");
    assertEquals(0, bench.code(), bench.err());
    JsonNode json = new ObjectMapper().readTree(bench.out());
    assertEquals(2, json.get("queries").asInt());
    assertEquals(2, json.get("max_queries").asInt());
    JsonNode warmUp = json.get("warm_up");
    assertEquals(1, warmUp.get("passes").asInt(), "--warm-up 0: one pass; " + warmUp);
    assertEquals("time_limit", warmUp.get("stop").asText(), warmUp.toString());
  }

  @Test
  void meaninglessCountsAreUsageErrorsNamingTheValue() {
    List<List<String>> cases = List.of(
        List.of("eval", "--max-queries", "0", "--max-queries must be at least 1, got: 0"),
        List.of("eval", "--candidates", "0", "candidates must be in [1, 10000], got: 0"),
        List.of("eval learn", "--max-queries", "-2", "--max-queries must be at least 1, got: -2"),
        List.of("bench", "--max-queries", "0", "--max-queries must be at least 1, got: 0"),
        List.of("bench", "--warm-up", "-1", "--warm-up must be at least 0 seconds, got: -1"),
        List.of("eval learn", "--sessions", "-1", "--sessions must be at least 0, got: -1"),
        List.of("eval learn", "--curve-every", "0", "--curve-every must be at least 1, got: 0"),
        List.of("eval report", "--curve-every", "-5", "--curve-every must be at least 1, got: -5"));
    for (List<String> c : cases) {
      CliTest.Result result = c.get(0).equals("eval report")
          ? CliTest.run("eval", "report", "--model", "hashing", "--datasets-dir",
              beir.getParent().toString(), "--datasets", "tiny", "--work",
              tmp.resolve("work").toString(), c.get(1), c.get(2))
          : run(c.get(0), c.get(1), c.get(2));
      assertEquals(2, result.code(), c + ": " + result.err());
      assertTrue(result.err().startsWith("relearn: " + c.get(3)), c + ": " + result.err());
    }
    assertFalse(Files.exists(tmp.resolve("idx")), "nothing was indexed");
    assertFalse(Files.exists(tmp.resolve("work")), "nothing was indexed");
  }

  @Test
  void aDatasetPathThatIsNoBeirFolderIsAUsageErrorOfEveryCommand() throws Exception {
    Path missing = tmp.resolve("nowhere");
    Path empty = Files.createDirectories(tmp.resolve("empty"));
    Path file = Files.writeString(tmp.resolve("a.txt"), "x");
    for (String command : List.of("eval", "eval learn", "eval score", "bench",
        "bench indexing")) {
      // bench indexing also takes a corpus file
      for (Path bad : command.equals("bench indexing") ? List.of(missing, empty)
          : List.of(missing, empty, file)) {
        List<String> args = new java.util.ArrayList<>(List.of(command.split(" ")));
        args.addAll(List.of("--dataset", bad.toString()));
        if (command.equals("eval score")) {
          args.addAll(List.of("--run", file.toString()));
        }
        CliTest.Result result = CliTest.run(args.toArray(new String[0]));
        assertEquals(2, result.code(), command + " " + bad + ": " + result.err());
        assertTrue(result.err().startsWith("relearn: --dataset"), command + ": " + result.err());
        assertTrue(result.err().contains(bad.toString()), command + ": " + result.err());
      }
    }
    CliTest.Result tune = CliTest.run("eval", "tune", "--datasets-dir", tmp.toString(),
        "--datasets", "nowhere");
    assertEquals(2, tune.code(), tune.err());
    assertTrue(tune.err().startsWith("relearn: --datasets " + missing + ": no such folder"),
        tune.err());
    assertFalse(Files.exists(tmp.resolve("idx")), "nothing was indexed");
  }

  @Test
  void helpStatesTheDefaultsAndTheOrder() {
    for (String command : List.of("eval", "eval learn", "bench")) {
      String help = CliTest.run((command + " --help").split(" ")).out().replaceAll("\\s+", " ");
      assertTrue(help.contains("--max-queries=N Use only the first N queries of the split, in"
          + " the order of queries.jsonl"), command + ": " + help);
    }
    String learn = CliTest.run("eval", "learn", "--help").out().replaceAll("\\s+", " ");
    assertTrue(learn.contains("(default: one per train query;"), learn);
    assertTrue(learn.contains("N at least 1 (default: only after 0, 10, 100, 1000 and the"
        + " last)"), learn);
  }
}
