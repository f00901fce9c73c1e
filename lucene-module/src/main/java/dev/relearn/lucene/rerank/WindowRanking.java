package dev.relearn.lucene.rerank;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.lucene.search.IndexSearcher;

/**
 * One window of first-stage hits ranked by a {@link LinearModel}, reading the index only where a
 * score needs it. A candidate no similar past query vouches for (see {@link VouchedDocs}) has
 * learned terms of exactly {@code +0.0}, so without a request context its score comes from its
 * first-stage scores alone ({@link FeatureExtractor#unvouchedScore}). Ids and learned values are
 * read for the vouched candidates (for all when a context needs their path and kind); {@link
 * CandidateFeatures} are built for those and for the hits {@link #top} hands out, so that every
 * returned hit carries exactly the features its score came from.
 *
 * <p>Positions sort by score descending, then by first-stage position. {@link #top} and {@link
 * #features} may be called from several threads (an explain beside a search).
 */
final class WindowRanking {
  /** Windows up to this size are sorted by insertion: see {@link #sort}. */
  private static final int INSERTION_SORT_MAX = 256;

  private final List<FirstStageHit> hits;
  private final Scoring scoring;
  private final WindowStats stats;
  private final Candidate[] candidates; // guarded by this; null where not read yet
  private final CandidateFeatures[] features; // guarded by this; null where not built yet
  private final double[] scores;
  private final int[] order;

  /** What a window is scored with. */
  record Scoring(FeedbackEvidence evidence, VouchedDocs vouched, CandidateReader reader,
      FeatureExtractor extractor, RerankOptions options) {}

  private WindowRanking(List<FirstStageHit> hits, Scoring scoring, WindowStats stats,
      Candidate[] candidates, CandidateFeatures[] features, double[] scores) {
    this.hits = hits;
    this.scoring = scoring;
    this.stats = stats;
    this.candidates = candidates;
    this.features = features;
    this.scores = scores;
    this.order = sort(scores);
  }

  /**
   * Ranks {@code hits} (in first-stage order).
   *
   * @throws IllegalArgumentException if a doc id is not in the searcher's reader
   */
  static WindowRanking rank(IndexSearcher searcher, List<FirstStageHit> hits, Scoring scoring)
      throws IOException {
    CandidateReader.requireInReader(searcher, hits);
    int n = hits.size();
    boolean[] vouched = new boolean[n];
    int[] toRead = new int[n];
    int reads = 0;
    for (int i = 0; i < n; i++) {
      vouched[i] = scoring.vouched().contains(hits.get(i).doc());
      if (vouched[i] || scoring.reader().readsContext()) {
        toRead[reads++] = i;
      }
    }
    Candidate[] candidates = new Candidate[n];
    scoring.reader().read(searcher, hits, Arrays.copyOf(toRead, reads), candidates);
    WindowStats.Builder window = new WindowStats.Builder();
    for (int i = 0; i < n; i++) {
      FirstStageHit hit = hits.get(i);
      window.add(hit.score(), hit.bm25(), hit.vector());
      if (vouched[i]) {
        window.addUses(candidates[i].learned().clicks());
      }
    }
    WindowStats stats = window.build();
    LinearModel model = scoring.options().model();
    CandidateFeatures[] features = new CandidateFeatures[n];
    double[] scores = new double[n];
    for (int i = 0; i < n; i++) {
      if (candidates[i] != null) {
        features[i] = scoring.extractor().features(candidates[i], stats, scoring.evidence(),
            scoring.options().context());
        scores[i] = model.score(features[i]);
      } else {
        FirstStageHit hit = hits.get(i);
        scores[i] = FeatureExtractor.unvouchedScore(hit.score(), hit.bm25(), hit.vector(), stats,
            model);
      }
    }
    return new WindowRanking(hits, scoring, stats, candidates, features, scores);
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
      out.add(new RescoredHit(hits.get(i).doc(), candidates[i].chunkId(), i, scores[i],
          features[i]));
    }
    return out;
  }

  /**
   * The features {@code doc} was ranked with (its best-ranked copy), or null if it is not in
   * this window.
   */
  synchronized CandidateFeatures features(IndexSearcher searcher, int doc) throws IOException {
    for (int i : order) {
      if (hits.get(i).doc() == doc) {
        ensureFeatures(searcher, new int[] {i});
        return features[i];
      }
    }
    return null;
  }

  /** Reads and builds the features of those {@code positions} that have none yet. */
  private void ensureFeatures(IndexSearcher searcher, int[] positions) throws IOException {
    int[] unread = new int[positions.length];
    int count = 0;
    for (int i : positions) {
      if (candidates[i] == null) {
        unread[count++] = i;
      }
    }
    if (count > 0) {
      scoring.reader().read(searcher, hits, Arrays.copyOf(unread, count), candidates);
    }
    for (int i : positions) {
      if (features[i] == null) {
        features[i] = scoring.extractor().features(candidates[i], stats, scoring.evidence(),
            scoring.options().context());
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
