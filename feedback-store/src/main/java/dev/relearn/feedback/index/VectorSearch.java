package dev.relearn.feedback.index;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import org.apache.lucene.index.FloatVectorValues;
import org.apache.lucene.index.KnnVectorValues;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.search.AcceptDocs;
import org.apache.lucene.search.ConjunctionUtils;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.KnnFloatVectorQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Scorer;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.Weight;
import org.apache.lucene.util.Bits;
import org.apache.lucene.util.VectorUtil;

/**
 * Finds the clusters whose centroids are most similar to a unit query vector, by one of two
 * paths that return the same thing: exact (every live centroid's dot product, read from the
 * vector values of each segment) or approximate (Lucene's HNSW {@link KnnFloatVectorQuery},
 * whose {@code DOT_PRODUCT} score {@code (1 + dot) / 2} is turned back into the dot product).
 * Results are most similar first, ties by document order.
 */
final class VectorSearch {
  /** A cluster found: its top-level document number and its similarity to the query. */
  record Neighbour(int doc, float similarity) {}

  private static final Comparator<Neighbour> BEST_FIRST =
      Comparator.comparingDouble((Neighbour n) -> n.similarity()).reversed()
          .thenComparingInt(Neighbour::doc);

  private VectorSearch() {}

  /**
   * The at most {@code k} clusters with similarity at least {@code min}.
   *
   * @param unitQuery the query, unit length; not modified
   * @param filter restricts the candidates, or null for none
   * @param exact compare every vector rather than walk the HNSW graph
   */
  static List<Neighbour> search(IndexSearcher searcher, float[] unitQuery, float min, int k,
      Query filter, boolean exact) throws IOException {
    if (k < 1) {
      throw new IllegalArgumentException("k must be at least 1, got: " + k);
    }
    return exact ? exact(searcher, unitQuery, min, k, filter)
        : approximate(searcher, unitQuery, min, k, filter);
  }

  private static List<Neighbour> exact(IndexSearcher searcher, float[] query, float min, int k,
      Query filter) throws IOException {
    PriorityQueue<Neighbour> worstFirst = new PriorityQueue<>(BEST_FIRST.reversed());
    Weight filterWeight = filter == null ? null
        : searcher.createWeight(searcher.rewrite(filter), ScoreMode.COMPLETE_NO_SCORES, 1f);
    for (LeafReaderContext leaf : searcher.getIndexReader().leaves()) {
      FloatVectorValues values = leaf.reader().getFloatVectorValues(FeedbackFields.CENTROID);
      if (values == null) {
        continue;
      }
      KnnVectorValues.DocIndexIterator vectors = values.iterator();
      DocIdSetIterator candidates = vectors;
      if (filterWeight != null) {
        Scorer scorer = filterWeight.scorer(leaf);
        if (scorer == null) {
          continue;
        }
        candidates = ConjunctionUtils.intersectIterators(List.of(scorer.iterator(), vectors));
      }
      Bits live = leaf.reader().getLiveDocs();
      for (int doc = candidates.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS;
          doc = candidates.nextDoc()) {
        if (live != null && !live.get(doc)) {
          continue;
        }
        float similarity = VectorUtil.dotProduct(query, values.vectorValue(vectors.index()));
        if (similarity >= min) {
          worstFirst.add(new Neighbour(leaf.docBase + doc, similarity));
          if (worstFirst.size() > k) {
            worstFirst.poll();
          }
        }
      }
    }
    List<Neighbour> out = new ArrayList<>(worstFirst);
    out.sort(BEST_FIRST);
    return out;
  }

  private static List<Neighbour> approximate(IndexSearcher searcher, float[] query, float min,
      int k, Query filter) throws IOException {
    List<Neighbour> out = new ArrayList<>();
    if (filter != null) {
      TopDocs top = searcher.search(
          new KnnFloatVectorQuery(FeedbackFields.CENTROID, query.clone(), k, filter), k);
      collect(top, 0, min, out);
    } else {
      // Unfiltered lookups (every search's) walk each segment's graph directly: the query path's
      // rewrite, per-leaf tasks and second search cost more than the graph walk itself.
      for (LeafReaderContext leaf : searcher.getIndexReader().leaves()) {
        LeafReader reader = leaf.reader();
        if (reader.getFloatVectorValues(FeedbackFields.CENTROID) != null) {
          collect(reader.searchNearestVectors(FeedbackFields.CENTROID, query, k,
              AcceptDocs.fromLiveDocs(reader.getLiveDocs(), reader.maxDoc()), Integer.MAX_VALUE),
              leaf.docBase, min, out);
        }
      }
    }
    out.sort(BEST_FIRST);
    return out.size() > k ? new ArrayList<>(out.subList(0, k)) : out;
  }

  /** Adds the hits whose {@code DOT_PRODUCT} score {@code (1 + dot) / 2} means dot >= min. */
  private static void collect(TopDocs top, int docBase, float min, List<Neighbour> out) {
    for (ScoreDoc hit : top.scoreDocs) {
      float similarity = 2f * hit.score - 1f;
      if (similarity >= min) {
        out.add(new Neighbour(docBase + hit.doc, similarity));
      }
    }
  }
}
