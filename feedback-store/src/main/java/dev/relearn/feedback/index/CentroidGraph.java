package dev.relearn.feedback.index;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.IntPredicate;
import org.apache.lucene.codecs.hnsw.DefaultFlatVectorScorer;
import org.apache.lucene.index.FloatVectorValues;
import org.apache.lucene.index.VectorSimilarityFunction;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.KnnCollector;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TopKnnCollector;
import org.apache.lucene.util.Bits;
import org.apache.lucene.util.VectorUtil;
import org.apache.lucene.util.hnsw.HnswGraph;
import org.apache.lucene.util.hnsw.HnswGraphBuilder;
import org.apache.lucene.util.hnsw.HnswGraphSearcher;
import org.apache.lucene.util.hnsw.NeighborArray;
import org.apache.lucene.util.hnsw.OnHeapHnswGraph;

/**
 * Lucene's HNSW graphs over the cluster centroids, in memory, so that a lookup compares the query
 * with a few hundred centroids rather than every one. Each cluster, named by its position in the
 * {@link ClusterTable}, has one live node, on one of two sides: the clusters of sessions within
 * their event budget, and apart the others ({@link SessionBudget}), so that a session that sends
 * thousands of events never reshapes the graph the other sessions' past queries are found
 * through. Nodes are only added. When members move a centroid, its node takes the new vector in
 * place while that stays at least {@value #RELINK} similar to the vector the node was linked with
 * (the links still lead there); beyond, the cluster gets a new node, linked where it is now, and
 * the old one only helps walks through the graph. A cluster whose session goes over budget gets a
 * new node on the other side the same way.
 *
 * <p>Threading: lookups run concurrently under a read lock; the one writer adds a node or moves a
 * centroid under the write lock.
 */
final class CentroidGraph {
  /** Neighbours per node (Lucene's {@code M}). */
  static final int MAX_CONN = 16;
  /** Candidates kept while a node is linked in. */
  static final int BEAM_WIDTH = 32;
  /**
   * Once a lookup has found a centroid at its threshold, it walks on only through centroids at
   * most this much less similar than the threshold.
   */
  static final float WALK_MARGIN = 0.2f;
  /**
   * Candidates a walk keeps, as a multiple of the k it returns: on ToolLens's 15,893 training
   * sessions, 1 lost 0.009 nDCG@10 against the exact scan (0.6315 against 0.6402), 2 none
   * (0.6401; 4 gave 0.6408 at twice the re-rank time of 2).
   */
  static final int SEARCH_WIDTH = 2;
  /** A lookup that has found no centroid at its threshold after this many gives up. */
  static final int SCOUT_VISITS = 500;
  /** A moved centroid at least this similar to its node's linked vector keeps the node. */
  static final float RELINK = 0.99f;
  private static final long SEED = 42;

  private final Side within;
  private final Side over;
  private final List<Integer> nodes = new ArrayList<>(); // by position, the live node
  private final BitSet overBudget = new BitSet(); // by position: its live node is on the over side
  private final ReadWriteLock lock = new ReentrantReadWriteLock();

  CentroidGraph(int dimension) {
    within = new Side(dimension);
    over = new Side(dimension);
  }

  /**
   * Adds the cluster at position {@link #size()}, of centroid {@code unit}, on the side of sessions
   * over their budget when {@code overBudget}.
   */
  void add(float[] unit, boolean overBudget) {
    lock.writeLock().lock();
    try {
      int position = nodes.size();
      this.overBudget.set(position, overBudget);
      nodes.add(side(position).link(unit, position));
    } finally {
      lock.writeLock().unlock();
    }
  }

  /** The cluster at {@code position} has a new centroid, {@code unit}. */
  void move(int position, float[] unit) {
    lock.writeLock().lock();
    try {
      Side side = side(position);
      int node = nodes.get(position);
      if (VectorUtil.dotProduct(side.linked.get(node), unit) >= RELINK) {
        side.vectors.set(node, unit);
      } else {
        side.positions.set(node, -1);
        nodes.set(position, side.link(unit, position));
      }
    } finally {
      lock.writeLock().unlock();
    }
  }

  /** The cluster at {@code position} belongs to a session over its budget from now on. */
  void moveOverBudget(int position) {
    lock.writeLock().lock();
    try {
      if (!overBudget.get(position)) {
        int node = nodes.get(position);
        within.positions.set(node, -1);
        overBudget.set(position);
        nodes.set(position, over.link(within.vectors.get(node), position));
      }
    } finally {
      lock.writeLock().unlock();
    }
  }

