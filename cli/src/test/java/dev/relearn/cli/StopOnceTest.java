package dev.relearn.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * {@link StopSignals#once}: the stop runs once, and a second caller (the main thread at the end of
 * the input while a signal's stop closes the index) returns only once that stop has ended. Before,
 * it returned at once and the main thread exited the JVM under the stop.
 */
class StopOnceTest {
  @Test
  void aSecondCallWaitsForTheStopUnderWayAndDoesNotRunItAgain() throws Exception {
    CountDownLatch entered = new CountDownLatch(1);
    CountDownLatch proceed = new CountDownLatch(1);
    AtomicInteger runs = new AtomicInteger();
    Runnable stop = StopSignals.once(() -> {
      runs.incrementAndGet();
      entered.countDown();
      try {
        assertTrue(proceed.await(30, TimeUnit.SECONDS));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    });
    Thread signal = Thread.ofPlatform().name("signal-stop").start(stop);
    assertTrue(entered.await(30, TimeUnit.SECONDS), "the first stop never started");
    Thread main = Thread.ofPlatform().name("main-stop").start(stop);
    while (main.getState() != Thread.State.BLOCKED
        && main.getState() != Thread.State.TERMINATED) {
      Thread.onSpinWait(); // until it waits for the first, or (the bug) returned without waiting
    }
    assertTrue(main.isAlive(), "the second call returned while the first stop was running");
    proceed.countDown();
    signal.join(30_000);
    main.join(30_000);
    assertFalse(main.isAlive());
    assertEquals(1, runs.get());
    stop.run(); // later: returns at once, runs nothing
    assertEquals(1, runs.get());
  }
}
