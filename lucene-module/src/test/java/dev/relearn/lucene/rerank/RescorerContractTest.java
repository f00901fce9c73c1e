package dev.relearn.lucene.rerank;

import static dev.relearn.lucene.rerank.ThirdPartyAdoptionTest.BY_SKU;
import static dev.relearn.lucene.rerank.ThirdPartyAdoptionTest.assertExplained;
import static dev.relearn.lucene.rerank.ThirdPartyAdoptionTest.docs;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.lucene.feedback.ChunkEvidence;
import dev.relearn.lucene.feedback.FeedbackLookup;
import dev.relearn.lucene.feedback.PastQuery;
import dev.relearn.lucene.rerank.ThirdPartyAdoptionTest.PurchaseHistory;
import dev.relearn.lucene.rerank.ThirdPartyAdoptionTest.Snapshot;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.lucene.search.Explanation;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.TotalHits;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Lucene's {@code Rescorer} contract at its edges, on the application index of the adoption. */
class RescorerContractTest {
  private static final TotalHits TOTAL =
      new TotalHits(1234, TotalHits.Relation.GREATER_THAN_OR_EQUAL_TO);
  private CatalogIndex catalog;
  private float[] queryVector;
  private PurchaseHistory history;

  @BeforeEach
  void build() throws Exception {
    catalog = new CatalogIndex(43, Set.of(2, 9));
    queryVector = CatalogIndex.unit(new Random(8));
    history = new PurchaseHistory();
    history.bought.put("SKU-1-4", new ChunkEvidence(10, 9, 5, 0));
    history.bought.put("SKU-0-2", new ChunkEvidence(10, 9, 5, 0)); // a deleted product
  }

  @AfterEach
  void close() throws Exception {
    catalog.close();
  }

  private TopDocs hand(float... scoresOfDocs) {
    ScoreDoc[] docs = new ScoreDoc[scoresOfDocs.length / 2];
    for (int i = 0; i < docs.length; i++) {
      docs[i] = new ScoreDoc((int) scoresOfDocs[2 * i], scoresOfDocs[2 * i + 1], i % 2);
    }
    return new TopDocs(TOTAL, docs);
  }

  private TopDocs awkward() {
    int deleted = catalog.doc("SKU-0-2");
    int bought = catalog.doc("SKU-1-4");
    return hand(3, 9f, deleted, 8f, bought, 7f, 20, Float.NaN, 3, 6f, 11,
        Float.POSITIVE_INFINITY, 12, Float.NEGATIVE_INFINITY, 5, 2f, 27, 1f);
  }

  @Test
  void deletedDuplicatedAndNonFiniteHitsAreAllRankedFiniteAndExplained() throws Exception {
    assertTrue(catalog.products.get(catalog.doc("SKU-0-2")).deleted());
    TopDocs firstPass = awkward();
    Snapshot snapshot = Snapshot.of(firstPass);
    LearnedRescorer rescorer = new LearnedRescorer(history, queryVector, BY_SKU);
    TopDocs rescored = rescorer.rescore(catalog.searcher, firstPass, 100);
    snapshot.assertUnchanged(firstPass);
    assertSame(TOTAL, rescored.totalHits);
    List<Integer> in = docs(firstPass);
    List<Integer> out = docs(rescored);
    assertEquals(in.size(), out.size(), "every hit, duplicates and the deleted one included");
    assertEquals(in.stream().sorted().toList(), out.stream().sorted().toList());
    for (int i = 0; i < out.size(); i++) {
      ScoreDoc hit = rescored.scoreDocs[i];
      assertTrue(Float.isFinite(hit.score), "finite: " + hit);
      assertTrue(i == 0 || rescored.scoreDocs[i - 1].score >= hit.score, "descending: " + out);
    }
    int deleted = catalog.doc("SKU-0-2");
    assertEquals(deleted, out.get(0), "bought, deleted, passed in: ranked like any hit");
    int bought = catalog.doc("SKU-1-4");
    TopDocs cold = new LearnedRescorer(FeedbackLookup.NONE, queryVector, BY_SKU)
        .rescore(catalog.searcher, firstPass, 100);
    assertTrue(rescored.scoreDocs[out.indexOf(bought)].score
        > cold.scoreDocs[docs(cold).indexOf(bought)].score, "bought scores more than cold");
    assertExplained(rescorer, catalog.searcher, null, firstPass, rescored);
    String why = rescorer.explain(catalog.searcher, firstPass, 20).toString();
    assertTrue(why.contains("first-stage score was NaN"), why);
  }

