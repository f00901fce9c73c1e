package dev.relearn.feedback.index;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.IntPredicate;
import org.apache.lucene.codecs.hnsw.DefaultFlatVectorScorer;
import org.apache.lucene.index.FloatVectorValues;
import org.apache.lucene.index.VectorSimilarityFunction;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.util.Bits;
import org.apache.lucene.util.VectorUtil;
import org.apache.lucene.util.hnsw.HnswGraphBuilder;
import org.apache.lucene.util.hnsw.HnswGraphSearcher;
import org.apache.lucene.util.hnsw.OnHeapHnswGraph;

/**
 * Lucene's HNSW graph over the cluster centroids, in memory, so that a lookup compares the query
 * with a few hundred centroids rather than every one. Each cluster, named by its position in the
 * {@link ClusterTable}, has one live node; nodes are only added. When members move a centroid,
 * its node takes the new vector in place while that stays at least {@value #RELINK} similar to
 * the vector the node was linked with (the links still lead there); beyond, the cluster gets a
 * new node, linked where it is now, and the old one only helps walks through the graph.
 *
 * <p>Threading: lookups run concurrently under a read lock; the one writer adds a node or moves a
 * centroid under the write lock.
 */
final class CentroidGraph {
  /** Neighbours per node (Lucene's {@code M}). */
  static final int MAX_CONN = 16;
  /** Candidates kept while a node is linked in. */
  static final int BEAM_WIDTH = 32;
  /** Candidates kept while a lookup walks the graph, at least. */
  static final int MIN_SEARCH_BEAM = 64;
  /** A moved centroid at least this similar to its node's linked vector keeps the node. */
  static final float RELINK = 0.99f;
  private static final long SEED = 42;

  private final List<float[]> vectors = new ArrayList<>(); // by node
  private final List<float[]> linked = new ArrayList<>(); // by node, as it was linked
  private final List<Integer> positions = new ArrayList<>(); // by node; -1 once replaced
  private final List<Integer> nodes = new ArrayList<>(); // by position, the live node
  private final FloatVectorValues values;
  private final HnswGraphBuilder builder;
  private final ReadWriteLock lock = new ReentrantReadWriteLock();

  CentroidGraph(int dimension) {
    values = FloatVectorValues.fromFloats(vectors, dimension);
    try {
      builder = HnswGraphBuilder.create(DefaultFlatVectorScorer.INSTANCE
          .getRandomVectorScorerSupplier(VectorSimilarityFunction.DOT_PRODUCT, values),
          MAX_CONN, BEAM_WIDTH, SEED);
    } catch (IOException e) {
      throw new UncheckedIOException("in-memory vectors cannot fail", e);
    }
  }

  /** Adds the cluster at position {@link #size()}, of centroid {@code unit}. */
  void add(float[] unit) {
    lock.writeLock().lock();
    try {
      nodes.add(link(unit, nodes.size()));
    } finally {
      lock.writeLock().unlock();
    }
  }

  /** The cluster at {@code position} has a new centroid, {@code unit}. */
  void move(int position, float[] unit) {
    lock.writeLock().lock();
    try {
      int node = nodes.get(position);
      if (VectorUtil.dotProduct(linked.get(node), unit) >= RELINK) {
        vectors.set(node, unit);
      } else {
        positions.set(node, -1);
        nodes.set(position, link(unit, position));
      }
    } finally {
      lock.writeLock().unlock();
    }
  }

  private int link(float[] unit, int position) {
    vectors.add(unit);
    linked.add(unit);
    positions.add(position);
    try {
      builder.addGraphNode(vectors.size() - 1);
    } catch (IOException e) {
      throw new UncheckedIOException("in-memory vectors cannot fail", e);
    }
    return vectors.size() - 1;
  }

  /** How many clusters the graph holds: those at positions below this. */
  int size() {
    lock.readLock().lock();
    try {
      return nodes.size();
    } finally {
      lock.readLock().unlock();
    }
  }

  /**
   * The positions of about {@code k} clusters nearest {@code unit} among those whose positions
   * are {@code accepted} (approximate), and how many clusters the graph held: those from there
   * on were not searched.
   */
  Found nearest(float[] unit, int k, IntPredicate accepted) {
    lock.readLock().lock();
    try {
      int size = vectors.size();
      Bits accept = new Bits() {
        @Override
        public boolean get(int node) {
          int position = positions.get(node);
          return position >= 0 && accepted.test(position);
        }

        @Override
        public int length() {
          return size;
        }
      };
      ScoreDoc[] hits = HnswGraphSearcher.search(DefaultFlatVectorScorer.INSTANCE
          .getRandomVectorScorer(VectorSimilarityFunction.DOT_PRODUCT, values, unit),
          Math.max(k, MIN_SEARCH_BEAM), graph(), accept, Integer.MAX_VALUE).topDocs().scoreDocs;
      int[] found = new int[hits.length];
      for (int i = 0; i < hits.length; i++) {
        found[i] = positions.get(hits[i].doc);
      }
      return new Found(found, nodes.size());
    } catch (IOException e) {
      throw new UncheckedIOException("in-memory vectors cannot fail", e);
    } finally {
      lock.readLock().unlock();
    }
  }

  private OnHeapHnswGraph graph() {
    return builder.getGraph();
  }

  /** The positions of the clusters a lookup found, and how many the graph held. */
  record Found(int[] positions, int searched) {}
}
