package dev.relearn.feedback.index;

import static dev.relearn.feedback.index.CentroidGraph.BEAM_WIDTH;
import static dev.relearn.feedback.index.CentroidGraph.MAX_CONN;
import static dev.relearn.feedback.index.CentroidGraph.SCOUT_VISITS;
import static dev.relearn.feedback.index.CentroidGraph.SEARCH_WIDTH;
import static dev.relearn.feedback.index.CentroidGraph.WALK_MARGIN;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
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
 * One side of a {@link CentroidGraph}: Lucene's HNSW graph over its nodes' vectors, each node
 * naming the cluster position it stands for (-1 once replaced), and the walk a lookup takes
 * through it. Not thread-safe by itself: the {@link CentroidGraph}'s lock guards it.
 */
final class GraphSide {
  private final List<float[]> vectors = new ArrayList<>(); // by node
  private final List<float[]> linked = new ArrayList<>(); // by node, as it was linked
  private final List<Integer> positions = new ArrayList<>(); // by node; -1 once replaced
  private final FloatVectorValues values;
  private final HnswGraphBuilder builder;

  GraphSide(int dimension) {
    values = FloatVectorValues.fromFloats(vectors, dimension);
    try {
      builder = HnswGraphBuilder.create(DefaultFlatVectorScorer.INSTANCE
          .getRandomVectorScorerSupplier(VectorSimilarityFunction.DOT_PRODUCT, values),
          MAX_CONN, BEAM_WIDTH, CentroidGraph.SEED);
    } catch (IOException e) {
      throw new UncheckedIOException("in-memory vectors cannot fail", e);
    }
  }

  /**
   * Takes {@code unit} as node {@code node}'s vector if it is at least {@link
   * CentroidGraph#RELINK} similar to the vector the node was linked with; false if not.
   */
  boolean moveInPlace(int node, float[] unit) {
    if (VectorUtil.dotProduct(linked.get(node), unit) < CentroidGraph.RELINK) {
      return false;
    }
    vectors.set(node, unit);
    return true;
  }

  /** Node {@code node} stands for no cluster from now on (it only helps walks); its vector. */
  float[] retire(int node) {
    positions.set(node, -1);
    return vectors.get(node);
  }

  /** Links a new node of vector {@code unit} for the cluster at {@code position}; its number. */
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

  /** The positions of about {@code k} accepted clusters nearest {@code unit} (see the graph). */
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

  /** Lucene's top k, told when to stop walking (see {@link CentroidGraph#WALK_MARGIN}). */
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
}
