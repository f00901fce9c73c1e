package dev.relearn.lucene.rerank;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
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
 * <p>Positions sort by score descending, then by first-stage position. {@link #top} and {@link
 * #features} may be called from several threads (an explain beside a search).
 */
final class WindowRanking {
  /** Windows up to this size are sorted by insertion: see {@link #sort}. */
  private static final int INSERTION_SORT_MAX = 256;

  private final FirstStageWindow hits;
  private final Scoring scoring;
  private final WindowStats stats;
  private final VouchedDocs.Chunk[] vouched; // by position; null where not vouched
  private final Candidate[] candidates; // guarded by this; null where not read yet
  private final CandidateFeatures[] features; // guarded by this; null where not built yet
  private final double[] scores;
  private final int[] order;

  /** What a window is scored with. */
  record Scoring(FeedbackEvidence evidence, VouchedDocs vouched, CandidateReader reader,
      FeatureExtractor extractor, RerankOptions options) {}

  private WindowRanking(FirstStageWindow hits, Scoring scoring, WindowStats stats,
      VouchedDocs.Chunk[] vouched, Candidate[] candidates, CandidateFeatures[] features,
      double[] scores) {
    this.hits = hits;
    this.scoring = scoring;
    this.stats = stats;
    this.vouched = vouched;
    this.candidates = candidates;
    this.features = features;
    this.scores = scores;
    this.order = sort(scores);
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
    VouchedDocs.Chunk[] vouched = new VouchedDocs.Chunk[n];
    WindowStats.Builder window = new WindowStats.Builder();
    hits.addTo(window);
    for (int i = 0; i < n; i++) {
      vouched[i] = scoring.vouched().chunk(hits.doc(i));
      if (vouched[i] != null) {
        window.addUses(vouched[i].learned().clicks());
      }
    }
    WindowStats stats = window.build();
    Candidate[] candidates = new Candidate[n];
    CandidateFeatures[] features = new CandidateFeatures[n];
    double[] scores = new double[n];
    LinearModel model = scoring.options().model();
    if (scoring.reader().readsContext()) { // a context needs every candidate's path and kind
      int[] all = new int[n];
      Arrays.setAll(all, i -> i);
      scoring.reader().read(searcher, hits, all, candidates);
      for (int i = 0; i < n; i++) {
        if (vouched[i] != null) { // the learned values its usage features came from
          Candidate read = candidates[i];
          candidates[i] = hits.candidate(i, vouched[i].id(), read.path(), read.kind(),
              vouched[i].learned());
        }
        features[i] = features(scoring, stats, candidates[i], vouched[i]);
        scores[i] = model.score(features[i]);
      }
    } else {
      double logMaxUses = FeatureExtractor.logMaxUses(stats);
      for (int i = 0; i < n; i++) {
        scores[i] = score(hits, i, vouched[i], stats, logMaxUses, model);
      }
    }
    return new WindowRanking(hits, scoring, stats, vouched, candidates, features, scores);
  }

  /**
   * The score of the hit at {@code position} without a context, computed as {@link
   * FeatureExtractor#features} and {@link LinearModel#score} would, from the same values.
   */
  private static double score(FirstStageWindow hits, int position, VouchedDocs.Chunk chunk,
      WindowStats stats, double logMaxUses, LinearModel model) {
    double relevance =
        stats.relevance(FeatureExtractor.neutralised(hits.score(position), stats));
    double balance = CandidateFeatures.balance(hits.bm25Norm(position, stats),
        hits.vectorNorm(position, stats));
    if (chunk == null) {
      return model.scoreWithoutEvidence(relevance, balance);
    }
    ChunkUsage usage = chunk.usage();
    return model.score(relevance, balance, chunk.boost(), usage.logPrior(), usage.recency(),
        usage.frequency(logMaxUses), 0);
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
    int count = Math.min(topN, order.length);
    ensureFeatures(searcher, Arrays.copyOf(order, count));
    List<RescoredHit> out = new ArrayList<>(count);
    for (int r = 0; r < count; r++) {
      int i = order[r];
      out.add(new RescoredHit(hits.doc(i), candidates[i].chunkId(), i, scores[i], features[i]));
    }
    return out;
  }

  /**
   * The features {@code doc} was ranked with (its best-ranked copy), or null if it is not in
   * this window.
   */
  synchronized CandidateFeatures features(IndexSearcher searcher, int doc) throws IOException {
    for (int i : order) {
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
      if (candidates[i] == null && vouched[i] != null) {
        candidates[i] = hits.candidate(i, vouched[i].id(), null, null, vouched[i].learned());
      } else if (candidates[i] == null) {
        unread[count++] = i;
      }
    }
    if (count > 0) {
      scoring.reader().read(searcher, hits, Arrays.copyOf(unread, count), candidates);
    }
    for (int i : positions) {
      if (features[i] == null) {
        features[i] = features(scoring, stats, candidates[i], vouched[i]);
      }
    }
  }

  /**
   * The positions by score descending, then position ascending. A re-rank mostly keeps the first
   * stage's order (relevance carries most of the score), so an insertion sort does about one
   * comparison per hit there; large windows fall back to a merge sort. Both are stable.
   */
  private static int[] sort(double[] scores) {
    int n = scores.length;
    if (n > INSERTION_SORT_MAX) {
      return IntStream.range(0, n).boxed()
          .sorted((a, b) -> Double.compare(scores[b] + 0.0, scores[a] + 0.0))
          .mapToInt(Integer::intValue).toArray();
    }
    int[] order = new int[n];
    for (int i = 0; i < n; i++) {
      int j = i - 1;
      while (j >= 0 && scores[order[j]] < scores[i]) { // strictly lower score: i goes above
        order[j + 1] = order[j];
        j--;
      }
      order[j + 1] = i;
    }
    return order;
  }
}
