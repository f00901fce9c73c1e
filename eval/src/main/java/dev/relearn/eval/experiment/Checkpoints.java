package dev.relearn.eval.experiment;

import java.util.List;
import java.util.TreeSet;

/**
 * When a learning curve is measured: after 0, 10, 100 and 1,000 sessions, after every {@code
 * every} sessions if asked, and at the end.
 */
public final class Checkpoints {
  private static final List<Integer> FIXED = List.of(0, 10, 100, 1_000);

  private Checkpoints() {}

  /**
   * The sorted checkpoints for {@code total} sessions.
   *
   * @param every measure also after every this many sessions; 0 for none
   * @throws IllegalArgumentException when total or every is negative
   */
  public static List<Integer> of(int total, int every) {
    if (total < 0) {
      throw new IllegalArgumentException("total sessions must be >= 0, got: " + total);
    }
    if (every < 0) {
      throw new IllegalArgumentException("curve interval must be >= 0, got: " + every);
    }
    TreeSet<Integer> points = new TreeSet<>();
    for (int point : FIXED) {
      if (point <= total) {
        points.add(point);
      }
    }
    if (every > 0) {
      for (int point = every; point < total; point += every) {
        points.add(point);
      }
    }
    points.add(total);
    return List.copyOf(points);
  }
}
