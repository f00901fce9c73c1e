package dev.relearn.lucene.rerank;

import static dev.relearn.lucene.rerank.ThirdPartyAdoptionTest.BY_SKU;
import static dev.relearn.lucene.rerank.ThirdPartyAdoptionTest.assertExplained;
import static dev.relearn.lucene.rerank.ThirdPartyAdoptionTest.docs;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.lucene.feedback.ChunkEvidence;
import dev.relearn.lucene.rerank.ThirdPartyAdoptionTest.PurchaseHistory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.backward_codecs.lucene912.Lucene912Codec;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.index.SegmentReader;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.KnnFloatVectorQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.util.QueryBuilder;
import org.apache.lucene.util.Version;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A plain Lucene application's index written by Lucene 9.12 ({@link Lucene9Writer}, run in a class
 * loader of its own) opens in this Lucene through {@code lucene-backward-codecs} and is re-ranked
 * by the application's adoption of {@link LearnedRescorer}, from BM25 and from kNN first passes.
 */
class Lucene9IndexRescoreTest {
  private static final int PRODUCTS = 24;
  private static final Set<String> DELETED = Set.of("SKU-3", "SKU-17");
  @TempDir Path folder;
  private String writtenBy;
  private final float[] queryVector = CatalogIndex.unit(new Random(7));

  @BeforeEach
  void writeWithLucene9() throws Exception {
    Random random = new Random(42);
    String[] skus = new String[PRODUCTS];
    String[] titles = new String[PRODUCTS];
    float[][] embeddings = new float[PRODUCTS][];
    for (int i = 0; i < PRODUCTS; i++) {
      skus[i] = "SKU-" + i;
      titles[i] = "Reading Lamps" + " with brass shades".repeat(i % 7) + " model" + i;
      embeddings[i] = CatalogIndex.unit(random);
    }
    writtenBy = OldLucene.write(folder, skus, titles, embeddings, DELETED, 5);
  }

  @Test
  void theLucene9IndexOpensThroughTheBackwardCodecs() throws Exception {
    assertEquals("9.12.3", writtenBy);
    try (Directory directory = FSDirectory.open(folder);
        DirectoryReader reader = DirectoryReader.open(directory)) {
      SegmentInfos commit = SegmentInfos.readLatestCommit(directory);
      assertEquals(9, commit.getCommitLuceneVersion().major);
      assertTrue(Version.LATEST.major >= 10, "read by " + Version.LATEST);
      assertEquals(5, reader.leaves().size(), "24 products, 5 a segment");
      for (LeafReaderContext leaf : reader.leaves()) {
        SegmentReader segment = (SegmentReader) leaf.reader();
        assertInstanceOf(Lucene912Codec.class, segment.getSegmentInfo().info.getCodec());
      }
      assertEquals(PRODUCTS - DELETED.size(), reader.numDocs());
    }
  }

  @Test
  void bm25AndKnnFirstPassesAreRescoredWithTheApplicationsFeedback() throws Exception {
    try (Directory directory = FSDirectory.open(folder);
        DirectoryReader reader = DirectoryReader.open(directory)) {
      IndexSearcher searcher = new IndexSearcher(reader);
      Query bm25 = new QueryBuilder(new StandardAnalyzer())
          .createBooleanQuery(CatalogIndex.TITLE, "brass reading lamps");
      TopDocs firstPass = searcher.search(bm25, 20);
      assertEquals(20, firstPass.scoreDocs.length);
      int target = firstPass.scoreDocs[15].doc;
      PurchaseHistory history = new PurchaseHistory();
      history.bought.put(sku(searcher, target), new ChunkEvidence(20, 18, 12, 0));
      LearnedRescorer rescorer = new LearnedRescorer(history, queryVector, BY_SKU);
      TopDocs rescored = rescorer.rescore(searcher, firstPass, 20);
      List<Integer> order = docs(rescored);
      assertTrue(order.indexOf(target) < 15, "bought product moved up from 15: " + order);
      List<Integer> others = new ArrayList<>(docs(firstPass));
      others.remove((Integer) target);
      order.remove((Integer) target);
      assertEquals(others, order, "no purchases: the others keep BM25's order");
      assertExplained(rescorer, searcher, bm25, firstPass, rescored);

      Query knn = new KnnFloatVectorQuery(CatalogIndex.EMBEDDING, queryVector, 10);
      TopDocs nearest = searcher.search(knn, 10);
      assertEquals(10, nearest.scoreDocs.length, "the Lucene 9 HNSW graph is searched");
      TopDocs cold = new LearnedRescorer(new PurchaseHistory(), queryVector, BY_SKU)
          .rescore(searcher, nearest, 10);
      assertEquals(docs(nearest), docs(cold), "no feedback keeps the kNN order");
      for (ScoreDoc hit : nearest.scoreDocs) {
        assertFalse(DELETED.contains(sku(searcher, hit.doc)), "Lucene 9's deletions hold");
      }
    }
  }

  private static String sku(IndexSearcher searcher, int doc) throws Exception {
    StoredFields stored = searcher.storedFields();
    return stored.document(doc).get(CatalogIndex.SKU);
  }
}
