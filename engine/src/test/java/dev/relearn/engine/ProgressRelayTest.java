package dev.relearn.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.indexer.build.Progress;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Work on relearn's own thread, its progress delivered on the caller's. */
class ProgressRelayTest {
  /** Records each call with the thread it was made on. */
  private static class Recorded implements Progress {
    final List<String> calls = new ArrayList<>();
    final List<Thread> threads = new ArrayList<>();

    @Override
    public void start(String task, long total) {
      add("start " + task + " " + total);
    }

    @Override
    public void advance(long done) {
      add("advance " + done);
    }

    @Override
    public void finish() {
      add("finish");
    }

    @Override
    public void note(String message) {
      add("note " + message);
    }

    void add(String call) {
      calls.add(call);
      threads.add(Thread.currentThread());
    }
  }

  @AfterEach
  void clearInterrupt() {
    Thread.interrupted();
  }

  @Test
  void progressArrivesInOrderOnTheCallersThreadAndTheResultComesBack() throws Exception {
    Recorded recorded = new Recorded();
    Thread[] worker = new Thread[1];
    String result = ProgressRelay.run(recorded, progress -> {
      worker[0] = Thread.currentThread();
      progress.note("reading");
      progress.start("embedding", 3);
      progress.advance(3);
      progress.finish();
      return "report";
    });
    assertEquals("report", result);
    assertNotEquals(Thread.currentThread(), worker[0]);
    List<String> calls = recorded.calls;
    assertEquals(List.of("note reading", "start embedding 3"), calls.subList(0, 2));
    assertEquals(List.of("advance 3", "finish"), calls.subList(calls.size() - 2, calls.size()),
        "advances the caller had not yet taken are merged into the newest");
    assertTrue(recorded.threads.stream().allMatch(t -> t == Thread.currentThread()));
  }

  @Test
  void aCallbackThatThrowsStopsTheWorkAndItsExceptionComesOut() {
    IllegalStateException failure = new IllegalStateException("window closed");
    Progress failing = new Recorded() {
      @Override
      public void start(String task, long total) {
        throw failure;
      }
    };
    List<Long> reached = new ArrayList<>();
    assertSame(failure, assertThrows(IllegalStateException.class,
        () -> ProgressRelay.run(failing, progress -> {
          progress.start("embedding", 1_000_000);
          for (long done = 1; done <= 1_000_000; done++) {
            progress.advance(done); // throws once the caller has asked it to stop
            reached.add(done);
            LockSupport.parkNanos(1_000_000);
          }
          return "never";
        })));
    assertTrue(reached.size() < 1_000_000, "the work stopped early");
  }

  @Test
  void aCallbackThatFailsWithAnErrorStillWaitsForTheWorkToStop() {
    AssertionError failure = new AssertionError("a test's check failed in the callback");
    Progress failing = new Recorded() {
      @Override
      public void start(String task, long total) {
        throw failure;
      }
    };
    boolean[] ended = new boolean[1];
    assertSame(failure, assertThrows(AssertionError.class,
        () -> ProgressRelay.run(failing, progress -> {
          try {
            progress.start("embedding", 1_000_000);
            while (true) {
              progress.advance(1);
              LockSupport.parkNanos(1_000_000);
            }
          } finally {
            ended[0] = true;
          }
        })));
    assertTrue(ended[0], "no index call goes on behind the caller's back");
  }

  @Test
  void anInterruptedCallerStopsTheWorkAndKeepsItsInterruptStatus() {
    Progress interrupting = new Recorded() {
      @Override
      public void start(String task, long total) {
        Thread.currentThread().interrupt();
      }
    };
    InterruptedIOException stopped = assertThrows(InterruptedIOException.class,
        () -> ProgressRelay.run(interrupting, progress -> {
          progress.start("embedding", 1_000_000);
          while (true) {
            progress.advance(1);
            LockSupport.parkNanos(1_000_000);
          }
        }));
    assertInstanceOf(CancellationException.class, stopped.getCause());
    assertTrue(Thread.currentThread().isInterrupted());
  }
}
