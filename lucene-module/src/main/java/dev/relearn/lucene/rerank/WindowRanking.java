package dev.relearn.lucene.rerank;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntToDoubleFunction;
import org.apache.lucene.search.IndexSearcher;

/**
 * One window of first-stage hits ranked by a {@link LinearModel}, reading the index only where a
 * score needs it. Without a request context, a candidate no similar past query vouches for (see
 * {@link VouchedDocs}) has learned terms of exactly {@code +0.0}, so its score comes from its
 * first-stage scores alone ({@link LinearModel#scoreWithoutEvidence}); a vouched one's comes from
 * those and what {@link VouchedDocs} read for it. Either way no {@link CandidateFeatures} are made
 * to rank: they are made, from the very same values, for the hits {@link #top} hands out, so that
 * every returned hit carries exactly the features its score came from. A context needs every
 * candidate's path and kind: then all are read and scored from their features.
 *
 * <p>Without a stage balance (weight 0, as with the default weights) and with first-stage scores
 * in descending order, the unvouched candidates' scores are a non-decreasing function of their
 * first-stage scores, so they already stand in ranking order: only the vouched ones are sorted,
 * and an unvouched one is scored only when the {@link RankOrder} reaches it.
 *
 * <p>Positions sort by score descending, then by first-stage position. {@link #top} and {@link
 * #features} may be called from several threads (an explain beside a search).
 */
final class WindowRanking {
  private final FirstStageWindow hits;
  private final Scoring scoring;
  private final WindowStats stats;
  private final int[] vouched; // by position: the index in VouchedDocs, or -1
  private final Candidate[] candidates; // guarded by this; null where not read yet
  private final CandidateFeatures[] features; // guarded by this; null where not built yet
  private final RankOrder order; // guarded by this

  /** What a window is scored with. */
  record Scoring(FeedbackEvidence evidence, VouchedDocs vouched, CandidateReader reader,
      FeatureExtractor extractor, RerankOptions options) {}

  private WindowRanking(FirstStageWindow hits, Scoring scoring, WindowStats stats,
      int[] vouched, Candidate[] candidates, CandidateFeatures[] features,
      RankOrder order) {
    this.hits = hits;
    this.scoring = scoring;
    this.stats = stats;
    this.vouched = vouched;
    this.candidates = candidates;
    this.features = features;
    this.order = order;
  }

  /**
   * Ranks {@code hits}.
   *
   * @throws IllegalArgumentException if a doc id is not in the searcher's reader
   */
  static WindowRanking rank(IndexSearcher searcher, FirstStageWindow hits, Scoring scoring)
      throws IOException {
    hits.requireInReader(searcher);
    int n = hits.size();
    VouchedDocs docs = scoring.vouched();
    int[] vouched = new int[n];
    WindowStats.Builder window = new WindowStats.Builder();
    hits.addTo(window);
    for (int i = 0; i < n; i++) {
      vouched[i] = docs.indexOf(hits.doc(i));
      if (vouched[i] >= 0) {
        window.addUses(docs.uses(vouched[i]));
      }
    }
    WindowStats stats = window.build();
    Candidate[] candidates = new Candidate[n];
    CandidateFeatures[] features = new CandidateFeatures[n];
    RankOrder order = scoring.reader().readsContext()
        ? scoreFeatures(searcher, hits, scoring, stats, vouched, candidates, features)
        : scoreNumbers(hits, stats, docs, vouched, scoring.options().model());
    return new WindowRanking(hits, scoring, stats, vouched, candidates, features, order);
  }

  /**
   * With a context, which needs every candidate's path and kind: reads all into {@code
   * candidates}, builds all their {@code features}, and scores those.
   */
  private static RankOrder scoreFeatures(IndexSearcher searcher, FirstStageWindow hits,
      Scoring scoring, WindowStats stats, int[] vouched, Candidate[] candidates,
      CandidateFeatures[] features) throws IOException {
    int n = hits.size();
    int[] all = new int[n];
    Arrays.setAll(all, i -> i);
    scoring.reader().read(searcher, hits, all, candidates);
    double[] scores = new double[n];
    for (int i = 0; i < n; i++) {
      VouchedDocs.Chunk chunk = chunk(scoring, vouched[i]);
      if (chunk != null) { // the learned values its usage features came from
        Candidate read = candidates[i];
        candidates[i] = hits.candidate(i, chunk.id(), read.path(), read.kind(), chunk.learned());
      }
      features[i] = features(scoring, stats, candidates[i], chunk);
      scores[i] = scoring.options().model().score(features[i]);
    }
    return RankOrder.of(scores);
  }

