package dev.relearn.lucene.rerank;

import static dev.relearn.lucene.rerank.RerankOptions.DEFAULTS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.lucene.feedback.ChunkEvidence;
import dev.relearn.lucene.feedback.FeedbackLookup;
import dev.relearn.lucene.feedback.PastQuery;
import dev.relearn.lucene.fusion.FusedHit;
import dev.relearn.lucene.fusion.StageHit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.lucene.search.Explanation;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.TotalHits;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Cold start, NaN handling, feedback handling and contracts of {@link LearnedRescorer}. */
class LearnedRescorerTest {
  private static final float[] QUERY = {0.6f, 0.8f};
  private static final int DOCS = 60;
  private PlainIndex index;

  @BeforeEach
  void build() throws Exception {
    index = PlainIndex.numbered(DOCS, 17);
  }

  @AfterEach
  void close() throws Exception {
    index.close();
  }

  /** k distinct random docs with random scores sorted best first, sometimes tied. */
  static TopDocs randomFirstPass(Random random, int maxDoc) {
    int k = 1 + random.nextInt(Math.min(40, maxDoc));
    List<Integer> pool = new ArrayList<>();
    for (int i = 0; i < maxDoc; i++) {
      pool.add(i);
    }
    java.util.Collections.shuffle(pool, random);
    float[] scores = new float[k];
    for (int i = 0; i < k; i++) {
      scores[i] = i > 0 && random.nextInt(5) == 0 ? scores[i - 1]
          : (float) (random.nextGaussian() * 5);
    }
    java.util.Arrays.sort(scores);
    ScoreDoc[] docs = new ScoreDoc[k];
    for (int i = 0; i < k; i++) {
      docs[i] = new ScoreDoc(pool.get(i), scores[k - 1 - i], random.nextInt(2));
    }
    return new TopDocs(new TotalHits(k, TotalHits.Relation.EQUAL_TO), docs);
  }

  @Test
  void coldStartKeepsStageOneOrderAndScoresAreAMonotoneTransform() throws Exception {
    Random random = new Random(1234L);
    for (int trial = 0; trial < 300; trial++) {
      TopDocs firstPass = randomFirstPass(random, DOCS);
      int topN = 1 + random.nextInt(firstPass.scoreDocs.length + 3);
      LearnedRescorer rescorer = new LearnedRescorer(FeedbackLookup.NONE, QUERY, DEFAULTS);
      TopDocs rescored = rescorer.rescore(index.searcher, firstPass, topN);
      ScoreDoc[] in = firstPass.scoreDocs;
      double min = in[in.length - 1].score;
      double max = in[0].score;
      assertEquals(Math.min(topN, in.length), rescored.scoreDocs.length);
      for (int i = 0; i < rescored.scoreDocs.length; i++) {
        ScoreDoc out = rescored.scoreDocs[i];
        assertEquals(in[i].doc, out.doc, "trial " + trial + ", position " + i);
        assertEquals(in[i].shardIndex, out.shardIndex);
        double relevance = max > min ? (in[i].score - min) / (max - min) : 1.0;
        assertEquals((float) (0.7 * relevance), out.score, 0f, "0.7 × min-max first-stage score");
        if (i > 0) {
          assertTrue(out.score <= rescored.scoreDocs[i - 1].score);
        }
      }
    }
  }

