package dev.relearn.lucene.rerank;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.lucene.feedback.ChunkEvidence;
import dev.relearn.lucene.feedback.PastQuery;
import dev.relearn.lucene.fusion.FusedHit;
import dev.relearn.lucene.fusion.StageHit;
import dev.relearn.lucene.schema.LearnedValues;
import dev.relearn.lucene.fusion.StageScore;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.apache.lucene.search.Explanation;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TopDocs;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Serving parity, o19s style: what the rescorer serves equals the model's score of features
 * recomputed offline from the raw inputs, without the index.
 */
class ServingParityTest {
  private static final long NOW = 1_750_000_000_000L;
  private static final long DAY = 24L * 60 * 60 * 1000;
  private static final int DOCS = 80;
  private final Random random = new Random(20250101L);
  private PlainIndex index;

  @BeforeEach
  void build() throws Exception {
    List<PlainIndex.Doc> docs = new ArrayList<>();
    for (int i = 0; i < DOCS; i++) {
      LearnedValues learned = random.nextInt(3) == 0 ? LearnedValues.NEUTRAL : new LearnedValues(
          random.nextDouble() * 30, random.nextDouble() * 10, random.nextInt(6), random.nextInt(6),
          random.nextBoolean() ? 0 : NOW - (long) (random.nextDouble() * 90 * DAY));
      boolean code = random.nextBoolean();
      docs.add(new PlainIndex.Doc("c" + i, (code ? "src/" : "docs/") + i,
          code ? "code" : "markdown", "text " + i, learned));
    }
    index = new PlainIndex(docs, 23);
  }

  @AfterEach
  void close() throws Exception {
    index.close();
  }

  private List<PastQuery> randomPastQueries() {
    List<PastQuery> past = new ArrayList<>();
    int count = random.nextInt(26);
    for (int q = 0; q < count; q++) {
      Map<String, ChunkEvidence> chunks = new HashMap<>();
      for (int c = 0; c < 10; c++) {
        double exams = random.nextDouble() * 8;
        chunks.put("c" + random.nextInt(DOCS), new ChunkEvidence(exams,
            random.nextDouble() * exams, random.nextInt(3), random.nextInt(3)));
      }
      past.add(new PastQuery(0.7f + random.nextFloat() * 0.3f, 1, chunks, 0));
    }
    past.sort(Comparator.comparingDouble(PastQuery::similarity).reversed());
    return past;
  }

  /** The default options with {@code context} and a clock fixed at {@link #NOW}. */
  private static RerankOptions options(RerankContext context) {
    RerankOptions d = RerankOptions.DEFAULTS;
    return new RerankOptions(d.minSimilarity(), d.maxPastQueries(), d.model(), context,
        d.learnedValues(), Clock.fixed(Instant.ofEpochMilli(NOW), ZoneOffset.UTC), d.idField(),
        d.vote());
  }

  @Test
  void servedScoresEqualOfflineScoresAndExplanations() throws Exception {
    RerankOptions plain = options(null);
    int moved = 0;
    for (int trial = 0; trial < 200; trial++) {
      // half the trials with a context (every candidate read), half without (only the vouched
      // ones and the returned ones), each returning a random number of the best hits
      RerankContext context = trial % 2 == 0 ? new RerankContext(List.of("src/"), Set.of()) : null;
      RerankOptions options = context == null ? plain : options(context);
      List<PastQuery> past = randomPastQueries();
      TopDocs firstPass = LearnedRescorerTest.randomFirstPass(random, DOCS);
      LearnedRescorer rescorer =
          new LearnedRescorer((vector, min, max) -> past, new float[] {1f}, options);
      int topN = 1 + random.nextInt(firstPass.scoreDocs.length);
      TopDocs served = rescorer.rescore(index.searcher, firstPass, topN);

      // offline: the same raw inputs, no index
      List<Candidate> window = new ArrayList<>();
      for (int i = 0; i < firstPass.scoreDocs.length; i++) {
        ScoreDoc doc = firstPass.scoreDocs[i];
        PlainIndex.Doc raw = index.docs.get(doc.doc);
        window.add(new Candidate(doc.doc, i, doc.score, null, null, raw.id(), raw.path(),
            raw.kind(), raw.learned()));
      }
      FeedbackEvidence evidence =
          new FeedbackEvidence(past.subList(0, Math.min(RerankOptions.DEFAULT_MAX_PAST_QUERIES,
              past.size())), List.of(), VoteWeighting.DEFAULT);
      List<CandidateFeatures> offline =
          FeatureExtractorTest.extract(new FeatureExtractor(NOW), window, evidence, context);
      List<RescoredHit> expected = new ArrayList<>();
      for (int i = 0; i < window.size(); i++) {
        expected.add(new RescoredHit(window.get(i).doc(), window.get(i).chunkId(), i,
            LinearModel.DEFAULT.score(offline.get(i)), offline.get(i), null));
      }
      expected.sort(RescoredHit.RANKING);

      assertEquals(Math.min(topN, expected.size()), served.scoreDocs.length);
      for (int i = 0; i < served.scoreDocs.length; i++) {
        ScoreDoc doc = served.scoreDocs[i];
        float want = (float) expected.get(i).score();
        assertEquals(expected.get(i).doc(), doc.doc, "trial " + trial + ", rank " + i);
        assertTrue(Math.abs(doc.score - want) <= 2 * Math.ulp(want),
            "served " + doc.score + ", offline " + want);
        Explanation viaWindow = rescorer.explain(index.searcher, firstPass, doc.doc);
        assertEquals(expected.get(i).score(), viaWindow.getValue().doubleValue(), 0.0,
            "explain's value is the score, to the bit");
        assertEquals(doc.score, viaWindow.getValue().floatValue(), 0f);
        if (doc.doc != firstPass.scoreDocs[i].doc) {
          moved++;
        }
      }
    }
    assertTrue(moved > 0, "feedback, priors and context must change some rankings");
  }

