package dev.relearn.lucene.rerank;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.lucene.feedback.ChunkEvidence;
import dev.relearn.lucene.feedback.FeedbackLookup;
import dev.relearn.lucene.feedback.PastQuery;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.lucene.search.Explanation;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.KnnFloatVectorQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.util.QueryBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * An application with its own Lucene index ({@link CatalogIndex}: its own key field, analyzer,
 * two shops in a {@code MultiReader}, deleted products) and its own {@link FeedbackLookup} adopts
 * only the re-ranker: first passes from BM25 and from a {@link KnnFloatVectorQuery}, every
 * rescored score equal to its explanation, and the caller's {@code TopDocs} left alone.
 */
class ThirdPartyAdoptionTest {
  static final RerankOptions BY_SKU = RerankOptions.DEFAULTS.withIdField(CatalogIndex.SKU);
  private CatalogIndex catalog;
  private float[] queryVector;

  @BeforeEach
  void build() throws Exception {
    catalog = new CatalogIndex(42, Set.of(1, 6, 13));
    queryVector = CatalogIndex.unit(new Random(7));
  }

  @AfterEach
  void close() throws Exception {
    catalog.close();
  }

  /** The application's own lookup: a map of what past shoppers bought, keyed by sku. */
  static final class PurchaseHistory implements FeedbackLookup {
    final Map<String, ChunkEvidence> bought = new ConcurrentHashMap<>();
    final AtomicInteger calls = new AtomicInteger();

    @Override
    public List<PastQuery> similar(float[] queryVector, float minSimilarity, int max) {
      calls.incrementAndGet();
      return bought.isEmpty() ? List.of() : List.of(new PastQuery(0.95f, 4, bought, 1_000L));
    }
  }

  Query bm25() {
    return new QueryBuilder(catalog.analyzer)
        .createBooleanQuery(CatalogIndex.TITLE, "Brass reading LAMPS");
  }

  static List<Integer> docs(TopDocs topDocs) {
    List<Integer> out = new ArrayList<>();
    for (ScoreDoc doc : topDocs.scoreDocs) {
      out.add(doc.doc);
    }
    return out;
  }

  /** The caller's array, its elements and their doc, score and shard, to compare afterwards. */
  record Snapshot(ScoreDoc[] array, List<ScoreDoc> elements, List<String> values) {
    static Snapshot of(TopDocs topDocs) {
      List<String> values = new ArrayList<>();
      for (ScoreDoc doc : topDocs.scoreDocs) {
        values.add(doc.doc + "/" + Float.floatToRawIntBits(doc.score) + "/" + doc.shardIndex);
      }
      return new Snapshot(topDocs.scoreDocs, List.of(topDocs.scoreDocs.clone()), values);
    }

    void assertUnchanged(TopDocs topDocs) {
      assertSame(array, topDocs.scoreDocs, "the caller's array");
      assertEquals(elements, List.of(topDocs.scoreDocs), "the caller's ScoreDoc objects");
      assertEquals(values, of(topDocs).values(), "doc, score and shard, in order");
    }
  }

  /**
   * Every hit's explanation with its window has exactly the hit's score, its weighted details
   * adding up to it; from its first-pass explanation alone, the score a rescore of it alone gives.
   */
  static void assertExplained(LearnedRescorer rescorer, IndexSearcher searcher, Query query,
      TopDocs firstPass, TopDocs rescored) throws IOException {
    Set<Integer> seen = new HashSet<>();
    for (ScoreDoc hit : rescored.scoreDocs) {
      if (!seen.add(hit.doc)) {
        continue; // a duplicate is explained as its best-ranked copy
      }
      Explanation withWindow = rescorer.explain(searcher, firstPass, hit.doc);
      assertEquals(hit.score, withWindow.getValue().floatValue(), "doc " + hit.doc);
      double sum = 0;
      for (Explanation detail : withWindow.getDetails()) {
        if (detail.getDescription().contains(" × weight ")) {
          sum += detail.getValue().doubleValue();
        }
      }
      assertEquals(withWindow.getValue().doubleValue(), sum, 0.0,
          "the weighted details add up: " + withWindow);
      Explanation firstPassWhy = query == null
          ? Explanation.match(0f, "no first-pass explanation")
          : searcher.explain(query, hit.doc);
      Explanation alone = rescorer.explain(searcher, firstPassWhy, hit.doc);
      TopDocs one = new TopDocs(firstPass.totalHits,
          new ScoreDoc[] {new ScoreDoc(hit.doc, firstPassWhy.getValue().floatValue())});
      assertEquals(rescorer.rescore(searcher, one, 1).scoreDocs[0].score,
          alone.getValue().floatValue(), "doc " + hit.doc + ": " + alone);
      assertTrue(alone.toString().contains(firstPassWhy.getDescription()), alone.toString());
    }
  }

