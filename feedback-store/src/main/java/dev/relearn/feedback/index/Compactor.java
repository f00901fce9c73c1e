package dev.relearn.feedback.index;

import dev.relearn.feedback.index.VectorSearch.Neighbour;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.util.Bits;

/**
 * Plans a compaction: greedily, largest cluster first, each cluster not yet taken absorbs every
 * other untaken cluster, of any session, whose centroid's similarity to its own is above the
 * threshold. Similarity is measured against the seed's centroid as it was, so clusters do not
 * chain. Above the exact-search size each seed looks at its {@value #NEIGHBOURS} nearest
 * clusters only; a second compaction picks up what one pass left.
 */
final class Compactor {
  /** The most clusters one seed absorbs in a pass. */
  static final int NEIGHBOURS = 256;

  /**
   * The writes a compaction needs.
   *
   * @param updated merged clusters, each replacing the document of its id
   * @param removed ids of clusters absorbed into another, to delete
   */
  record Plan(List<Cluster> updated, List<String> removed) {
    Plan {
      updated = List.copyOf(updated);
      removed = List.copyOf(removed);
    }
  }

  private final ClusterMerger merger;
  private final float threshold;

  Compactor(ClusterMerger merger, float threshold) {
    this.merger = merger;
    this.threshold = threshold;
  }

  /** Plans the compaction of what {@code searcher} sees. */
  Plan plan(IndexSearcher searcher, boolean exact) throws IOException {
    List<int[]> seeds = seedsLargestFirst(searcher);
    boolean[] taken = new boolean[searcher.getIndexReader().maxDoc()];
    StoredFields stored = searcher.storedFields();
    Set<String> centroidOnly = Set.of(FeedbackFields.CENTROID_STORED);
    List<Cluster> updated = new ArrayList<>();
    List<String> removed = new ArrayList<>();
    for (int[] seed : seeds) {
      int doc = seed[0];
      if (taken[doc]) {
        continue;
      }
      taken[doc] = true;
      float[] centroid = FeedbackFields.vector(
          stored.document(doc, centroidOnly).getBinaryValue(FeedbackFields.CENTROID_STORED));
      Cluster merged = null;
      for (Neighbour near : VectorSearch.search(searcher, centroid, threshold, NEIGHBOURS, null,
          exact)) {
        if (taken[near.doc()] || !(near.similarity() > threshold)) {
          continue;
        }
        taken[near.doc()] = true;
        if (merged == null) {
          merged = FeedbackFields.cluster(stored.document(doc));
        }
        Cluster other = FeedbackFields.cluster(stored.document(near.doc()));
        merged = merger.combine(merged, other);
        removed.add(other.id());
      }
      if (merged != null) {
        updated.add(merged);
      }
    }
    return new Plan(updated, removed);
  }

  /** Every live document as {doc, events}, most events first, then in document order. */
  private static List<int[]> seedsLargestFirst(IndexSearcher searcher) throws IOException {
    List<int[]> seeds = new ArrayList<>();
    for (LeafReaderContext leaf : searcher.getIndexReader().leaves()) {
      NumericDocValues events = DocValues.getNumeric(leaf.reader(), FeedbackFields.EVENTS);
      Bits live = leaf.reader().getLiveDocs();
      for (int doc = events.nextDoc(); doc != NumericDocValues.NO_MORE_DOCS;
          doc = events.nextDoc()) {
        if (live == null || live.get(doc)) {
          seeds.add(new int[] {leaf.docBase + doc, (int) events.longValue()});
        }
      }
    }
    seeds.sort(Comparator.comparingInt((int[] s) -> -s[1]).thenComparingInt(s -> s[0]));
    return seeds;
  }
}
