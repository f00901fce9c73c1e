package dev.relearn.lucene.rerank;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Comparator;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Merging a sorted part with a part already in order gives the full sort, scoring little. */
class RankOrderTest {
  @Test
  void mergedOrderIsTheFullSortAndScoresOnlyWhatItReaches() {
    Random random = new Random(99L);
    for (int trial = 0; trial < 2_000; trial++) {
      int n = random.nextInt(60);
      boolean[] given = new boolean[n];
      double[] truth = new double[n];
      double next = 1 + random.nextDouble(); // the in-order part's scores, non-increasing
      for (int i = 0; i < n; i++) {
        given[i] = random.nextInt(3) == 0;
        if (given[i]) {
          truth[i] = random.nextInt(4) == 0 ? next : random.nextDouble() * 2 - 0.5;
        } else {
          next = random.nextInt(3) == 0 ? next : next - random.nextDouble() * 0.1;
          truth[i] = next == 0 && random.nextBoolean() ? -0.0 : next;
        }
      }
      int[] sortedPart = IntStream.range(0, n).filter(i -> given[i]).toArray();
      int[] inOrder = IntStream.range(0, n).filter(i -> !given[i]).toArray();
      double[] scores = new double[n];
      for (int i = 0; i < n; i++) {
        scores[i] = given[i] ? truth[i] : Double.NaN;
      }
      int[] scored = new int[1];
      RankOrder merged = new RankOrder(scores, sortedPart, inOrder, position -> {
        scored[0]++;
        return truth[position];
      });
      int[] expected = IntStream.range(0, n).boxed()
          .sorted(Comparator.comparingDouble((Integer i) -> -(truth[i] + 0.0))
              .thenComparingInt(i -> i))
          .mapToInt(Integer::intValue).toArray();

      int k = random.nextInt(n + 2);
      assertArrayEquals(Arrays.copyOf(expected, Math.min(k, n)), merged.first(k),
          "trial " + trial);
      assertTrue(scored[0] <= k + 1, "scored " + scored[0] + " to find " + k);
      assertArrayEquals(expected, merged.first(n + 1), "trial " + trial);
      assertArrayEquals(expected, RankOrder.of(truth.clone()).first(n), "trial " + trial);
      for (int i = 0; i < n; i++) {
        assertEquals(truth[i], merged.score(i), 0.0);
      }
    }
  }
}
