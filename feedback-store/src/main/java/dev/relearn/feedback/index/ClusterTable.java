package dev.relearn.feedback.index;

import dev.relearn.feedback.event.FeedbackEvent;
import dev.relearn.lucene.feedback.ChunkEvidence;
import dev.relearn.lucene.feedback.PastQuery;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.function.IntPredicate;
import org.apache.lucene.util.VectorUtil;

/**
 * The query clusters, in memory, derived from the events index. Lookups see them as last {@link
 * #publish published}; changes come one at a time, from the owner's lock. Below {@value
 * #EXACT_BELOW} clusters a lookup compares every centroid; from there on it walks an HNSW graph of
 * the centroids ({@link CentroidGraph}), so it may miss a cluster an exact scan would return.
 */
final class ClusterTable {
  /** Below this many clusters lookups compare every centroid. */
  static final int EXACT_BELOW = 1_000;

  /** A cluster found by a lookup, at its position in the table. */
  private record Hit(Cluster cluster, int position, float similarity, double share) {}

  /** What lookups read: the first {@code size} slots, and their centroids' graph, if any. */
  private record View(Cluster[] slots, int size, CentroidGraph graph, GraphUpkeep upkeep) {}

  private static final Comparator<Hit> BEST_FIRST = Comparator
      .comparingDouble((Hit h) -> h.similarity()).reversed().thenComparingInt(Hit::position);

  private final FeedbackIndexConfig config;
  private final ClusterMerger merger;
  private final List<Cluster> slots = new ArrayList<>();
  private final Map<String, Integer> positions = new HashMap<>();
  private final Map<String, Set<String>> bySession = new HashMap<>();
  private final SessionBudget budget = new SessionBudget();
  private CentroidGraph graph; // of the slots by position; null below EXACT_BELOW
  private GraphUpkeep upkeep; // of the graph
  /** The slots as lookups read them: appended in place, copied before a published one changes. */
  private Cluster[] shared = new Cluster[16];
  private boolean sharedIsPublished; // a published view reads this array: copy before a change
  private volatile View published = new View(shared, 0, null, null);

  ClusterTable(FeedbackIndexConfig config) {
    this.config = config;
    this.merger = new ClusterMerger(config.perSessionCap(), config.decay(), config.clock());
  }

  /** The session's cluster most similar to {@code unit}, if at least the merge similarity. */
  Cluster mergeTarget(String session, float[] unit) {
    Cluster best = null;
    float bestSimilarity = config.mergeSimilarity();
    for (String id : bySession.getOrDefault(session, Set.of())) {
      Cluster cluster = slots.get(positions.get(id));
      float similarity = VectorUtil.dotProduct(unit, cluster.sharedCentroid());
      if (similarity >= bestSimilarity && (best == null || similarity > bestSimilarity)) {
        best = cluster;
        bestSimilarity = similarity;
      }
    }
    return best;
  }

  /** Adds an event to cluster {@code clusterId}, founding it if there is none (not published). */
  Cluster join(String clusterId, FeedbackEvent event, float[] unit,
      Map<String, ChunkEvidence> evidence) {
    Integer at = positions.get(clusterId);
    Cluster cluster = at == null ? merger.create(clusterId, event, unit, evidence)
        : merger.absorb(slots.get(at), event, unit, evidence);
    if (at == null) {
      positions.put(clusterId, slots.size());
      slots.add(cluster);
      if (slots.size() > shared.length) {
        shared = Arrays.copyOf(shared, shared.length * 2);
        sharedIsPublished = false;
      }
      shared[slots.size() - 1] = cluster;
    } else {
      slots.set(at, cluster);
      if (sharedIsPublished && at < published.size()) {
        shared = shared.clone();
        sharedIsPublished = false;
      }
      shared[at] = cluster;
      if (graph != null && at < graph.size()) {
        graph.move(at, cluster.sharedCentroid());
      }
    }
    bySession.computeIfAbsent(event.sessionHash(), s -> new LinkedHashSet<>()).add(clusterId);
    if (budget.add(event.sessionHash()) && graph != null) {
      for (String id : bySession.get(event.sessionHash())) {
        int position = positions.get(id);
        if (position < graph.size()) {
          graph.moveOverBudget(position);
        }
      }
    }
    return cluster;
  }

  void publish() {
    publish(false);
  }

  /** {@link #publish()} of a table derived from the events: a large one's graph builds apart. */
  void publishDerived() {
    publish(true);
  }

  private void publish(boolean background) {
    if (graph == null && slots.size() >= EXACT_BELOW) {
      graph = new CentroidGraph(config.dimension());
      upkeep = new GraphUpkeep(graph);
    }
    Cluster[] shown = shared;
    published = new View(shown, slots.size(), graph, upkeep);
    sharedIsPublished = true;
    if (upkeep != null) {
      upkeep.offer(slots.size(), i -> shown[i].sharedCentroid(), i -> budget.share(shown[i]) < 1,
          background);
    }
  }

  /** How many clusters the graph holds; for tests. */
  int linked() {
    return graph == null ? 0 : graph.size();
  }

  /** Waits until the graph holds every published cluster; for tests. */
  void awaitGraph() throws InterruptedException {
    if (upkeep != null) {
      upkeep.awaitCaughtUp();
    }
  }