  @Test
  void topNCutsTheSameRankingAndEmptyInputGivesEmptyOutput() throws Exception {
    LearnedRescorer rescorer = new LearnedRescorer(history, queryVector, BY_SKU);
    TopDocs all = rescorer.rescore(catalog.searcher, awkward(), 1000);
    TopDocs three = rescorer.rescore(catalog.searcher, awkward(), 3);
    assertEquals(3, three.scoreDocs.length);
    for (int i = 0; i < 3; i++) {
      assertEquals(all.scoreDocs[i].doc, three.scoreDocs[i].doc);
      assertEquals(all.scoreDocs[i].score, three.scoreDocs[i].score);
      assertEquals(all.scoreDocs[i].shardIndex, three.scoreDocs[i].shardIndex);
    }
    TopDocs empty = new TopDocs(new TotalHits(0, TotalHits.Relation.EQUAL_TO), new ScoreDoc[0]);
    TopDocs none = rescorer.rescore(catalog.searcher, empty, 10);
    assertEquals(0, none.scoreDocs.length);
    assertSame(empty.totalHits, none.totalHits);
    IllegalArgumentException zero = assertThrows(IllegalArgumentException.class,
        () -> rescorer.rescore(catalog.searcher, awkward(), 0));
    assertTrue(zero.getMessage().contains("0"), zero.getMessage());
  }

