package dev.relearn.feedback.index;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.IntPredicate;

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
  /** The seed of the graphs' level assignment. */
  static final long SEED = 42;

  private final GraphSide within;
  private final GraphSide over;
  private final List<Integer> nodes = new ArrayList<>(); // by position, the live node
  private final BitSet overBudget = new BitSet(); // by position: its live node is on the over side
  private final ReadWriteLock lock = new ReentrantReadWriteLock();

  CentroidGraph(int dimension) {
    within = new GraphSide(dimension);
    over = new GraphSide(dimension);
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
      GraphSide side = side(position);
      int node = nodes.get(position);
      if (!side.moveInPlace(node, unit)) {
        side.retire(node);
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
        float[] centroid = within.retire(nodes.get(position));
        overBudget.set(position);
        nodes.set(position, over.link(centroid, position));
      }
    } finally {
      lock.writeLock().unlock();
    }
  }

  private GraphSide side(int position) {
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
      GraphSide side = overBudget ? over : within;
      return new Found(side.nearest(unit, k, minSimilarity, accepted), nodes.size());
    } catch (IOException e) {
      throw new UncheckedIOException("in-memory vectors cannot fail", e);
    } finally {
      lock.readLock().unlock();
    }
  }

  /** The positions of the clusters a lookup found, and how many the graph held. */
  record Found(int[] positions, int searched) {}
}
