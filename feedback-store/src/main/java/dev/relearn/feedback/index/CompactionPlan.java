package dev.relearn.feedback.index;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.stream.IntStream;
import org.apache.lucene.util.VectorUtil;

/**
 * Which clusters {@code relearn compact} merges: greedily, largest first, each untaken cluster
 * absorbs the (at most {@value #NEIGHBOURS}) most similar untaken ones of any session more than
 * the threshold similar to its own centroid (so clusters do not chain). Compares every pair.
 */
final class CompactionPlan {
  /** The most clusters one seed absorbs in a compaction pass. */
  static final int NEIGHBOURS = 256;

  private record Near(int position, float similarity) {}

  private CompactionPlan() {}

  /** The groups to merge among {@code clusters}, each listing the kept cluster's id first. */
  static List<List<String>> groups(List<Cluster> clusters, float threshold) {
    List<Integer> seeds = IntStream.range(0, clusters.size()).boxed()
        .sorted(Comparator.comparingInt((Integer i) -> -clusters.get(i).events())
            .thenComparingInt(i -> i))
        .toList();
    Comparator<Near> bestFirst = Comparator.comparingDouble((Near n) -> n.similarity())
        .reversed().thenComparingInt(Near::position);
    boolean[] taken = new boolean[clusters.size()];
    List<List<String>> groups = new ArrayList<>();
    for (int seed : seeds) {
      if (taken[seed]) {
        continue;
      }
      taken[seed] = true;
      PriorityQueue<Near> worstFirst = new PriorityQueue<>(bestFirst.reversed());
      for (int i = 0; i < clusters.size(); i++) {
        float similarity = taken[i] ? 0
            : VectorUtil.dotProduct(clusters.get(seed).sharedCentroid(),
                clusters.get(i).sharedCentroid());
        if (!taken[i] && similarity > threshold) {
          worstFirst.add(new Near(i, similarity));
          if (worstFirst.size() > NEIGHBOURS) {
            worstFirst.poll();
          }
        }
      }
      if (!worstFirst.isEmpty()) {
        List<String> group = new ArrayList<>(List.of(clusters.get(seed).id()));
        for (Near near : worstFirst) {
          taken[near.position()] = true;
          group.add(clusters.get(near.position()).id());
        }
        groups.add(group);
      }
    }
    return groups;
  }
}
