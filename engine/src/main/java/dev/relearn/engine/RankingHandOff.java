package dev.relearn.engine;

import dev.relearn.lucene.fusion.FusedHit;
import dev.relearn.lucene.rerank.LearnedRescorer;
import dev.relearn.lucene.rerank.RankedHit;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.apache.lucene.search.IndexSearcher;

/**
 * One learned search's second stage, shared between the searching thread and the lookup worker
 * ({@link LookupPrefetcher}). The worker prepares the rescorer beside the first stage ({@link
 * LearnedRescorer#prepare}: the similar-query lookup and the documents it vouches for), then
 * ranks the first stage's window too if the caller hands it over in time ({@link #offer}); the
 * caller reads the first stage's best hits meanwhile ({@link #workerBusy}), then takes the
 * worker's ranking or ranks itself ({@link #ranked}). Each step is claimed with a compare-and-set,
 * so exactly one thread does it: a worker that has not started, has given up waiting for the
 * window, or failed leaves the rest to the caller, which repeats a failed step and so throws its
 * exception on its own thread. A search that will offer no window says so ({@link #withhold}) as
 * soon as it knows, so that the worker prepares but does not wait.
 *
 * <p>Ranking on the worker takes the re-rank itself (about 10 µs on ToolLens with 10,000
 * feedback events) off the search's path: the caller reads a hit's stored fields meanwhile (about
 * 12 µs), which loading the learned top k mostly needs anyway.
 */
final class RankingHandOff {
  private static final int NEW = 0; // the worker has not started
  private static final int PREPARING = 1; // the worker prepares the rescorer
  private static final int WAITING = 2; // prepared; the worker waits for the window
  private static final int RANKING = 3; // the worker ranks the window
  private static final int RANKED = 4; // the worker's ranking is ready
  private static final int CALLER = 5; // the caller does what is left
  /** How long the caller spins for the worker's ranking before it checks with timed parks. */
  private static final long SPIN_NANOS = TimeUnit.MICROSECONDS.toNanos(500);

  private final AtomicInteger state = new AtomicInteger(NEW);
  private final LearnedRescorer rescorer;
  private final IndexSearcher searcher;
  private volatile Window window; // offered by the caller, or NO_WINDOW
  private List<RankedHit> ranked; // written before state RANKED

  private record Window(List<FusedHit> candidates, int topN) {}

  private static final Window NO_WINDOW = new Window(List.of(), 0);

  /** The second stage of {@code rescorer}'s search over {@code searcher}. */
  RankingHandOff(LearnedRescorer rescorer, IndexSearcher searcher) {
    this.rescorer = rescorer;
    this.searcher = searcher;
  }

  /**
   * On the worker: prepares the rescorer, then waits for the window while {@code mayWait} holds
   * and ranks it. Does nothing the caller has already claimed.
   */
  void work(BooleanSupplier mayWait) {
    if (!state.compareAndSet(NEW, PREPARING)) {
      return;
    }
    if (!step(() -> rescorer.prepare(searcher), PREPARING, WAITING)) {
      return;
    }
    while (window == null && state.get() == WAITING && mayWait.getAsBoolean()) {
      Thread.yield(); // in a burst the worker would spin anyway; give way to any other thread
    }
    Window offered = window;
    if (offered == null || offered == NO_WINDOW || !state.compareAndSet(WAITING, RANKING)) {
      state.compareAndSet(WAITING, CALLER);
      return;
    }
    step(() -> ranked = rescorer.rerankOrder(searcher, offered.candidates(), offered.topN()),
        RANKING, RANKED);
  }

  /**
   * Runs one of the worker's steps from {@code from}, the state it claimed: moves on to {@code
   * next} if the step succeeds, else leaves the rest to the caller. The caller may claim meanwhile
   * (from {@code PREPARING}); then the worker stops after the step. An {@link Error} still
   * propagates (and ends the worker) after leaving the rest to the caller.
   */
  private boolean step(IoStep work, int from, int next) {
    boolean done = false;
    try {
      work.run();
      done = true;
    } catch (IOException | RuntimeException e) {
      // not lost: the caller repeats the step and throws it on its own thread
    } finally {
      if (!done || !state.compareAndSet(from, next)) {
        state.set(CALLER);
      }
    }
    return done;
  }

  /**
   * Hands the first stage's window (best first) over to the worker, to rank its best {@code
   * topN} as {@link LearnedRescorer#rerankOrder} does, if it gets to it before the caller claims.
   */
  void offer(List<FusedHit> candidates, int topN) {
    window = new Window(candidates, topN);
  }

  /**
   * Whether the worker is at work on this search now (preparing, or ranking or about to rank the
   * window offered), so the caller can do other work until it ends. False before it starts: then
   * waiting would only delay a re-rank the caller can do itself.
   */
  boolean workerBusy() {
    int now = state.get();
    return now == PREPARING || now == RANKING || now == WAITING && offered();
  }

  /**
   * The ranking of the window offered: the worker's, waiting for it if the worker is ranking, or
   * else the caller's own, claimed here (then the rescorer prepares itself, or waits for a
   * preparation in flight).
   */
  List<RankedHit> ranked() throws IOException {
    Window offered = window;
    if (!offered()) {
      throw new IllegalStateException("no window offered");
    }
    long spinUntil = System.nanoTime() + SPIN_NANOS;
    while (true) {
      int now = state.get();
      if (now == RANKED) {
        return ranked;
      } else if (now == RANKING) {
        if (System.nanoTime() - spinUntil < 0) {
          Thread.onSpinWait();
        } else {
          LockSupport.parkNanos(this, LookupPrefetcher.POLL_NANOS); // the worker was descheduled
        }
      } else if (now == CALLER || state.compareAndSet(now, CALLER)) {
        return rescorer.rerankOrder(searcher, offered.candidates(), offered.topN());
      }
    }
  }

  /**
   * Says that no window will come (the search explains its hits, found nothing or failed): the
   * worker still prepares the rescorer, if it gets to it, but then does not wait.
   */
  void withhold() {
    window = NO_WINDOW;
  }

  private boolean offered() {
    Window offered = window;
    return offered != null && offered != NO_WINDOW;
  }

  @FunctionalInterface
  private interface IoStep {
    void run() throws IOException;
  }
}
