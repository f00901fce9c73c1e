package dev.relearn.engine;

import dev.relearn.lucene.files.IoThreads;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * Runs learned searches' second stages ({@link RankingHandOff}) on another thread while their
 * first stages run. The similar-query lookup and the search for the documents those past queries
 * vouch for ({@link dev.relearn.lucene.rerank.LearnedRescorer#prepare}) need only the query vector
 * and the searcher, so their latency hides behind the first stage's instead of adding to it; in a
 * burst the worker then also waits for the first stage's window and ranks it, while the search
 * reads its best hits (see {@link LearnedRanking}). What the worker has not started (busy or
 * late), has given up or failed, the search does itself: a failure then surfaces there, on the
 * caller's thread.
 *
 * <p>One daemon worker, started by the first prefetch. How it waits for the next task depends on
 * how the searches come, since on virtual machines every way of sleeping costs tens of µs:
 *
 * <ul>
 *   <li><b>In a burst</b> (a task within {@link #SPIN_NANOS} of the previous one's end, as when an
 *       agent, an evaluation or a benchmark searches with warm query vectors) it spins, yielding
 *       its core to any other thread that wants it, for up to {@link #SPIN_NANOS} after each task;
 *       after each lookup it waits the same way for its search's window to rank, for as long or
 *       until another task comes. A hand-off then takes about 1 µs. On a 2-vCPU Firecracker VM a 20
 *       µs timed park lasted 64 µs even with the timer slack lowered, so a parked worker took up a
 *       lookup 33 µs after its search at p50 (62 µs at p90), and ToolLens's re-rank overhead at
 *       10,000 events went from 55–75 % of its candidates alone to 33–39 % with the spin (three
 *       runs each).
 *   <li><b>Otherwise</b>, while searches keep coming (within {@link #ACTIVE_NANOS} of its last
 *       task), it checks for work every {@link #POLL_NANOS} with a timed park, and only then parks
 *       until woken. A search whose query must be embedded first (milliseconds) never makes a
 *       burst, so interactive use does not spin. Waking a parked thread from the caller's lets the
 *       kernel run it on the caller's own core: on 2-vCPU virtual machines it mostly did, and the
 *       lookup then preempted the first stage instead of running beside it (a hand-off took 154 µs
 *       at p50 in a microbenchmark, 7 µs with the timed checks, which the worker's own timer wakes
 *       on its core). The worker lowers its own timer slack to {@link #SLACK_NANOS} where it can
 *       ({@link TimerSlack}): with the kernel's default of 50 µs a 20 µs park lasted 75 µs on
 *       another VM, and a tenth to a third of ToolLens's searches waited for the lookup.
 * </ul>
 *
 * <p>The spin costs a core while a burst lasts and {@link #SPIN_NANOS} after it; the checks about
 * a quarter to a third of a core while searches come within 20 ms of each other; nothing when they
 * stop. A worker that an {@link Error} ended is replaced at the next prefetch. {@link #close}
 * stops the worker.
 */
final class LookupPrefetcher implements AutoCloseable {
  /**
   * Tasks this close to the previous one's end make a burst, during which the worker spins this
   * long after each task.
   */
  static final long SPIN_NANOS = TimeUnit.MILLISECONDS.toNanos(5);
  /** How long the worker keeps checking for work after its last task. */
  static final long ACTIVE_NANOS = TimeUnit.MILLISECONDS.toNanos(20);
  /** How often it checks meanwhile. */
  static final long POLL_NANOS = TimeUnit.MICROSECONDS.toNanos(20);
  /** The worker's timer slack, so that its timed parks last about as long as they ask. */
  static final long SLACK_NANOS = TimeUnit.MICROSECONDS.toNanos(1);
  /** Searches queued beyond this many are left to do their second stages themselves. */
  static final int MAX_QUEUED = 64;

  private final ConcurrentLinkedQueue<RankingHandOff> tasks = new ConcurrentLinkedQueue<>();
  private final AtomicInteger queued = new AtomicInteger();
  private volatile boolean sleeping; // parked until woken
  private volatile boolean closed;
  private final long spinNanos;
  private final long activeNanos;
  private Thread worker; // started by the first prefetch, under this

  /** A prefetcher with the default {@link #SPIN_NANOS} and {@link #ACTIVE_NANOS}. */
  LookupPrefetcher() {
    this(SPIN_NANOS, ACTIVE_NANOS);
  }

  /** A prefetcher with other windows, for tests. */
  LookupPrefetcher(long spinNanos, long activeNanos) {
    this.spinNanos = spinNanos;
    this.activeNanos = activeNanos;
  }

  /** Starts {@code search}'s second stage in the background, if it can. */
  void prefetch(RankingHandOff search) {
    if (closed) {
      return; // the caller does it all itself
    }
    if (queued.incrementAndGet() > MAX_QUEUED) {
      queued.decrementAndGet(); // busy: the caller does it all itself
      return;
    }
    tasks.offer(search);
    Thread thread = worker();
    if (sleeping) { // read after the offer: a worker going to sleep sees the task, or is woken
      LockSupport.unpark(thread);
    }
  }

  /**
   * The worker, started if there is none or the last one died: an {@link Error} from a task (say
   * an {@code AssertionError} from Lucene reading a damaged file, with assertions on) ends it, and
   * the thread's uncaught-exception handler reports it, but the next prefetch has a worker again.
   */
  private synchronized Thread worker() {
    if (worker == null || !worker.isAlive()) {
      worker = IoThreads.factory("relearn-lookup-").newThread(this::work);
      worker.setDaemon(true);
      worker.start();
    }
    return worker;
  }

  private void work() {
    TimerSlack.lower(SLACK_NANOS);
    long last = System.nanoTime(); // the last task's end, or when the worker started or woke
    boolean afterTask = false; // whether last is a task's end
    boolean burst = false; // whether the last task came within spinNanos of the one before
    while (!closed) {
      RankingHandOff task = tasks.poll();
      if (task != null) {
        queued.decrementAndGet();
        long start = System.nanoTime();
        boolean inBurst = afterTask && start - last < spinNanos;
        burst = inBurst;
        task.work(() -> inBurst && tasks.isEmpty() && !closed
            && System.nanoTime() - start < spinNanos);
        last = System.nanoTime();
        afterTask = true;
      } else {
        long idle = System.nanoTime() - last;
        if (burst && idle < spinNanos) {
          Thread.yield(); // spin, giving way to any thread that wants this core
        } else if (idle < activeNanos) {
          LockSupport.parkNanos(this, POLL_NANOS);
        } else {
          sleeping = true;
          if (tasks.isEmpty() && !closed) { // read after the flag: see the offer, or be woken
            LockSupport.park(this);
          }
          sleeping = false;
          last = System.nanoTime();
          afterTask = false;
          burst = false;
        }
      }
      Thread.interrupted(); // a stray interrupt must not turn the parks into spins
    }
  }

  @Override
  public void close() {
    closed = true;
    Thread thread;
    synchronized (this) {
      thread = worker;
    }
    if (thread != null) {
      LockSupport.unpark(thread);
    }
  }
}
