package dev.relearn.lucene.readers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.lucene.search.ReferenceManager;
import org.junit.jupiter.api.Test;

/**
 * A refresh runs on a thread nobody interrupts: an interrupted caller stops waiting and keeps its
 * snapshot, and the refresh finishes by itself; a refresh's failure reaches the caller.
 */
class ThrottledRefreshTest {
  /** A manager of strings whose refresh waits for {@code release}, noting the thread it ran on. */
  private static final class HeldManager extends ReferenceManager<String> {
    final CountDownLatch started = new CountDownLatch(1);
    final CountDownLatch release = new CountDownLatch(1);
    final CountDownLatch refreshed = new CountDownLatch(1);
    final AtomicReference<Thread> ranOn = new AtomicReference<>();
    volatile IOException failure;

    HeldManager() {
      current = "first";
    }

    @Override
    protected void decRef(String reference) {}

    @Override
    protected String refreshIfNeeded(String referenceToRefresh) throws IOException {
      ranOn.set(Thread.currentThread());
      started.countDown();
      try {
        release.await();
      } catch (InterruptedException e) {
        throw new IllegalStateException("the refresh thread was interrupted", e);
      }
      if (failure != null) {
        throw failure;
      }
      refreshed.countDown();
      return "second";
    }

    @Override
    protected boolean tryIncRef(String reference) {
      return true;
    }

    @Override
    protected int getRefCount(String reference) {
      return 1;
    }
  }

  @Test
  void anInterruptedCallerKeepsItsSnapshotAndTheRefreshGoesOn() throws Exception {
    HeldManager manager = new HeldManager();
    ThrottledRefresh refresh = new ThrottledRefresh(manager, 0);
    AtomicReference<Throwable> thrown = new AtomicReference<>();
    AtomicReference<Boolean> stillInterrupted = new AtomicReference<>();
    Thread caller = Thread.ofPlatform().start(() -> {
      try {
        refresh.maybeRefresh();
      } catch (IOException | RuntimeException e) {
        thrown.set(e);
      }
      stillInterrupted.set(Thread.currentThread().isInterrupted());
    });
    assertTrue(manager.started.await(60, TimeUnit.SECONDS));
    caller.interrupt();
    caller.join(60_000);
    assertEquals(null, thrown.get(), "the caller just stops waiting");
    assertTrue(stillInterrupted.get(), "its interrupt status is kept");
    assertNotSame(caller, manager.ranOn.get(), "the refresh ran on a thread of its own");
    assertEquals("first", manager.acquire(), "the snapshot before");
    manager.release.countDown();
    assertTrue(manager.refreshed.await(60, TimeUnit.SECONDS), "the refresh finished by itself");
  }

  @Test
  void aFailedRefreshReachesTheCaller() throws Exception {
    HeldManager manager = new HeldManager();
    manager.failure = new IOException("disk gone");
    manager.release.countDown();
    IOException failure =
        assertThrows(IOException.class, () -> new ThrottledRefresh(manager, 0).maybeRefresh());
    assertEquals("disk gone", failure.getMessage());
  }
}