  private Side side(int position) {
    return overBudget.get(position) ? over : within;
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
   * The positions of about {@code k} clusters nearest {@code unit} and at least {@code
   * minSimilarity} similar (approximate; some may be less) among those on the side of sessions
   * over their budget or not ({@code overBudget}) whose positions are {@code accepted}, and how
   * many clusters the graph held: those from there on were not searched.
   */
  Found nearest(float[] unit, int k, float minSimilarity, IntPredicate accepted,
      boolean overBudget) {
    lock.readLock().lock();
    try {
      Side side = overBudget ? over : within;
      return new Found(side.nearest(unit, k, minSimilarity, accepted), nodes.size());
    } catch (IOException e) {
      throw new UncheckedIOException("in-memory vectors cannot fail", e);
    } finally {
      lock.readLock().unlock();
    }
  }

  /** One side's graph: its nodes' vectors and positions, and the builder that links them. */
  private static final class Side {
    private final List<float[]> vectors = new ArrayList<>(); // by node
    private final List<float[]> linked = new ArrayList<>(); // by node, as it was linked
    private final List<Integer> positions = new ArrayList<>(); // by node; -1 once replaced
    private final FloatVectorValues values;
    private final HnswGraphBuilder builder;

    Side(int dimension) {
      values = FloatVectorValues.fromFloats(vectors, dimension);
      try {
        builder = HnswGraphBuilder.create(DefaultFlatVectorScorer.INSTANCE
            .getRandomVectorScorerSupplier(VectorSimilarityFunction.DOT_PRODUCT, values),
            MAX_CONN, BEAM_WIDTH, SEED);
      } catch (IOException e) {
        throw new UncheckedIOException("in-memory vectors cannot fail", e);
      }
    }

    int link(float[] unit, int position) {
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

    int[] nearest(float[] unit, int k, float minSimilarity, IntPredicate accepted)
        throws IOException {
      int size = vectors.size();
      if (size == 0) { // nothing on this side, or a graph still being built in the background
        return new int[0];
      }
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
      Walker collector = new Walker(k, minSimilarity);
      HnswGraphSearcher.search(DefaultFlatVectorScorer.INSTANCE.getRandomVectorScorer(
          VectorSimilarityFunction.DOT_PRODUCT, values, unit), collector,
          new Walk(builder.getGraph()), accept);
      ScoreDoc[] hits = collector.topDocs().scoreDocs;
      int[] found = new int[hits.length];
      for (int i = 0; i < hits.length; i++) {
        found[i] = positions.get(hits[i].doc);
      }
      return found;
    }
  }

  /** Lucene's top k, told when to stop walking (see {@link #WALK_MARGIN}). */
  private static final class Walker extends KnnCollector.Decorator {
    private final float threshold; // as a DOT_PRODUCT score, (1 + cosine) / 2
    private final float floor;
    private boolean reached;

    Walker(int k, float minSimilarity) {
      super(new TopKnnCollector(k * SEARCH_WIDTH, Integer.MAX_VALUE));
      threshold = (1 + minSimilarity) / 2;
      floor = (1 + minSimilarity - WALK_MARGIN) / 2;
    }

    @Override
    public boolean collect(int node, float score) {
      reached |= score >= threshold;
      return super.collect(node, score);
    }

    @Override
    public boolean earlyTerminated() {
      return super.earlyTerminated() || (!reached && visitedCount() > SCOUT_VISITS);
    }

    @Override
    public float minCompetitiveSimilarity() {
      return reached ? Math.max(super.minCompetitiveSimilarity(), floor)
          : super.minCompetitiveSimilarity();
    }
  }

  /**
   * One walk's cursor over the shared graph, whose own {@code seek} and {@code nextNeighbor}
   * share one cursor between threads.
   */
  private static final class Walk extends HnswGraph {
    private final OnHeapHnswGraph graph;
    private NeighborArray current;
    private int upto;

    Walk(OnHeapHnswGraph graph) {
      this.graph = graph;
    }

    @Override
    public void seek(int level, int target) {
      current = graph.getNeighbors(level, target);
      upto = -1;
    }

    @Override
    public int nextNeighbor() {
      return ++upto < current.size() ? current.nodes()[upto] : DocIdSetIterator.NO_MORE_DOCS;
    }

    @Override
    public int neighborCount() {
      return current.size();
    }

    @Override
    public int size() {
      return graph.size();
    }

    @Override
    public int maxNodeId() {
      return graph.maxNodeId();
    }

    @Override
    public int numLevels() {
      return graph.numLevels();
    }

    @Override
    public int maxConn() {
      return graph.maxConn();
    }

    @Override
    public int entryNode() {
      return graph.entryNode();
    }

    @Override
    public NodesIterator getNodesOnLevel(int level) {
      return graph.getNodesOnLevel(level);
    }
  }

  /** The positions of the clusters a lookup found, and how many the graph held. */
  record Found(int[] positions, int searched) {}
}