  /** Stops building the graph in the background: this table is no longer used for lookups. */
  void retire() {
    if (upkeep != null) {
      upkeep.stop();
    }
  }

  /** Whether a graph was being kept and is no longer; for tests. */
  boolean graphStopped() {
    return upkeep != null && upkeep.stopped();
  }

  /** The cluster of id {@code id}, or null. */
  Cluster get(String id) {
    Integer at = positions.get(id);
    return at == null ? null : slots.get(at);
  }

  /** The clusters {@code session} contributed to, or every one when it is null. */
  List<Cluster> touchedBy(String session) {
    return slots.stream()
        .filter(cluster -> session == null || cluster.sessions().contains(session)).toList();
  }

  /** Removes the clusters of {@code ids}, publishes the rest (the caller derives a new table). */
  void remove(Collection<String> ids) {
    Set<String> gone = Set.copyOf(ids);
    List<Cluster> kept = slots.stream().filter(cluster -> !gone.contains(cluster.id())).toList();
    slots.clear();
    positions.clear();
    bySession.clear();
    budget.clear();
    for (Cluster cluster : kept) {
      positions.put(cluster.id(), slots.size());
      slots.add(cluster);
      cluster.sessions().forEach(s ->
          bySession.computeIfAbsent(s, x -> new LinkedHashSet<>()).add(cluster.id()));
      budget.addAll(cluster);
    }
    if (upkeep != null) {
      upkeep.stop();
    }
    graph = null;
    upkeep = null;
    shared = slots.toArray(new Cluster[Math.max(16, slots.size())]);
    published = new View(shared, slots.size(), null, null);
    sharedIsPublished = true;
  }

  /** How many clusters lookups see. */
  int size() {
    return published.size();
  }

  /** The clusters lookups see, in the order they were founded. */
  List<Cluster> clusters() {
    View view = published;
    return List.of(Arrays.copyOf(view.slots(), view.size()));
  }

  /**
   * The at most {@code max} clusters at least {@code minSimilarity} similar to {@code unit}, most
   * similar (then earliest) first, without those {@code skipped} sessions contributed to; evidence
   * decayed to {@code nowMillis}. Sessions over budget are found apart, never crowding others out.
   */
  List<PastQuery> similar(float[] unit, float minSimilarity, int max, Collection<String> skipped,
      long nowMillis) {
    View view = published;
    Cluster[] shown = view.slots();
    int count = view.size();
    Found found = new Found(max);
    IntPredicate accepted = i -> i < count
        && (skipped.isEmpty() || Collections.disjoint(shown[i].sessions(), skipped));
    int exactFrom = 0;
    if (view.graph() != null) { // within budget and over it apart: neither crowds the other out
      view.upkeep().used();
      boolean split = budget.anyOver();
      for (boolean within : split ? new boolean[] {true, false} : new boolean[] {true}) {
        IntPredicate side = !split ? accepted
            : i -> accepted.test(i) && (budget.share(shown[i]) == 1) == within;
        CentroidGraph.Found near = view.graph().nearest(unit, max, minSimilarity, side, !within);
        for (int at : near.positions()) {
          found.offer(shown, at, VectorUtil.dotProduct(unit, shown[at].sharedCentroid()),
              minSimilarity);
        }
        exactFrom = Math.min(near.searched(), count);
      }
    }
    for (int i = exactFrom; i < count; i++) {
      if (accepted.test(i)) {
        found.offer(shown, i, VectorUtil.dotProduct(unit, shown[i].sharedCentroid()),
            minSimilarity);
      }
    }
    List<Hit> hits = found.best();
    List<PastQuery> out = new ArrayList<>(hits.size());
    Decay decay = config.decay();
    for (Hit hit : hits) {
      Cluster cluster = hit.cluster();
      out.add(new PastQuery(Math.max(-1f, Math.min(1f, hit.similarity())), cluster.events(),
          cluster.chunks(), cluster.lastMillis(),
          decay.factor(cluster.lastMillis(), nowMillis), cluster.sessions(), hit.share()));
    }
    return out;
  }

  /** The best {@code max} hits within their sessions' budget and, apart, of the others. */
  private final class Found {
    private final int max;
    private final PriorityQueue<Hit> within = new PriorityQueue<>(BEST_FIRST.reversed());
    private final PriorityQueue<Hit> over = new PriorityQueue<>(BEST_FIRST.reversed());

    Found(int max) {
      this.max = max;
    }

    void offer(Cluster[] slots, int at, float similarity, float minSimilarity) {
      if (similarity >= minSimilarity) {
        double share = budget.share(slots[at]);
        PriorityQueue<Hit> queue = share == 1.0 ? within : over;
        queue.add(new Hit(slots[at], at, similarity, share));
        if (queue.size() > max) {
          queue.poll();
        }
      }
    }

    List<Hit> best() {
      List<Hit> hits = new ArrayList<>(within);
      hits.addAll(over);
      hits.sort(BEST_FIRST);
      return hits;
    }
  }

  /** How much {@code session} counts: {@link SessionBudget#share(String)}. */
  double sessionShare(String session) {
    return budget.share(session);
  }

  /** A compaction plan over every cluster: {@link CompactionPlan#groups}. */
  List<List<String>> compactionGroups(float threshold) {
    return CompactionPlan.groups(List.copyOf(slots), threshold);
  }
}
