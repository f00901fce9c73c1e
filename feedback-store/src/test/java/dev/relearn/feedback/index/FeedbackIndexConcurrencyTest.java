package dev.relearn.feedback.index;

import static dev.relearn.feedback.index.Fixtures.T0;
import static dev.relearn.feedback.index.Fixtures.add;
import static dev.relearn.feedback.index.Fixtures.event;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.lucene.feedback.Outcome;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FeedbackIndexConcurrencyTest {
  private static final int DIM = 8;

  @TempDir
  Path dir;

  @Test
  void concurrentWritersAndReadersSeeEveryAdd() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try (FeedbackIndex index = TestIndexes.open(dir, FeedbackIndexConfig.defaults(DIM)
        .withClock(new Fixtures.FakeClock(T0)))) {
      AtomicBoolean writing = new AtomicBoolean(true);
      // Writers start once every reader has looked up once: a reader that the scheduler started
      // after the writers had finished looked nothing up, and the test failed.
      CountDownLatch readersStarted = new CountDownLatch(2);
      List<Future<Integer>> writers = new ArrayList<>();
      for (int w = 0; w < 2; w++) {
        int writer = w;
        writers.add(pool.submit(() -> {
          assertTrue(readersStarted.await(60, TimeUnit.SECONDS), "the readers did not start");
          Random random = new Random(100 + writer);
          int added = 0;
          for (int i = 0; i < 60; i++) {
            String id = "w" + writer + "-" + (i % 40); // a third are retries of earlier ids
            AddResult result = add(index, event(id, "s" + writer + "-" + i,
                Fixtures.randomUnit(random, DIM), "c", Outcome.SUCCESS, T0 + i));
            assertTrue(index.recorded().contains(id), "visible as soon as add returns: " + id);
            added += result == AddResult.DUPLICATE ? 0 : 1;
          }
          return added;
        }));
      }
      List<Future<Integer>> readers = new ArrayList<>();
      for (int r = 0; r < 2; r++) {
        int reader = r;
        readers.add(pool.submit(() -> {
          Random random = new Random(200 + reader);
          int lookups = 0;
          do {
            index.similar(Fixtures.randomUnit(random, DIM), 0.5f, 5);
            if (++lookups == 1) {
              readersStarted.countDown();
            }
          } while (writing.get());
          return lookups;
        }));
      }
      int added = 0;
      for (Future<Integer> writer : writers) {
        added += writer.get(60, TimeUnit.SECONDS);
      }
      writing.set(false);
      for (Future<Integer> reader : readers) {
        assertTrue(reader.get(60, TimeUnit.SECONDS) > 0);
      }
      assertEquals(80, added, "each distinct event id is added exactly once");
      assertEquals(80, index.recorded().stats().events());
    } finally {
      pool.shutdownNow();
    }
  }
}
