package dev.relearn.feedback.index;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.IntFunction;
import java.util.function.IntPredicate;

/**
 * Keeps a {@link CentroidGraph} caught up with the published clusters. What recording adds is
 * linked at once, on the writer's thread (so lookups do not depend on thread speed); a derived
 * table (at open, after a forget) with more than {@value #INLINE} clusters to link is linked on a
 * thread of its own, started by the first lookup or recording (a command that does neither, such
 * as {@code stats}, never pays for it), and until it catches up lookups compare the query exactly
 * with the clusters the graph does not hold yet.
 */
final class GraphUpkeep {
  /** The most clusters of a derived table linked on the writer's thread. */
  static final int INLINE = 64;

  /**
   * The clusters to hold: their count, each one's centroid by position, and whether it belongs
   * to a session over its budget.
   */
  private record Target(int size, IntFunction<float[]> centroid, IntPredicate overBudget) {}

  private final CentroidGraph graph;
  private final AtomicBoolean running = new AtomicBoolean();
  private volatile Target target = new Target(0, i -> null, i -> false);
  private volatile boolean deferred; // a derived table's linking waits for its first use
  private volatile boolean stopped;
  private volatile Thread worker;

  GraphUpkeep(CentroidGraph graph) {
    this.graph = graph;
  }

  /**
   * The graph should hold the first {@code size} clusters, each on the side {@code overBudget}
   * says when it is linked: links them now, or in the {@code background} from the first {@link
   * #used use} on when more than {@value #INLINE} are missing; from the writer.
   */
  void offer(int size, IntFunction<float[]> centroid, IntPredicate overBudget,
      boolean background) {
    target = new Target(size, centroid, overBudget);
    if (running.get()) {
      return; // the background thread reads the new target when it is done with the old
    }
    if (background && size - graph.size() > INLINE) {
      deferred = true;
    } else if (deferred) {
      used(); // recording: the derived table's clusters are linked apart, with this one
    } else {
      linkUpTo(target);
    }
  }

  /** A lookup walks the graph: starts the background linking that waits for a first use. */
  void used() {
    if (deferred && !stopped && running.compareAndSet(false, true)) {
      deferred = false;
      worker = Thread.ofPlatform().daemon().name("relearn-centroid-graph").start(this::drain);
    }
  }

  /** Stops linking: the table no longer uses this graph. */
  void stop() {
    stopped = true;
  }

  /** Whether {@link #stop} was called. */
  boolean stopped() {
    return stopped;
  }

  /** Starts linking that waits for a first use and waits until it has caught up; for tests. */
  void awaitCaughtUp() throws InterruptedException {
    used();
    Thread thread = worker;
    while (thread != null && running.get()) {
      thread.join();
      thread = worker;
    }
  }

  private void drain() {
    while (true) {
      Target done = target;
      linkUpTo(done);
      running.set(false);
      if (stopped || target == done || !running.compareAndSet(false, true)) {
        return; // caught up, or the writer took over
      }
    }
  }

  private synchronized void linkUpTo(Target wanted) {
    for (int i = graph.size(); i < wanted.size() && !stopped; i++) {
      graph.add(wanted.centroid().apply(i), wanted.overBudget().test(i));
    }
  }
}