  @Test
  void purchasesKeyedByTheAppsOwnSkuFieldMoveAProductUp() throws Exception {
    assertTrue(catalog.reader.leaves().size() >= 6, "two shops of several segments");
    assertTrue(catalog.reader.hasDeletions());
    TopDocs firstPass = catalog.searcher.search(bm25(), 20);
    assertEquals(20, firstPass.scoreDocs.length);
    Snapshot snapshot = Snapshot.of(firstPass);
    int target = firstPass.scoreDocs[15].doc;
    PurchaseHistory history = new PurchaseHistory();
    history.bought.put(catalog.products.get(target).sku(), new ChunkEvidence(20, 18, 12, 0));

    LearnedRescorer rescorer = new LearnedRescorer(history, queryVector, BY_SKU);
    TopDocs rescored = rescorer.rescore(catalog.searcher, firstPass, 20);

    snapshot.assertUnchanged(firstPass);
    assertSame(firstPass.totalHits, rescored.totalHits, "total hits as Lucene's rescorers keep");
    assertNotSame(firstPass.scoreDocs, rescored.scoreDocs);
    List<Integer> order = docs(rescored);
    assertTrue(order.indexOf(target) < 15, "bought product moved up from 15: " + order);
    List<Integer> others = new ArrayList<>(docs(firstPass));
    others.remove((Integer) target);
    List<Integer> othersAfter = new ArrayList<>(order);
    othersAfter.remove((Integer) target);
    assertEquals(others, othersAfter, "no purchases: the others keep BM25's order");
    assertExplained(rescorer, catalog.searcher, bm25(), firstPass, rescored);
    assertTrue(rescorer.explain(catalog.searcher, firstPass, target).toString()
        .contains("evidence n"));
    assertEquals(1, history.calls.get(), "looked up once per rescorer");
  }

  @Test
  void aKnnFirstPassIsRescoredInItsOwnOrderWithoutFeedback() throws Exception {
    Query knn = new KnnFloatVectorQuery(CatalogIndex.EMBEDDING, queryVector, 10);
    TopDocs firstPass = catalog.searcher.search(knn, 10);
    assertEquals(10, firstPass.scoreDocs.length);
    Snapshot snapshot = Snapshot.of(firstPass);
    LearnedRescorer rescorer = new LearnedRescorer(new PurchaseHistory(), queryVector, BY_SKU);
    TopDocs rescored = rescorer.rescore(catalog.searcher, firstPass, 10);
    snapshot.assertUnchanged(firstPass);
    assertEquals(docs(firstPass), docs(rescored), "cold start keeps the kNN order");
    assertEquals(firstPass.totalHits, rescored.totalHits);
    for (ScoreDoc hit : rescored.scoreDocs) {
      assertTrue(!catalog.products.get(hit.doc).deleted(), "kNN skips deleted products");
    }
    assertExplained(rescorer, catalog.searcher, knn, firstPass, rescored);
  }

  @Test
  void theDefaultIdFieldIsNotTheAppsKeySoItsPurchasesAreNotSeen() throws Exception {
    TopDocs firstPass = catalog.searcher.search(bm25(), 20);
    PurchaseHistory history = new PurchaseHistory();
    history.bought.put(catalog.products.get(firstPass.scoreDocs[15].doc).sku(),
        new ChunkEvidence(20, 18, 12, 0));
    TopDocs rescored = new LearnedRescorer(history, queryVector, RerankOptions.DEFAULTS)
        .rescore(catalog.searcher, firstPass, 20);
    assertEquals(docs(firstPass), docs(rescored), "no 'id' field: no document has a key");
  }
}
