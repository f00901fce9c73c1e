package dev.relearn.feedback.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A duplicate arriving while the first record is in flight is acked only after it is durable. */
class InFlightEventsTest {
  /** A liveness bound on every wait, far above the normal milliseconds (a loaded CI machine). */
  private static final long WAIT_SECONDS = 60;
  private final InFlightEvents inFlight = new InFlightEvents();
  private final Set<String> stored = ConcurrentHashMap.newKeySet();
  private final ExecutorService pool =
      Executors.newFixedThreadPool(2, r -> new Thread(r, "in-flight-test"));

  @AfterEach
  void stop() {
    pool.shutdownNow();
  }

  @Test
  void duplicateWaitsForTheFirstAttemptToSucceed() throws Exception {
    CountDownLatch appending = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    Future<String> first = pool.submit(() -> inFlight.once("e", stored::contains, "dup", () -> {
      appending.countDown();
      await(release);
      stored.add("e");
      return "first";
    }));
    assertTrue(appending.await(WAIT_SECONDS, TimeUnit.SECONDS), "the first attempt began");
    Future<String> second = pool.submit(() -> inFlight.once("e", stored::contains, "dup",
        () -> "second ran"));
    assertThrows(TimeoutException.class, () -> second.get(200, TimeUnit.MILLISECONDS),
        "no ack before the first attempt is durable");
    release.countDown();
    assertEquals("first", first.get(WAIT_SECONDS, TimeUnit.SECONDS));
    assertEquals("dup", second.get(WAIT_SECONDS, TimeUnit.SECONDS));
  }

  @Test
  void duplicateRecordsItselfWhenTheFirstAttemptFails() throws Exception {
    CountDownLatch appending = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    AtomicInteger runs = new AtomicInteger();
    Future<String> first = pool.submit(() -> inFlight.once("e", stored::contains, "dup", () -> {
      appending.countDown();
      await(release);
      throw new IOException("disk full");
    }));
    assertTrue(appending.await(WAIT_SECONDS, TimeUnit.SECONDS), "the first attempt began");
    Future<String> second = pool.submit(() -> inFlight.once("e", stored::contains, "dup", () -> {
      runs.incrementAndGet();
      stored.add("e");
      return "second";
    }));
    release.countDown();
    assertThrows(Exception.class, () -> first.get(WAIT_SECONDS, TimeUnit.SECONDS));
    assertEquals("second", second.get(WAIT_SECONDS, TimeUnit.SECONDS));
    assertEquals(1, runs.get());
    assertEquals("dup", inFlight.once("e", stored::contains, "dup", () -> "again"));
    assertFalse(stored.isEmpty());
  }

  @Test
  void aRecordEndingBetweenTheCheckAndTheClaimMakesADuplicate() throws Exception {
    AtomicInteger checks = new AtomicInteger();
    Predicate<String> endsRightAfterTheFirstCheck = id -> {
      boolean found = stored.contains(id);
      if (checks.incrementAndGet() == 1) {
        stored.add(id); // another recorder's attempt ends now and leaves the in-flight map
      }
      return found;
    };
    assertEquals("dup", inFlight.once("e", endsRightAfterTheFirstCheck, "dup",
        () -> "recorded a second time"));
  }

  private static void await(CountDownLatch latch) throws IOException {
    try {
      if (!latch.await(WAIT_SECONDS, TimeUnit.SECONDS)) {
        throw new IOException("test latch timed out");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    }
  }
}