  @Test
  void nanInputsGiveFiniteScoresAndSayWhatWasNeutralised() throws Exception {
    FeedbackLookup mustNotBeAsked = (vector, min, max) -> {
      throw new AssertionError("a NaN query vector must not reach the lookup");
    };
    TopDocs firstPass = new TopDocs(new TotalHits(3, TotalHits.Relation.EQUAL_TO), new ScoreDoc[] {
        new ScoreDoc(4, 3f), new ScoreDoc(7, Float.NaN), new ScoreDoc(9, 1f)});
    LearnedRescorer rescorer =
        new LearnedRescorer(mustNotBeAsked, new float[] {Float.NaN, 1f}, DEFAULTS);
    TopDocs rescored = rescorer.rescore(index.searcher, firstPass, 3);
    for (ScoreDoc doc : rescored.scoreDocs) {
      assertTrue(Float.isFinite(doc.score), doc.toString());
    }
    assertEquals(List.of(4, 7, 9), List.of(rescored.scoreDocs[0].doc, rescored.scoreDocs[1].doc,
        rescored.scoreDocs[2].doc), "NaN scores as the window's lowest; the tie keeps stage order");
    assertEquals(rescored.scoreDocs[1].score, rescored.scoreDocs[2].score);
    Explanation explanation = rescorer.explain(index.searcher, firstPass, 7);
    assertEquals(rescored.scoreDocs[1].score, explanation.getValue().floatValue());
    for (Explanation why : List.of(explanation,
        rescorer.explain(index.searcher, Explanation.match(Float.NaN, "first pass"), 7))) {
      String text = why.toString();
      assertTrue(text.contains("neutralised: first-stage score was NaN"), text);
      assertTrue(text.contains("neutralised: query vector component 0 is NaN"), text);
    }
  }

  @Test
  void feedbackIsLookedUpOnceAndLowSimilarityIsIgnored() throws Exception {
    AtomicInteger calls = new AtomicInteger();
    PastQuery weak = new PastQuery(0.5f, 1, Map.of("c9", new ChunkEvidence(1e6, 1e6, 1e6, 0)), 0);
    FeedbackLookup sloppy = (vector, min, max) -> {
      calls.incrementAndGet();
      return List.of(weak);
    };
    Random random = new Random(5L);
    TopDocs firstPass = randomFirstPass(random, DOCS);
    LearnedRescorer rescorer = new LearnedRescorer(sloppy, QUERY, DEFAULTS);
    TopDocs once = rescorer.rescore(index.searcher, firstPass, 100);
    TopDocs twice = rescorer.rescore(index.searcher, firstPass, 100);
    rescorer.explain(index.searcher, Explanation.match(1f, "x"), once.scoreDocs[0].doc);
    assertEquals(1, calls.get());
    TopDocs cold = new LearnedRescorer(FeedbackLookup.NONE, QUERY, DEFAULTS)
        .rescore(index.searcher, firstPass, 100);
    for (int i = 0; i < cold.scoreDocs.length; i++) {
      assertEquals(cold.scoreDocs[i].doc, once.scoreDocs[i].doc);
      assertEquals(cold.scoreDocs[i].score, twice.scoreDocs[i].score);
    }
    assertTrue(rescorer.feedback().notes().get(0).contains("below the similarity threshold 0.7"));
  }

  @Test
  void atMostMaxPastQueriesOfTheMostSimilarAreUsed() throws Exception {
    List<PastQuery> many = new ArrayList<>();
    for (int i = 0; i < 30; i++) {
      many.add(new PastQuery(0.7f + i * 0.01f, 1, Map.of(), 0));
    }
    LearnedRescorer rescorer = new LearnedRescorer((vector, min, max) -> many, QUERY,
        RerankOptions.DEFAULTS.withMaxPastQueries(5));
    List<PastQuery> used = rescorer.feedback().pastQueries();
    assertEquals(5, used.size());
    assertEquals(0.99f, used.get(0).similarity(), 1e-6f);
    assertEquals(0.95f, used.get(4).similarity(), 1e-6f);
  }

