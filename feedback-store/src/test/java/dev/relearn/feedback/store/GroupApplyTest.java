package dev.relearn.feedback.store;

import static dev.relearn.feedback.store.StoreFixture.event;
import static dev.relearn.feedback.store.StoreFixture.unit;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GroupApplyTest {
  private static final long T0 = 1_700_000_000_000L;
  private static final int THREADS = 8;
  private static final int EACH = 50;

  @TempDir Path tmp;

  @Test
  void concurrentRecordsAreAppliedInLogOrderAndEachIsAppliedWhenAcknowledged() throws Exception {
    Map<String, Long> logSequence = new ConcurrentHashMap<>();
    try (StoreFixture fixture = new StoreFixture(tmp, T0)) {
      try (FeedbackStore store = fixture.open(ForgetAllFollowUp.NONE);
          ExecutorService threads = Executors.newFixedThreadPool(THREADS,
              Thread.ofPlatform().name("group-apply-test-", 1).factory())) {
        List<Future<?>> done = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
          int thread = t;
          done.add(threads.submit(() -> {
            Random random = new Random(31 + thread);
            for (int i = 0; i < EACH; i++) {
              String id = "e" + thread + "-" + i;
              FeedbackAck ack = store.record(event(id, "s" + random.nextInt(4),
                  unit(random.nextLong()), "c" + random.nextInt(4), T0));
              assertTrue(store.contains(id), "applied once acknowledged: " + id);
              logSequence.put(id, ack.sequence());
            }
            return null;
          }));
        }
        for (Future<?> thread : done) {
          thread.get();
        }
      } // closing checkpoints: the events index holds every event with its order of application
      List<Long> applied = new ArrayList<>(); // log sequence numbers in the order applied
      for (String id : fixture.committedEventsInOrder()) {
        applied.add(logSequence.get(id));
      }
      List<Long> logOrder = new ArrayList<>(applied);
      logOrder.sort(null);
      assertEquals(THREADS * EACH, applied.size());
      // the order a restart replays the log in, and a single writer's order
      assertEquals(logOrder, applied, "events applied in the order of the log");
    }
  }
}