  /**
   * Without a context: scores from numbers, every candidate at once, or (without a stage balance
   * and with the window in descending order) the vouched ones now and the others as the order
   * reaches them.
   */
  private static RankOrder scoreNumbers(FirstStageWindow hits, WindowStats stats,
      VouchedDocs docs, int[] vouched, LinearModel model) {
    int n = hits.size();
    double logMaxUses = FeatureExtractor.logMaxUses(stats);
    IntToDoubleFunction scorer =
        i -> score(hits, i, docs, vouched[i], stats, logMaxUses, model);
    double[] scores = new double[n];
    if (model.balanceWeight() != 0 || !hits.descending()) {
      Arrays.setAll(scores, scorer);
      return RankOrder.of(scores);
    }
    int[] given = new int[n]; // the vouched: scored now, then sorted
    int[] inOrder = new int[n]; // the others: already in ranking order
    int g = 0;
    int o = 0;
    for (int i = 0; i < n; i++) {
      if (vouched[i] >= 0) {
        given[g++] = i;
        scores[i] = scorer.applyAsDouble(i);
      } else {
        inOrder[o++] = i;
        scores[i] = Double.NaN;
      }
    }
    return new RankOrder(scores, Arrays.copyOf(given, g), Arrays.copyOf(inOrder, o), scorer);
  }

  /**
   * The score of the hit at {@code position} without a context, computed as {@link
   * FeatureExtractor#features} and {@link LinearModel#score} would, from the same values. With a
   * balance weight of 0 the balance term is {@code ±0.0}, which leaves a sum of {@code 0.0 +
   * relevance term} unchanged, so the stage scores need not be normalised.
   */
  private static double score(FirstStageWindow hits, int position, VouchedDocs docs, int index,
      WindowStats stats, double logMaxUses, LinearModel model) {
    double relevance =
        stats.relevance(FeatureExtractor.neutralised(hits.score(position), stats));
    double balance = model.balanceWeight() == 0 ? 0 : CandidateFeatures.balance(
        hits.bm25Norm(position, stats), hits.vectorNorm(position, stats));
    return index < 0 ? model.scoreWithoutEvidence(relevance, balance)
        : docs.score(index, model, relevance, balance, logMaxUses);
  }

  /** The vouched chunk at {@code index} of the scoring's {@link VouchedDocs}; null for -1. */
  private static VouchedDocs.Chunk chunk(Scoring scoring, int index) {
    return index < 0 ? null : scoring.vouched().chunk(index);
  }

  /** The features of {@code candidate}, with its vouched chunk's values when it has one. */
  private static CandidateFeatures features(Scoring scoring, WindowStats stats,
      Candidate candidate, VouchedDocs.Chunk chunk) {
    FeatureExtractor extractor = scoring.extractor();
    FeedbackEvidence evidence = scoring.evidence();
    RerankContext context = scoring.options().context();
    if (chunk == null) {
      return extractor.features(candidate, stats, evidence, context);
    }
    return extractor.features(candidate, stats, evidence, chunk.boost(), chunk.usage(), context);
  }

  /** The window's statistics. */
  WindowStats stats() {
    return stats;
  }

  /** The best {@code topN} hits (all when fewer), each with its features. */
  synchronized List<RescoredHit> top(IndexSearcher searcher, int topN) throws IOException {
    int[] best = order.first(topN);
    ensureFeatures(searcher, best);
    List<RescoredHit> out = new ArrayList<>(best.length);
    for (int i : best) {
      out.add(new RescoredHit(hits.doc(i), candidates[i].chunkId(), i, order.score(i),
          features[i]));
    }
    return out;
  }

  /**
   * The best {@code topN} hits (all when fewer) without their features, so nothing is read or
   * built for them: the hits, order and scores of {@link #top}.
   */
  synchronized List<RankedHit> ranked(int topN) {
    int[] best = order.first(topN);
    List<RankedHit> out = new ArrayList<>(best.length);
    for (int i : best) {
      out.add(new RankedHit(hits.doc(i), i, order.score(i)));
    }
    return out;
  }

  /**
   * The features {@code doc} was ranked with (its best-ranked copy), or null if it is not in
   * this window.
   */
  synchronized CandidateFeatures features(IndexSearcher searcher, int doc) throws IOException {
    for (int i : order.first(hits.size())) {
      if (hits.doc(i) == doc) {
        ensureFeatures(searcher, new int[] {i});
        return features[i];
      }
    }
    return null;
  }

  /**
   * Makes the candidates and features of those {@code positions} that have none yet: a vouched
   * one from what {@link VouchedDocs} read, the others read from the index.
   */
  private void ensureFeatures(IndexSearcher searcher, int[] positions) throws IOException {
    int[] unread = new int[positions.length];
    int count = 0;
    for (int i : positions) {
      VouchedDocs.Chunk chunk = chunk(scoring, vouched[i]);
      if (candidates[i] == null && chunk != null) {
        candidates[i] = hits.candidate(i, chunk.id(), null, null, chunk.learned());
      } else if (candidates[i] == null) {
        unread[count++] = i;
      }
    }
    if (count > 0) {
      scoring.reader().read(searcher, hits, Arrays.copyOf(unread, count), candidates);
    }
    for (int i : positions) {
      if (features[i] == null) {
        features[i] = features(scoring, stats, candidates[i], chunk(scoring, vouched[i]));
      }
    }
  }
}
