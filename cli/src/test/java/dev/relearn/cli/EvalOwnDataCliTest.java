package dev.relearn.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Batch evaluation on a dataset of one's own: what {@code eval} says about judgments it cannot
 * use, a run file it cannot write, and {@code eval score}, which scores a TREC run from any
 * system (figures checked by hand, trec_eval's semantics).
 */
class EvalOwnDataCliTest {
  @TempDir Path tmp;
  private Path beir;

  @BeforeEach
  void writeCollection() throws Exception {
    beir = TinyBeir.write(tmp);
  }

  private CliTest.Result eval(String... rest) {
    return CliTest.run(CliTest.hashingArgs(tmp.resolve("idx"), "eval", rest));
  }

  @Test
  void evalAndLearnNameJudgmentsTheyCannotUseBeforeTheFigures() throws Exception {
    Path test = beir.resolve("qrels/test.tsv");
    // t2q3's only judgment becomes grade 0: it still counts, with 0, as in trec_eval
    Files.writeString(test, Files.readString(test).replace("t2q3\tgadget2-manual\t1",
        "t2q3\tgadget2-manual\t0") + "t0q3\tgadget0-nope\t1\n"
        + "t1q3\tgadget1-blog\t0\nghost\tgadget2-manual\t1\n");
    CliTest.Result result = eval("--dataset", beir.toString(), "--mode", "bm25");
    assertEquals(0, result.code(), result.err());
    assertTrue(result.out().contains(": 12 queries "), result.out());
    CliTest.Result learn = CliTest.run("eval", "learn", "--index", tmp.resolve("idx").toString(),
        "--model", "hashing", "--dataset", beir.toString(), "--sessions", "2");
    assertEquals(0, learn.code(), learn.err());
    for (String err : List.of(result.err(), learn.err())) {
      assertTrue(err.contains("relearn: qrels/test.tsv: 1 judged query has no text in"
          + " queries.jsonl and is not run or counted (trec_eval -c would count it as 0):"
          + " ghost\n"), err);
      assertTrue(err.contains("relearn: qrels/test.tsv: 1 query has no relevant document"
          + " (grade 1 or more) and scores 0 in every metric, as in trec_eval: t2q3\n"), err);
      assertTrue(err.contains("relearn: qrels/test.tsv: 1 of 12 relevant judgments names"
          + " a document the index does not hold (never retrieved, so recall and nDCG are"
          + " lower): gadget0-nope\n"), err);
    }
  }

  @Test
  void aJudgedQueryThatASearchRefusesIsNamedBeforeAnythingIsIndexed() throws Exception {
    Path queries = beir.resolve("queries.jsonl");
    String original = Files.readString(queries);
    Files.writeString(queries, original
        .replace("\"gadget1 widget setup tips\"", "\"  \"")
        .replace("\"gadget2 widget setup tips\"", "\"\"")
        .replace("\"gadget3 widget setup tips\"", "\"\\u0001\\u200b\""));
    CliTest.Result result = eval("--dataset", beir.toString());
    assertEquals(1, result.code(), result.err());
    assertEquals("relearn: --split test: 3 judged queries have no searchable text in"
        + " queries.jsonl (empty or only spaces and control characters): t1q3, t2q3, t3q3; give"
        + " a text to each or drop its judgments from qrels/test.tsv", result.err().strip());
    assertFalse(Files.exists(tmp.resolve("idx")), "nothing was indexed");
    CliTest.Result learn = CliTest.run("eval", "learn", "--index", tmp.resolve("idx").toString(),
        "--model", "hashing", "--dataset", beir.toString());
    assertTrue(learn.err().startsWith("relearn: --test-split test: 3 judged queries have no"
        + " searchable text"), learn.err());
    Files.writeString(queries, original.replace("\"gadget4 widget setup tips\"",
        "\"" + "gadget4 ".repeat(1_500) + "\""));
    CliTest.Result tooLong = eval("--dataset", beir.toString());
    assertEquals("relearn: --split test: 1 judged query has a text in queries.jsonl longer than"
        + " the 10000 characters a search takes: t4q3; shorten it or drop its judgments from"
        + " qrels/test.tsv", tooLong.err().strip());
    assertFalse(Files.exists(tmp.resolve("idx")), "nothing was indexed");
  }

  @Test
  void reportChecksEveryDatasetsSplitsBeforeEvaluatingAny() throws Exception {
    Path bare = Files.move(TinyBeir.write(tmp.resolve("other")), tmp.resolve("data/bare"));
    Files.delete(bare.resolve("qrels/train.tsv")); // judged on test queries only
    Path work = tmp.resolve("work");
    CliTest.Result report = CliTest.run("eval", "report", "--model", "hashing",
        "--datasets-dir", tmp.resolve("data").toString(), "--datasets", "tiny,bare",
        "--work", work.toString(), "--out", tmp.resolve("EVALUATION.md").toString());
    assertEquals(2, report.code(), report.err());
    assertTrue(report.err().startsWith("relearn: --datasets bare needs split train: dataset bare"
        + " has no qrels/train.tsv; its splits: test\n"), report.err());
    assertFalse(Files.exists(work), "tiny was not evaluated first");
  }

  @Test
  void reportChecksItsOutFileBeforeEvaluating() throws Exception {
    Path folder = Files.createDirectories(tmp.resolve("docs"));
    Path work = tmp.resolve("work");
    CliTest.Result report = CliTest.run("eval", "report", "--model", "hashing",
        "--datasets-dir", tmp.resolve("data").toString(), "--datasets", "tiny",
        "--work", work.toString(), "--out", folder.toString());
    assertEquals(1, report.code(), report.err());
    assertEquals("relearn: --out " + folder + " is a folder, not a file", report.err().strip());
    assertFalse(Files.exists(work), "nothing was evaluated");
  }

  @Test
  void aRunNoTrecFileCanHoldStillPrintsTheFiguresAndLeavesNoFile() throws Exception {
    Files.writeString(beir.resolve("corpus.jsonl"), "{\"_id\": \"gadget0 spare\", \"text\":"
        + " \"How to configure the gadget0 widget setup.\"}\n", StandardOpenOption.APPEND);
    Path runFile = tmp.resolve("runs/bm25.txt");
    CliTest.Result result = eval("--dataset", beir.toString(), "--mode", "bm25", "--run-out",
        runFile.toString());
    assertEquals(1, result.code(), result.err());
    assertTrue(result.out().startsWith("tiny/test bm25: 12 queries  nDCG@10 "), result.out());
    assertTrue(result.err().endsWith("relearn: --run-out " + runFile + " not written: doc id"
        + " must not contain whitespace for a TREC file, got: 'gadget0 spare'\n"), result.err());
    assertFalse(Files.exists(runFile), "no half-written run file");
  }

  @Test
  void scoringRelearnsOwnRunFileGivesEvalsFigures() throws Exception {
    Path test = beir.resolve("qrels/test.tsv");
    Files.writeString(test, Files.readString(test) + "ghost\tgadget2-manual\t1\n");
    Path runFile = tmp.resolve("bm25.run");
    CliTest.Result evaluated = eval("--dataset", beir.toString(), "--mode", "bm25", "--json",
        "--run-out", runFile.toString());
    assertEquals(0, evaluated.code(), evaluated.err());
    JsonNode expected = new ObjectMapper().readTree(evaluated.out());
    CliTest.Result scored = CliTest.run("eval", "score", "--run", runFile.toString(),
        "--dataset", beir.toString(), "--json");
    assertEquals(0, scored.code(), scored.err());
    assertTrue(scored.err().contains("relearn: qrels/test.tsv: 1 judged query has no text in"
        + " queries.jsonl and is not run or counted"), "as eval says it: " + scored.err());
    JsonNode json = new ObjectMapper().readTree(scored.out());
    assertEquals(12, json.get("queries").asInt());
    for (String metric : new String[] {"ndcg@10", "recall@100", "mrr@10"}) {
      assertEquals(expected.get(metric).asDouble(), json.get(metric).asDouble(), 1e-12, metric);
    }
  }

  @Test
  void scoresAnotherSystemsRunWithGradedGainsAndTies() throws Exception {
    Path qrels = tmp.resolve("graded.qrels");
    Files.writeString(qrels, "qid 0 docno rel\nq1 0 a 2\nq1 0 b 1\nq2 0 c 1\nq2 0 d 0\n"
        + "q3 0 e 1\nq4 0 f 0\n");
    Path run = tmp.resolve("other.run");
    // b and a tie at 5.0: trec_eval ranks by doc id descending, so b (grade 1) comes first;
    // q3 is absent (scores 0, as with trec_eval -c); q4 has no relevant doc (scores 0, as in
    // trec_eval); qX is not judged (ignored). A BOM and CRLF endings, as Windows tools write.
    Files.writeString(run, "\uFEFFq1\tQ0\ta\t1\t5.0\tx\r\nq1\tQ0\tb\t2\t5.0\tx\r\n"
        + "q1\tQ0\tz\t3\t4e0\tx\r\nq2 Q0 d 1 0.9 x\r\nq2 Q0 c 2 0.8 x\r\nq4 Q0 f 1 1 x\r\n"
        + "qX Q0 a 1 1 x\r\n");
    CliTest.Result all = CliTest.run("eval", "score", "--run", run.toString(), "--qrels",
        qrels.toString(), "--metrics", "ndcg@10,ndcg@1,map,p@2,recall@1,mrr@10", "--per-query");
    assertEquals(0, all.code(), all.err());
    // q1: gains (1, 2, 0), ideal (2, 1): (1 + 2/log2 3) / (2 + 1/log2 3) = 0.8597
    // q2: c at rank 2: (1/log2 3) / 1 = 0.6309; q3, q4: 0. Mean (0.8597 + 0.6309) / 4 = 0.3727
    // (trec_eval -c prints the same means)
    assertTrue(all.out().contains("ndcg@10      q1           0.8597\n"), all.out());
    assertTrue(all.out().contains("ndcg@10      q2           0.6309\n"), all.out());
    assertTrue(all.out().contains("ndcg@10      q4           0.0000\n"), all.out());
    assertTrue(all.out().contains("ndcg@10      0.3727\n"), all.out());
    // ndcg@1: q1 1/2; map: q1 (1/1 + 2/2)/2 = 1, q2 1/2; p@2: q1 1, q2 1/2; recall@1: q1 1/2
    assertTrue(all.out().contains("ndcg@1       0.1250\n"), all.out());
    assertTrue(all.out().contains("map          0.3750\n"), all.out());
    assertTrue(all.out().contains("p@2          0.3750\n"), all.out());
    assertTrue(all.out().contains("recall@1     0.1250\n"), all.out());
    assertTrue(all.out().contains("mrr@10       0.3750\n"), all.out());
    assertTrue(all.out().endsWith("4 queries (0 excluded: no judgments; 1 retrieved"
        + " nothing)\n"), all.out());
    assertEquals("relearn: 1 of 4 counted queries has no relevant document (grade 1 or more) in "
        + qrels + " and scores 0 in every metric, as in trec_eval: q4\n", all.err());
    CliTest.Result inRun = CliTest.run("eval", "score", "--run", run.toString(), "--qrels",
        qrels.toString(), "--run-queries-only", "--metrics", "ndcg@10");
    // q1, q2 and q4 (plain trec_eval): (0.8597 + 0.6309 + 0) / 3 = 0.4969
    assertEquals("ndcg@10      0.4969\n3 queries (0 excluded: no judgments; 0 retrieved"
        + " nothing)\n", inRun.out());
  }

  @Test
  void aRunJudgedOnlyNonRelevantScoresZeroWithANote() throws Exception {
    Path qrels = tmp.resolve("zero.qrels");
    Files.writeString(qrels, "q1 0 a 0\nq1 0 b -1\nq2 0 c 0\n");
    Path run = tmp.resolve("zero.run");
    Files.writeString(run, "q1 Q0 a 1 2 x\nq1 Q0 b 2 1 x\nq2 Q0 c 1 1 x\n");
    CliTest.Result scored = CliTest.run("eval", "score", "--run", run.toString(), "--qrels",
        qrels.toString(), "--metrics", "ndcg@10,map,mrr@10", "--json");
    assertEquals(0, scored.code(), scored.err());
    JsonNode json = new ObjectMapper().readTree(scored.out());
    assertEquals(2, json.get("queries").asInt());
    assertEquals(0, json.get("excluded_no_judgments").asInt());
    for (String metric : new String[] {"ndcg@10", "map", "mrr@10"}) {
      assertEquals(0.0, json.get(metric).asDouble(), 0.0, metric);
    }
    assertEquals("relearn: no counted query has a relevant document (grade 1 or more) in "
        + qrels + ", so every metric is 0 (as in trec_eval)\n", scored.err());
    Files.writeString(qrels, "q1 0 a 0\nq1 0 a 1\nq2 0 c 0\n"); // trec_eval: duplicate docs a
    CliTest.Result repeated = CliTest.run("eval", "score", "--run", run.toString(), "--qrels",
        qrels.toString());
    assertTrue(repeated.err().startsWith("relearn: " + qrels + ": 1 line judges a (query,"
        + " document) pair judged on an earlier line; relearn keeps the highest grade"),
        repeated.err());
  }

  @Test
  void scoreMistakesAreNamed() throws Exception {
    Path qrels = tmp.resolve("q.qrels");
    Files.writeString(qrels, "q1 0 a 1\n");
    Path run = tmp.resolve("r.run");
    Files.writeString(run, "Q1 Q0 a 1 1 x\n");
    CliTest.Result neither = CliTest.run("eval", "score", "--run", run.toString());
    assertEquals(2, neither.code());
    assertTrue(neither.err().startsWith("relearn: give either --dataset BEIR_DIR (with --split)"
        + " or --qrels FILE\n"), neither.err());
    CliTest.Result metric = CliTest.run("eval", "score", "--run", run.toString(), "--qrels",
        qrels.toString(), "--metrics", "ndcg@10,ndgc@10");
    assertEquals(2, metric.code());
    assertTrue(metric.err().startsWith("relearn: bad metric 'ndgc@10': unknown measure 'ndgc';"
        + " known: ndcg, recall, mrr, map, p\n"), metric.err());
    CliTest.Result ids = CliTest.run("eval", "score", "--run", run.toString(), "--qrels",
        qrels.toString());
    assertEquals(1, ids.code());
    assertEquals("relearn: --run " + run + ": none of its 1 query ids is judged in " + qrels
        + " (run: Q1; judged: q1)", ids.err().strip());
    Files.writeString(run, "q1 Q0 A 1 1 x\n");
    CliTest.Result docs = CliTest.run("eval", "score", "--run", run.toString(), "--qrels",
        qrels.toString());
    assertEquals(0, docs.code());
    assertTrue(docs.err().contains("no document of the run is judged in " + qrels), docs.err());
    CliTest.Result missing = CliTest.run("eval", "score", "--run", tmp.resolve("no.run")
        .toString(), "--qrels", qrels.toString());
    assertEquals("relearn: --run " + tmp.resolve("no.run") + ": no such file",
        missing.err().strip());
  }
}