  @Test
  void rerankKeepsEachStagesViewAsInformationalFeatures() throws Exception {
    List<FusedHit> fused = List.of(
        new FusedHit(3, 0.9, new StageHit(3, 12f, 1), null),
        new FusedHit(8, 0.4, new StageHit(8, 7f, 2), new StageHit(8, 0.8f, 1)));
    List<RescoredHit> hits =
        new LearnedRescorer(FeedbackLookup.NONE, QUERY, DEFAULTS).window(index.searcher, fused)
            .top(5);
    assertEquals(List.of(3, 8), hits.stream().map(RescoredHit::doc).toList());
    assertEquals("c3", hits.get(0).chunkId());
    assertEquals(12f, hits.get(0).features().bm25().score());
    assertEquals(1, hits.get(1).features().vector().rank());
    assertEquals(0.7, hits.get(0).score());
    assertEquals(0.0, hits.get(1).score());
  }

  @Test
  void contractsAreEnforcedWithClearMessages() throws Exception {
    LearnedRescorer rescorer = new LearnedRescorer(FeedbackLookup.NONE, QUERY, DEFAULTS);
    TopDocs firstPass = randomFirstPass(new Random(3L), DOCS);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> rescorer.rescore(index.searcher, firstPass, 0));
    assertEquals("topN must be at least 1, got: 0", e.getMessage());
    TopDocs outside = new TopDocs(new TotalHits(1, TotalHits.Relation.EQUAL_TO),
        new ScoreDoc[] {new ScoreDoc(DOCS + 5, 1f)});
    e = assertThrows(IllegalArgumentException.class,
        () -> rescorer.rescore(index.searcher, outside, 1));
    assertEquals("doc 65 is not in the searcher's reader (maxDoc 60)", e.getMessage());
    rescorer.rescore(index.searcher, firstPass, 5);
    e = assertThrows(IllegalArgumentException.class,
        () -> rescorer.explain(index.searcher, Explanation.match(1f, "x"), DOCS + 7));
    assertEquals("doc 67 is not in the searcher's reader (maxDoc 60)", e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> rescorer.explain(index.searcher, firstPass, DOCS + 1));
    assertEquals("doc 61 is not in the window", e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> RerankOptions.DEFAULTS.withMinSimilarity(Float.NaN));
    assertEquals("minSimilarity must be in [0, 1], got: NaN", e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> RerankOptions.DEFAULTS.withMaxPastQueries(0));
    assertEquals("maxPastQueries must be in [1, 10000], got: 0", e.getMessage());
  }

  @Test
  void aFirstPassExplanationIsScoredAloneWhateverWasRescoredBefore() throws Exception {
    LearnedRescorer rescorer = new LearnedRescorer(FeedbackLookup.NONE, QUERY, DEFAULTS);
    Explanation before = rescorer.explain(index.searcher, Explanation.match(3f, "x"), 30);
    TopDocs firstPass = new TopDocs(new TotalHits(2, TotalHits.Relation.EQUAL_TO),
        new ScoreDoc[] {new ScoreDoc(1, 4f), new ScoreDoc(30, 2f)});
    TopDocs rescored = rescorer.rescore(index.searcher, firstPass, 2);
    assertEquals(0.0f, rescored.scoreDocs[1].score, "the window's lowest: relevance 0");
    Explanation after = rescorer.explain(index.searcher, Explanation.match(3f, "x"), 30);
    assertEquals(before, after, "no call depends on an earlier one");
    TopDocs alone = new TopDocs(new TotalHits(1, TotalHits.Relation.EQUAL_TO),
        new ScoreDoc[] {new ScoreDoc(30, 3f)});
    assertEquals(rescorer.rescore(index.searcher, alone, 1).scoreDocs[0].score,
        after.getValue().floatValue(), 0f, "the score a rescore of the doc alone gives");
    assertEquals(0.7, after.getValue().doubleValue(), 1e-15, "relevance 1 in a window of one");
    assertTrue(after.toString().contains(LearnedRescorer.ALONE), after.toString());
    assertTrue(after.toString().contains("first pass (informational"), after.toString());
    assertEquals(0.0, rescorer.explain(index.searcher, firstPass, 30).getValue().doubleValue(),
        "with the window: the score the rescore gave");
  }
}