  @Test
  void fusedWindowsRankAsOfflineWithAnyBalanceAndInAnyOrder() throws Exception {
    RerankOptions plain = options(null);
    for (int trial = 0; trial < 200; trial++) {
      // a balance of 0 with a descending window merges the unvouched in first-stage order;
      // any other balance, or a window out of order, sorts every candidate
      double balance = trial % 3 == 0 ? 0 : random.nextDouble() - 0.5;
      LinearModel model = LinearModelTest.withWeight(LinearModel.DEFAULT, Feature.BALANCE, balance);
      List<FusedHit> fused = randomFusedWindow(trial % 2 == 0);
      List<PastQuery> past = randomPastQueries();
      LearnedRescorer rescorer = new LearnedRescorer((vector, min, max) -> past,
          new float[] {1f}, plain.withModel(model));
      RerankWindow ranked = rescorer.window(index.searcher, fused);
      List<RescoredHit> served = ranked.hits();

      List<Candidate> window = new ArrayList<>();
      for (int i = 0; i < fused.size(); i++) {
        FusedHit hit = fused.get(i);
        PlainIndex.Doc raw = index.docs.get(hit.doc());
        window.add(new Candidate(hit.doc(), i, hit.score(), stage(hit.lexical()),
            stage(hit.semantic()), raw.id(), raw.path(), raw.kind(), raw.learned()));
      }
      FeedbackEvidence evidence = new FeedbackEvidence( // the notes say what was left out
          past.subList(0, Math.min(RerankOptions.DEFAULT_MAX_PAST_QUERIES, past.size())),
          rescorer.feedback().notes(), VoteWeighting.DEFAULT);
      List<CandidateFeatures> offline =
          FeatureExtractorTest.extract(new FeatureExtractor(NOW), window, evidence, null);
      List<RescoredHit> expected = new ArrayList<>();
      for (int i = 0; i < window.size(); i++) {
        expected.add(new RescoredHit(window.get(i).doc(), window.get(i).chunkId(), i,
            model.score(offline.get(i)), offline.get(i), null));
      }
      expected.sort(RescoredHit.RANKING);
      assertEquals(expected.size(), served.size(), "trial " + trial);
      for (int i = 0; i < expected.size(); i++) {
        String where = "trial " + trial + ", rank " + i;
        assertEquals(expected.get(i).doc(), served.get(i).doc(), where);
        assertEquals(expected.get(i).score(), served.get(i).score(), 0.0, where);
        assertEquals(expected.get(i).features(), served.get(i).features(), where);
        assertEquals(Double.doubleToLongBits(expected.get(i).score()), Double.doubleToLongBits(
            ranked.explain(served.get(i).doc()).getValue().doubleValue()), "explained: " + where);
      }
    }
  }

  /** A window of distinct docs, best first or shuffled, with ties and one or both stages. */
  private List<FusedHit> randomFusedWindow(boolean descending) {
    List<Integer> docs = new ArrayList<>();
    for (int doc = 0; doc < DOCS; doc++) {
      docs.add(doc);
    }
    Collections.shuffle(docs, random);
    int size = 1 + random.nextInt(DOCS);
    double[] scores = new double[size];
    for (int i = 0; i < size; i++) {
      scores[i] = i > 0 && random.nextInt(4) == 0 ? scores[i - 1] : random.nextDouble();
    }
    if (descending) {
      Arrays.sort(scores);
    }
    List<FusedHit> fused = new ArrayList<>();
    for (int i = 0; i < size; i++) {
      int doc = docs.get(i);
      int stages = 1 + random.nextInt(3);
      fused.add(new FusedHit(doc, scores[descending ? size - 1 - i : i],
          (stages & 1) != 0 ? new StageHit(doc, random.nextFloat() * 20, 1 + i) : null,
          (stages & 2) != 0 ? new StageHit(doc, random.nextFloat(), 1 + i) : null));
    }
    return fused;
  }

  private static StageScore stage(StageHit hit) {
    return hit == null ? null : new StageScore(hit.score(), hit.rank());
  }
}
