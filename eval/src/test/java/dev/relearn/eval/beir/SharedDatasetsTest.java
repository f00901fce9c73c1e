package dev.relearn.eval.beir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.eval.metrics.EvaluationResult;
import dev.relearn.eval.metrics.Evaluator;
import dev.relearn.eval.metrics.Qrels;
import dev.relearn.eval.metrics.Run;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The shared datasets read as their READMEs' "Verified counts" tables say. */
class SharedDatasetsTest {

  @Test
  void scifact() throws IOException {
    BeirDataset scifact = BeirDataset.open(SharedDatasets.root().resolve("scifact"));
    assertEquals("scifact", scifact.name());
    assertEquals("corpus.jsonl.gz", scifact.corpusFile().getFileName().toString());
    assertEquals(List.of("test", "train"), scifact.splits());
    // queries.jsonl: 1,109 lines = 809 train + 300 test
    assertEquals(1109, scifact.queries().size());
    // test: 300 queries / 339 judgment lines, all grade 1
    assertSplit(scifact, "test", 300, 339);
    assertEquals(Map.of(1, 339), gradeCounts(scifact.qrels("test")));
    // train: 809 queries / 919 judgment lines
    assertSplit(scifact, "train", 809, 919);
  }

  @Test
  void nfcorpus() throws IOException {
    BeirDataset nfcorpus = BeirDataset.open(SharedDatasets.root().resolve("nfcorpus"));
    // the dev split is kept aside, but its 324 queries stay in queries.jsonl: 2,590 + 324 + 323
    assertEquals(List.of("test", "train"), nfcorpus.splits());
    assertEquals(3237, nfcorpus.queries().size());
    // test: 323 queries / 12,334 judgment lines (CRLF), grades {1: 11,758, 2: 576}
    assertSplit(nfcorpus, "test", 323, 12334);
    assertEquals(Map.of(1, 11758, 2, 576), gradeCounts(nfcorpus.qrels("test")));
    // train: 2,590 queries / 110,575 judgment lines, grade 1 only
    assertSplit(nfcorpus, "train", 2590, 110575);
    assertEquals(Map.of(1, 110575), gradeCounts(nfcorpus.qrels("train")));
  }

  @Test
  void toollens() throws IOException {
    BeirDataset toollens = BeirDataset.open(SharedDatasets.root().resolve("toollens"));
    assertEquals(List.of("test", "train"), toollens.splits());
    // 18,770 queries: 16,893 train + 1,877 test
    assertEquals(18770, toollens.queries().size());
    // test: 1,877 queries; 5,010 lines = 4,987 unique pairs + 23 exact duplicates
    assertSplit(toollens, "test", 1877, 4987);
    // relevant tools per query: 1 -> 159 queries, 2 -> 326, 3 -> 1,392
    Qrels test = toollens.qrels("test");
    Map<Integer, Integer> queriesByRelevant = new TreeMap<>();
    for (String queryId : test.queryIds()) {
      queriesByRelevant.merge(test.relevantCount(queryId), 1, Integer::sum);
    }
    assertEquals(Map.of(1, 159, 2, 326, 3, 1392), queriesByRelevant);
    // train: 15,893 queries (1,000 kept aside) in 42,396 lines; duplicate lines collapse
    Qrels train = toollens.qrels("train");
    assertEquals(15893, toollens.queryIds("train").size());
    assertTrue(train.judgmentCount() <= 42396, "judgments: " + train.judgmentCount());
    assertEquals(Set.of(1), gradeCounts(train).keySet());
  }

  @Test
  void aRunThatReturnsTheQrelsScoresOneOnScifactTest() throws IOException {
    BeirDataset scifact = BeirDataset.open(SharedDatasets.root().resolve("scifact"));
    Qrels qrels = scifact.qrels("test");
    Run.Builder run = Run.builder();
    for (String queryId : qrels.queryIds()) {
      qrels.judgments(queryId).forEach((docId, grade) -> run.add(queryId, docId, grade));
    }
    EvaluationResult result = Evaluator.of("ndcg@10", "recall@100", "mrr@10")
        .evaluate(qrels, run.build().withoutSelfHits(Integer.MAX_VALUE), scifact.queryIds("test"));
    assertEquals(300, result.queryCount());
    assertEquals(1.0, result.mean("ndcg@10"), 1e-12);
    assertEquals(1.0, result.mean("recall@100"), 1e-12);
    assertEquals(1.0, result.mean("mrr@10"), 1e-12);
  }

  @Test
  void aPropertyNamingNoFolderFailsClearly() {
    String saved = System.getProperty(SharedDatasets.PROPERTY);
    System.setProperty(SharedDatasets.PROPERTY, "/no/such/datasets");
    try {
      IllegalStateException e = assertThrows(IllegalStateException.class, SharedDatasets::root);
      assertTrue(e.getMessage().contains("relearn.datasets is '/no/such/datasets'"),
          e.getMessage());
    } finally {
      if (saved == null) {
        System.clearProperty(SharedDatasets.PROPERTY);
      } else {
        System.setProperty(SharedDatasets.PROPERTY, saved);
      }
    }
  }

  /** Every judged query of the split has a text, and the counts match. */
  private static void assertSplit(BeirDataset dataset, String split, int queries, int judgments)
      throws IOException {
    Qrels qrels = dataset.qrels(split);
    assertEquals(queries, qrels.queryIds().size(), dataset.name() + "/" + split + " qrels queries");
    assertEquals(queries, dataset.queryIds(split).size(), dataset.name() + "/" + split + " ids");
    assertEquals(queries, qrels.queryIdsWithRelevant().size(), dataset.name() + "/" + split);
    assertEquals(judgments, qrels.judgmentCount(), dataset.name() + "/" + split + " judgments");
  }

  private static Map<Integer, Integer> gradeCounts(Qrels qrels) {
    Map<Integer, Integer> counts = new TreeMap<>();
    for (String queryId : qrels.queryIds()) {
      qrels.judgments(queryId).values().forEach(grade -> counts.merge(grade, 1, Integer::sum));
    }
    return counts;
  }
}
