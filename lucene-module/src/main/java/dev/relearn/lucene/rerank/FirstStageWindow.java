package dev.relearn.lucene.rerank;

import dev.relearn.lucene.fusion.FusedHit;
import dev.relearn.lucene.fusion.StageHit;
import dev.relearn.lucene.schema.LearnedValues;
import dev.relearn.lucene.search.StageScore;
import java.util.List;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;

/**
 * The first-stage hits a re-rank is given, in first-stage order, held column by column: doc ids,
 * scores, and each stage's score and rank. Most candidates of a window are scored from these
 * numbers alone, so no object is made per hit; a {@link Candidate} is made only for those the
 * re-rank reads or returns. Scores may be NaN or infinite here; they are neutralised later.
 * Filled once, then only read.
 */
final class FirstStageWindow {
  private final int[] docs;
  private final double[] scores;
  private final float[] bm25Scores;
  private final int[] bm25Ranks; // 0: no BM25 score
  private final float[] vectorScores;
  private final int[] vectorRanks; // 0: no vector score

  private FirstStageWindow(int size) {
    docs = new int[size];
    scores = new double[size];
    bm25Scores = new float[size];
    bm25Ranks = new int[size];
    vectorScores = new float[size];
    vectorRanks = new int[size];
  }

  /** A window of Lucene hits, without stage scores. */
  static FirstStageWindow of(ScoreDoc[] hits) {
    FirstStageWindow window = new FirstStageWindow(hits.length);
    for (int i = 0; i < hits.length; i++) {
      window.docs[i] = hits[i].doc;
      window.scores[i] = hits[i].score;
    }
    return window;
  }

  /** A window of fused hits, with each stage's score and rank. */
  static FirstStageWindow ofFused(List<FusedHit> hits) {
    FirstStageWindow window = new FirstStageWindow(hits.size());
    for (int i = 0; i < window.docs.length; i++) {
      FusedHit hit = hits.get(i);
      window.docs[i] = hit.doc();
      window.scores[i] = hit.score();
      StageHit lexical = hit.lexical();
      if (lexical != null) {
        window.bm25Scores[i] = lexical.score();
        window.bm25Ranks[i] = lexical.rank();
      }
      StageHit semantic = hit.semantic();
      if (semantic != null) {
        window.vectorScores[i] = semantic.score();
        window.vectorRanks[i] = semantic.rank();
      }
    }
    return window;
  }

  /** A window of one document, known by its first-stage score. */
  static FirstStageWindow single(int doc, double score) {
    FirstStageWindow window = new FirstStageWindow(1);
    window.docs[0] = doc;
    window.scores[0] = score;
    return window;
  }

  /** How many hits the window holds. */
  int size() {
    return docs.length;
  }

  /** The doc id at {@code position}. */
  int doc(int position) {
    return docs[position];
  }

  /** The first-stage score at {@code position}; may be NaN or infinite. */
  double score(int position) {
    return scores[position];
  }

  /**
   * Whether the first-stage scores never rise from one position to the next (false when one is
   * NaN). Neutralising an infinite score keeps that, so the relevance of every hit, a
   * non-decreasing function of its score, then never rises either.
   */
  boolean descending() {
    for (int i = 1; i < scores.length; i++) {
      if (!(scores[i] <= scores[i - 1])) {
        return false;
      }
    }
    return true;
  }

  /** The BM25 stage's view of the hit at {@code position}, or null. */
  StageScore bm25(int position) {
    return bm25Ranks[position] == 0 ? null
        : new StageScore(bm25Scores[position], bm25Ranks[position]);
  }

  /** The vector stage's view of the hit at {@code position}, or null. */
  StageScore vector(int position) {
    return vectorRanks[position] == 0 ? null
        : new StageScore(vectorScores[position], vectorRanks[position]);
  }

  /** Adds every hit's scores to {@code stats}. */
  void addTo(WindowStats.Builder stats) {
    for (int i = 0; i < docs.length; i++) {
      stats.addScore(scores[i]);
      if (bm25Ranks[i] != 0) {
        stats.bm25().add(bm25Scores[i]);
      }
      if (vectorRanks[i] != 0) {
        stats.vector().add(vectorScores[i]);
      }
    }
  }

  /** The hit at {@code position}'s BM25 score normalised over {@code stats}; 0 without one. */
  double bm25Norm(int position, WindowStats stats) {
    return bm25Ranks[position] == 0 ? 0 : stats.bm25().normalise(bm25Scores[position]);
  }

  /** The hit at {@code position}'s vector score normalised over {@code stats}; 0 without one. */
  double vectorNorm(int position, WindowStats stats) {
    return vectorRanks[position] == 0 ? 0 : stats.vector().normalise(vectorScores[position]);
  }

  /** The hit at {@code position} with what the index knows about it. */
  Candidate candidate(int position, String chunkId, String path, String kind,
      LearnedValues learned) {
    return new Candidate(docs[position], position, scores[position], bm25(position),
        vector(position), chunkId, path, kind, learned);
  }

  /** @throws IllegalArgumentException if a doc id is not in the searcher's reader */
  void requireInReader(IndexSearcher searcher) {
    int maxDoc = searcher.getIndexReader().maxDoc();
    for (int doc : docs) {
      if (doc < 0 || doc >= maxDoc) {
        throw new IllegalArgumentException(
            "doc " + doc + " is not in the searcher's reader (maxDoc " + maxDoc + ")");
      }
    }
  }
}
