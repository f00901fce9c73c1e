package dev.relearn.eval.firststage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.relearn.engine.ModelChoice;
import dev.relearn.engine.Relearn;
import dev.relearn.engine.RelearnOptions;
import dev.relearn.eval.beir.BeirDataset;
import dev.relearn.indexer.build.Progress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * On a dataset of one's own, what the judgments let an evaluation measure is said before the
 * numbers: judged queries without text, queries without a relevant document (counted as 0, as in
 * trec_eval), relevant documents that the indexed corpus does not hold.
 */
class JudgmentCoverageTest {
  @TempDir Path tmp;

  private Path dataset(String qrels) throws Exception {
    Path beir = Files.createDirectories(tmp.resolve("mine/qrels"));
    Files.writeString(beir.resolveSibling("corpus.jsonl"), """
        {"_id": "d1", "text": "rotate the signing keys every ninety days"}
        {"_id": "d2", "text": "keys expire after ninety days"}
        {"_id": "d3", "text": "brew coffee with water just off the boil"}
        """);
    Files.writeString(beir.resolveSibling("queries.jsonl"), """
        {"_id": "q1", "text": "key rotation"}
        {"_id": "q2", "text": "coffee water"}
        {"_id": "q3", "text": "tea"}
        """);
    Files.writeString(beir.resolve("test.tsv"), qrels);
    return beir.getParent();
  }

  private JudgmentCoverage coverage(Path beirDir, List<String> evaluated) throws Exception {
    BeirDataset beir = BeirDataset.open(beirDir);
    try (Relearn relearn = Relearn.open(tmp.resolve("idx"),
        RelearnOptions.defaults().withModel(ModelChoice.HASHING))) {
      new FirstStageEvaluation(relearn, beir).indexCorpus(Progress.NONE);
      return JudgmentCoverage.of(relearn, beir, "test", evaluated);
    }
  }

  @Test
  void namesQueriesWithoutTextOrRelevantDocsAndDocsTheCorpusLacks() throws Exception {
    Path beir = dataset("query-id\tcorpus-id\tscore\nq1\td1\t2\nq1\td2\t1\nq1\tD9\t1\n"
        + "q2\td3\t0\nq7\td1\t1\n");
    JudgmentCoverage coverage = coverage(beir, List.of("q1", "q2"));
    assertEquals(new JudgmentCoverage(List.of("q7"), List.of("q2"), 3, 1, List.of("D9"),
        List.of(), 0),
        coverage);
    assertEquals(List.of(
        "qrels/test.tsv: 1 judged query has no text in queries.jsonl and is not run or counted"
            + " (trec_eval -c would count it as 0): q7",
        "qrels/test.tsv: 1 query has no relevant document (grade 1 or more) and scores 0 in"
            + " every metric, as in trec_eval: q2",
        "qrels/test.tsv: 1 of 3 relevant judgments names a document the index does not hold"
            + " (never retrieved, so recall and nDCG are lower): D9"),
        coverage.notes("qrels/test.tsv", "queries.jsonl"));
  }

  @Test
  void aQueryJudgingItsOwnIdsDocumentRelevantIsNamed() throws Exception {
    // ids numbered alike in queries and corpus: BEIR's protocol drops doc d2 from query d2
    Path beir = dataset("q1\td1\t1\nd2\td2\t1\nd2\td1\t1\n");
    Files.writeString(beir.resolve("queries.jsonl"), "{\"_id\": \"d2\", \"text\": \"expire\"}\n",
        StandardOpenOption.APPEND);
    assertEquals(List.of("qrels/test.tsv: 1 query judges relevant the document with its own id,"
        + " which BEIR's protocol drops from its results as a self-hit (never retrieved, so"
        + " recall and nDCG are lower; give queries and documents distinct ids): d2"),
        coverage(beir, List.of("q1", "d2")).notes("qrels/test.tsv", "queries.jsonl"));
  }

  @Test
  void repeatedJudgmentsAreNamedForTheTrecEvalCrossCheck() throws Exception {
    // trec_eval refuses this file ("duplicate docs d1"); relearn keeps d1's highest grade
    Path beir = dataset("q1\td1\t2\nq1\td1\t1\nq2\td3\t1\nq2\td3\t1\nq3\td2\t1\n");
    assertEquals(List.of("qrels/test.tsv: 2 lines judge a (query, document) pair judged on an"
        + " earlier line; relearn keeps the highest grade, but trec_eval refuses such a file"
        + " ('duplicate docs'): keep one line per pair before cross-checking with it"),
        coverage(beir, List.of("q1", "q2", "q3")).notes("qrels/test.tsv", "queries.jsonl"));
  }

  @Test
  void severalQueriesWithoutRelevantDocsAreNamedTogether() {
    JudgmentCoverage coverage = new JudgmentCoverage(List.of(), List.of("q2", "q3"), 4, 0,
        List.of(), List.of(), 0);
    assertEquals(List.of("qrels/test.tsv: 2 queries have no relevant document (grade 1 or more)"
        + " and score 0 in every metric, as in trec_eval: q2, q3"),
        coverage.notes("qrels/test.tsv", "queries.jsonl"));
  }

  @Test
  void qrelsWhoseDocIdsMatchNothingSaySoPlainly() throws Exception {
    Path beir = dataset("q1\tdoc-1\t1\nq1\tdoc-2\t1\nq2\tdoc-3\t1\n");
    JudgmentCoverage coverage = coverage(beir, List.of("q1", "q2"));
    assertEquals(List.of("qrels/test.tsv: none of the 3 relevant documents is in the index, so"
        + " every metric is 0: do the doc ids of the qrels match the corpus's _id values? Not"
        + " found: doc-1, doc-2, doc-3"), coverage.notes("qrels/test.tsv", "queries.jsonl"));
  }

  @Test
  void aCleanSplitHasNoNotes() throws Exception {
    Path beir = dataset("q1\td1\t1\nq2\td3\t1\nq3\td2\t1\n");
    assertEquals(List.of(), coverage(beir, List.of("q1", "q2", "q3"))
        .notes("qrels/test.tsv", "queries.jsonl"));
  }

  @Test
  void longListsAreCut() {
    JudgmentCoverage coverage = new JudgmentCoverage(List.of(), List.of(), 9, 7,
        List.of("a", "b", "c", "d", "e", "f", "g"), List.of(), 0);
    assertEquals(List.of("qrels/dev.tsv: 7 of 9 relevant judgments name a document the index"
        + " does not hold (never retrieved, so recall and nDCG are lower): a, b, c, d, e and 2"
        + " more"), coverage.notes("qrels/dev.tsv", "queries.jsonl"));
    assertEquals("unknownJudgments must be in [0, 2], got: 3", assertThrows(
        IllegalArgumentException.class,
        () -> new JudgmentCoverage(List.of(), List.of(), 2, 3, List.of(), List.of(), 0))
            .getMessage());
  }
}