  @Test
  void aDocOutsideTheReaderIsRejectedByIdAndTheInputIsLeftAlone() throws Exception {
    LearnedRescorer rescorer = new LearnedRescorer(history, queryVector, BY_SKU);
    int maxDoc = catalog.reader.maxDoc();
    for (int bad : new int[] {maxDoc, -1}) {
      TopDocs firstPass = hand(3, 2f, bad, 1f);
      Snapshot snapshot = Snapshot.of(firstPass);
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> rescorer.rescore(catalog.searcher, firstPass, 10));
      assertTrue(e.getMessage().contains("doc " + bad), e.getMessage());
      snapshot.assertUnchanged(firstPass);
    }
  }

  @Test
  void oneInstanceServesManyThreadsOnDifferentWindowsAsSequentialUseDoes() throws Exception {
    history.calls.set(0);
    LearnedRescorer rescorer = new LearnedRescorer(history, queryVector, BY_SKU);
    assertEquals(1, history.calls.get(), "looked up once, when built");
    Random random = new Random(21L);
    List<TopDocs> windows = new ArrayList<>(List.of(awkward()));
    while (windows.size() < 48) {
      windows.add(randomWindow(random));
    }
    List<String> sequential = new ArrayList<>();
    for (TopDocs window : windows) {
      sequential.add(served(rescorer, window));
    }
    AtomicInteger threads = new AtomicInteger();
    ExecutorService pool = Executors.newFixedThreadPool(4,
        task -> new Thread(task, "rescore-" + threads.incrementAndGet()));
    try {
      List<Future<String>> futures = new ArrayList<>();
      for (TopDocs window : windows) {
        futures.add(pool.submit(() -> served(rescorer, window)));
      }
      for (int i = 0; i < windows.size(); i++) {
        assertEquals(sequential.get(i), futures.get(i).get(), "window " + i);
      }
    } finally {
      pool.shutdownNow();
    }
    assertEquals(1, history.calls.get(), "no lookup while rescoring, whatever the threads");
  }

  /** What a rescore of {@code window} serves and every way of explaining it, as text. */
  private String served(LearnedRescorer rescorer, TopDocs window) throws IOException {
    TopDocs rescored = rescorer.rescore(catalog.searcher, window, 100);
    StringBuilder out = new StringBuilder(Arrays.toString(rescored.scoreDocs));
    Set<Integer> seen = new HashSet<>();
    for (ScoreDoc hit : rescored.scoreDocs) {
      Explanation withWindow = rescorer.explain(catalog.searcher, window, hit.doc);
      if (seen.add(hit.doc)) { // a duplicate is explained as its best-ranked copy
        assertEquals(hit.score, withWindow.getValue().floatValue(), "doc " + hit.doc);
      }
      Explanation alone =
          rescorer.explain(catalog.searcher, Explanation.match(hit.score, "first"), hit.doc);
      out.append(' ').append(withWindow.getValue()).append('/').append(alone.getValue());
    }
    return out.toString();
  }

  private TopDocs randomWindow(Random random) {
    ScoreDoc[] docs = new ScoreDoc[2 + random.nextInt(20)];
    for (int i = 0; i < docs.length; i++) {
      docs[i] = new ScoreDoc(random.nextInt(catalog.reader.maxDoc()), random.nextFloat() * 10,
          i % 2);
    }
    return new TopDocs(TOTAL, docs);
  }

  @Test
  void aFailingLookupPropagatesUnchangedFromTheConstructor() throws Exception {
    AtomicInteger calls = new AtomicInteger();
    IOException down = new IOException("purchase service unavailable");
    FeedbackLookup flaky = (vector, min, max) -> {
      if (calls.incrementAndGet() == 1) {
        throw down;
      }
      return List.of();
    };
    assertSame(down, assertThrows(IOException.class,
        () -> new LearnedRescorer(flaky, queryVector, BY_SKU)));
    TopDocs firstPass = awkward();
    assertEquals(5, new LearnedRescorer(flaky, queryVector, BY_SKU)
        .rescore(catalog.searcher, firstPass, 5).scoreDocs.length);
    assertEquals(2, calls.get(), "a new instance asks again");

    FeedbackLookup checksDims = (vector, min, max) -> {
      throw new IllegalArgumentException("expected 384 dimensions, got: " + vector.length);
    };
    IllegalArgumentException dims = assertThrows(IllegalArgumentException.class,
        () -> new LearnedRescorer(checksDims, queryVector, BY_SKU));
    assertTrue(dims.getMessage().contains("got: " + CatalogIndex.DIMS), dims.getMessage());
  }

  @Test
  void badLookupResultsAreRejectedOrFilteredWithAReason() throws Exception {
    assertThrows(IllegalArgumentException.class,
        () -> new PastQuery(Float.NaN, 1, Map.of(), 0), "a NaN similarity cannot be built");
    List<PastQuery> withNull = new ArrayList<>();
    withNull.add(null);
    NullPointerException nul = assertThrows(NullPointerException.class,
        () -> new LearnedRescorer((v, min, max) -> withNull, queryVector, BY_SKU)
            .rescore(catalog.searcher, awkward(), 5));
    assertTrue(nul.getMessage().contains("FeedbackLookup.similar"), nul.getMessage());

    Map<String, ChunkEvidence> loved = Map.of("SKU-0-3", new ChunkEvidence(30, 30, 30, 0));
    FeedbackLookup sloppy = (v, min, max) -> List.of(new PastQuery(0.2f, 1, loved, 0),
        new PastQuery(-0.9f, 1, loved, 0));
    LearnedRescorer rescorer = new LearnedRescorer(sloppy, queryVector, BY_SKU);
    TopDocs firstPass = awkward();
    TopDocs rescored = rescorer.rescore(catalog.searcher, firstPass, 100);
    assertEquals(new LearnedRescorer(FeedbackLookup.NONE, queryVector, BY_SKU)
        .rescore(catalog.searcher, firstPass, 100).scoreDocs.length, rescored.scoreDocs.length);
    String why = rescorer.explain(catalog.searcher, firstPass, 3).toString();
    assertTrue(why.contains("ignored 2 past queries below the similarity threshold"), why);
  }

  @Test
  void anIdFieldOfTheWrongTypeIsNamedInTheError() throws Exception {
    LearnedRescorer rescorer = new LearnedRescorer(history, queryVector,
        RerankOptions.DEFAULTS.withIdField(CatalogIndex.PRICE));
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> rescorer.rescore(catalog.searcher, awkward(), 5));
    assertTrue(e.getMessage().contains("'" + CatalogIndex.PRICE + "'"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> RerankOptions.DEFAULTS.withIdField(" "));
  }
}
