package dev.relearn.server.http;

import java.io.IOException;
import java.io.PrintStream;
import java.net.SocketException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.lucene.util.IOSupplier;

/**
 * A time limit on every wait for a client (its headers, its body, reading the answer), which the
 * JDK server otherwise waits for forever: a watchdog interrupts a thread that waited too long,
 * which closes its connection (the channel is interruptible). Engine work is never interrupted:
 * only waits ({@link #track} until {@link #headersRead}, and {@link #network}) are, and a late
 * interrupt is cleared under the lock that ends the wait. Threads not {@link #track}ed wait
 * without a limit.
 */
final class NetworkDeadlines implements AutoCloseable {
  private final long limitMillis;
  private final PrintStream log;
  private final Set<Wait> waits = ConcurrentHashMap.newKeySet();
  private final ThreadLocal<Wait> current = new ThreadLocal<>();
  private final ScheduledExecutorService watchdog;

  /** Interrupts waits longer than {@code limitMillis}; connections closed so are logged. */
  NetworkDeadlines(long limitMillis, PrintStream log) {
    if (limitMillis < 1) {
      throw new IllegalArgumentException("network time limit must be >= 1 ms, got: "
          + limitMillis);
    }
    this.limitMillis = limitMillis;
    this.log = log;
    this.watchdog = Executors.newSingleThreadScheduledExecutor(runnable -> {
      Thread thread = new Thread(runnable, "relearn-http-watchdog");
      thread.setDaemon(true);
      return thread;
    });
    long tick = Math.max(10, limitMillis / 20); // a connection is closed within 5 % past it
    watchdog.scheduleWithFixedDelay(this::expire, tick, tick, TimeUnit.MILLISECONDS);
  }

  /** {@code exchange}, the JDK's task that reads a request's headers and then handles it. */
  Runnable track(Runnable exchange) {
    return () -> {
      Wait wait = new Wait(Thread.currentThread());
      current.set(wait);
      waits.add(wait);
      wait.enter();
      try {
        exchange.run();
      } finally {
        waits.remove(wait);
        current.remove();
        if (wait.leave()) {
          log.println("relearn serve: closed a connection whose request did not arrive within "
              + limitMillis + " ms");
        }
      }
    };
  }

  /** Ends the wait for the headers: called when the handler starts. */
  void headersRead() {
    Wait wait = current.get();
    if (wait != null) {
      wait.leave(); // all reads succeeded: a late interrupt is cleared, the channel is intact
    }
  }

  /**
   * Runs {@code call}, a wait for the client, within the limit; its I/O failures are the
   * connection's (a reset, a broken pipe, a short body) and come out as {@link SocketException}s.
   *
   * @throws Expired when the limit passed and the connection was closed
   */
  <T> T network(IOSupplier<T> call) throws IOException {
    Wait wait = current.get();
    if (wait == null) {
      return onTheConnection(call);
    }
    wait.enter();
    T result;
    try {
      result = onTheConnection(call);
    } catch (IOException e) {
      if (wait.leave()) {
        throw new Expired(limitMillis, e);
      }
      throw e;
    } catch (RuntimeException | Error e) {
      wait.leave();
      throw e;
    }
    wait.leave();
    return result;
  }

  /** {@code call}, any {@link IOException} of it a {@link SocketException}. */
  private static <T> T onTheConnection(IOSupplier<T> call) throws IOException {
    try {
      return call.get();
    } catch (SocketException e) {
      throw e;
    } catch (IOException e) {
      SocketException lost = new SocketException(e.getMessage());
      lost.initCause(e);
      throw lost;
    }
  }

  private void expire() {
    long now = System.nanoTime();
    for (Wait wait : waits) {
      wait.expireIfLate(now);
    }
  }

  @Override
  public void close() {
    watchdog.shutdownNow();
  }

  /** A client kept a worker waiting longer than the limit; its connection is closed. */
  static final class Expired extends IOException {
    Expired(long limitMillis, IOException cause) {
      super("the client kept the server waiting over " + limitMillis + " ms; connection closed",
          cause);
    }
  }

  /** One worker's current wait, if any. */
  private final class Wait {
    private final Thread thread;
    private long since;
    private boolean waiting;
    private boolean expired;

    Wait(Thread thread) {
      this.thread = thread;
    }

    synchronized void enter() {
      since = System.nanoTime();
      waiting = true;
      expired = false;
    }

    /** Ends the wait; whether it expired (the interrupt it caused is cleared). */
    synchronized boolean leave() {
      boolean late = expired;
      waiting = false;
      expired = false;
      if (late) {
        Thread.interrupted();
      }
      return late;
    }

    synchronized void expireIfLate(long now) {
      if (waiting && !expired && now - since > TimeUnit.MILLISECONDS.toNanos(limitMillis)) {
        expired = true;
        thread.interrupt();
      }
    }
  }
}
