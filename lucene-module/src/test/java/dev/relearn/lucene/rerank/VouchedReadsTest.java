package dev.relearn.lucene.rerank;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.lucene.feedback.ChunkEvidence;
import dev.relearn.lucene.feedback.FeedbackLookup;
import dev.relearn.lucene.feedback.PastQuery;
import dev.relearn.lucene.fusion.FusedHit;
import dev.relearn.lucene.fusion.StageHit;
import dev.relearn.lucene.schema.ChunkSchema;
import dev.relearn.lucene.schema.LearnedValues;
import dev.relearn.lucene.schema.LearnedValuesSource;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.search.Explanation;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.TotalHits;
import org.junit.jupiter.api.Test;

/**
 * The re-rank reads learned values only for the documents similar past queries vouch for and for
 * the hits it returns, and still ranks exactly as a full read does.
 */
class VouchedReadsTest {
  private static final ChunkEvidence CLICKED = new ChunkEvidence(2, 1, 1, 0);
  private static final ChunkEvidence NOTHING = new ChunkEvidence(0, 0, 0, 0);

  /** 300 documents; ids repeat every 250, so c0..c49 each have two documents. */
  private static PlainIndex index() throws Exception {
    Random random = new Random(7);
    List<PlainIndex.Doc> docs = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      docs.add(new PlainIndex.Doc("c" + (i % 250), "src/" + i, "code", "body " + i,
          new LearnedValues(random.nextInt(20), random.nextInt(9), random.nextInt(4),
              random.nextInt(3), random.nextInt(2) * 400_000L)));
    }
    return new PlainIndex(docs, 41);
  }

  @Test
  void vouchedDocsAreThoseWhoseIdsBoostHasEvidenceAcrossSegmentsAndDuplicates()
      throws Exception {
    try (PlainIndex index = index()) {
      Map<String, ChunkEvidence> chunks = new HashMap<>();
      for (int c = 0; c < 250; c += 3) {
        chunks.put("c" + c, c % 2 == 0 ? CLICKED : NOTHING);
      }
      chunks.put("not-in-the-index", CLICKED);
      FeedbackEvidence evidence =
          new FeedbackEvidence(List.of(new PastQuery(0.8f, 1, chunks, 0)), List.of());
      FeatureExtractor extractor = new FeatureExtractor(1_000_000);
      VouchedDocs vouched = VouchedDocs.of(index.searcher, ChunkSchema.ID, evidence,
          LearnedValuesSource.DOC_VALUES, extractor);
      int expected = 0;
      for (int doc = 0; doc < index.docs.size(); doc++) {
        PlainIndex.Doc indexed = index.docs.get(doc);
        boolean hasEvidence = evidence.boost(indexed.id()).evidence() > 0;
        expected += hasEvidence ? 1 : 0;
        int at = vouched.indexOf(doc);
        if (hasEvidence) {
          assertTrue(at >= 0, "doc " + doc);
          assertEquals(new VouchedDocs.Chunk(indexed.id(), indexed.learned(),
              evidence.boost(indexed.id()), extractor.usage(indexed.learned())),
              vouched.chunk(at), "doc " + doc);
          assertEquals(indexed.learned().clicks(), vouched.uses(at), "doc " + doc);
        } else {
          assertEquals(-1, at, "doc " + doc);
        }
      }
      assertEquals(expected, vouched.size());
      assertEquals(-1, vouched.indexOf(index.docs.size() + 5));
      assertSame(VouchedDocs.NONE, VouchedDocs.of(index.searcher, ChunkSchema.ID,
          FeedbackEvidence.NONE, LearnedValuesSource.DOC_VALUES, extractor));
    }
  }

  @Test
  void readsOnlyTheVouchedAndTheReturnedYetRanksAsAFullRead() throws Exception {
    try (PlainIndex index = index()) {
      Random random = new Random(11);
      ScoreDoc[] window = new ScoreDoc[100];
      for (int i = 0; i < window.length; i++) {
        window[i] = new ScoreDoc(i * 3, 100 - i + random.nextFloat());
      }
      TopDocs firstPass = new TopDocs(new TotalHits(100, TotalHits.Relation.EQUAL_TO), window);
      // c3 has two docs (3 and 253), only 3 in the window; c60 (doc 60) has no evidence
      List<PastQuery> past = List.of(new PastQuery(0.9f, 1,
          Map.of("c3", CLICKED, "c99", CLICKED, "c150", CLICKED, "c60", NOTHING), 0));
      Set<Integer> read = new TreeSet<>();
      RerankOptions options = RerankOptions.DEFAULTS.withLearnedValues(counting(index, read));
      LearnedRescorer rescorer =
          new LearnedRescorer((v, min, max) -> past, new float[] {1f}, options);
      TopDocs top = rescorer.rescore(index.searcher, firstPass, 5);
      Set<Integer> expected = new TreeSet<>(List.of(3, 253, 99, 150)); // 253: vouched, not a hit
      for (ScoreDoc doc : top.scoreDocs) {
        expected.add(doc.doc);
      }
      assertEquals(expected, read, "the vouched documents and the 5 returned");

      TopDocs full = new LearnedRescorer((v, min, max) -> past, new float[] {1f},
          RerankOptions.DEFAULTS).rescore(index.searcher, firstPass, 100);
      for (int i = 0; i < top.scoreDocs.length; i++) {
        assertEquals(full.scoreDocs[i].doc, top.scoreDocs[i].doc, "rank " + i);
        assertEquals(full.scoreDocs[i].score, top.scoreDocs[i].score, 0f, "rank " + i);
      }
      for (ScoreDoc below : List.of(full.scoreDocs[40], full.scoreDocs[99])) { // never returned
        float firstPassScore = window[below.doc / 3].score;
        Explanation explained = rescorer.explain(index.searcher,
            Explanation.match(firstPassScore, "first pass"), below.doc);
        assertEquals(below.score, explained.getValue().floatValue(), 0f, "doc " + below.doc);
      }
    }
  }

  @Test
  void theOrderAloneReadsOnlyTheVouchedAndEqualsTheRerankWithFeatures() throws Exception {
    try (PlainIndex index = index()) {
      Random random = new Random(13);
      List<FusedHit> fused = new ArrayList<>();
      for (int i = 0; i < 100; i++) {
        int doc = i * 3;
        fused.add(new FusedHit(doc, 100 - i + random.nextDouble(),
            new StageHit(doc, 20f - i / 10f, i + 1), new StageHit(doc, 0.9f - i / 200f, i + 1)));
      }
      List<PastQuery> past = List.of(new PastQuery(0.9f, 1,
          Map.of("c3", CLICKED, "c99", CLICKED, "c150", CLICKED, "c60", NOTHING), 0));
      Set<Integer> read = new TreeSet<>();
      RerankOptions options = RerankOptions.DEFAULTS.withLearnedValues(counting(index, read));
      List<RankedHit> order = new LearnedRescorer((v, min, max) -> past, new float[] {1f}, options)
          .rerankOrder(index.searcher, fused, 10);
      assertEquals(Set.of(3, 99, 150, 253), read, "the vouched documents only");

      List<RescoredHit> full = new LearnedRescorer((v, min, max) -> past, new float[] {1f},
          RerankOptions.DEFAULTS).rerank(index.searcher, fused, 10);
      assertEquals(full.stream().map(RankedHit::of).toList(), order);
      assertEquals(3, order.get(0).doc(), "the clicked second hit moved up: " + order);
    }
  }

  @Test
  void aSourceReturningNullIsNamedWithTheDocWhetherVouchedOrReturned() throws Exception {
    try (PlainIndex index = index()) {
      LearnedValuesSource none = leaf -> doc -> null;
      RerankOptions options = RerankOptions.DEFAULTS.withLearnedValues(none);
      ScoreDoc[] window = {new ScoreDoc(3, 2f), new ScoreDoc(7, 1f)};
      TopDocs firstPass = new TopDocs(new TotalHits(2, TotalHits.Relation.EQUAL_TO), window);
      List<PastQuery> vouchingFor3 = List.of(new PastQuery(0.9f, 1, Map.of("c3", CLICKED), 0));
      NullPointerException vouched = assertThrows(NullPointerException.class,
          () -> new LearnedRescorer((v, min, max) -> vouchingFor3, new float[] {1f}, options)
              .rescore(index.searcher, firstPass, 2));
      assertTrue(vouched.getMessage().contains("returned null for doc 3"), vouched.getMessage());
      NullPointerException returned = assertThrows(NullPointerException.class,
          () -> new LearnedRescorer(FeedbackLookup.NONE, new float[] {1f}, options)
              .rescore(index.searcher, firstPass, 2));
      assertTrue(returned.getMessage().contains("returned null for doc 3"), returned.getMessage());
    }
  }

  /** The doc values, recording each top-level doc read. */
  private static LearnedValuesSource counting(PlainIndex index, Set<Integer> read) {
    return leaf -> {
      int base = -1;
      for (LeafReaderContext context : index.reader.leaves()) {
        if (context.reader() == leaf) {
          base = context.docBase;
        }
      }
      int docBase = base;
      LearnedValuesSource.LeafValues values = LearnedValuesSource.DOC_VALUES.forLeaf(leaf);
      return doc -> {
        read.add(docBase + doc);
        return values.read(doc);
      };
    };
  }
}
