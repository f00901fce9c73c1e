package dev.relearn.indexer.embed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Closing the real model while other threads embed, as an IDE closing its engine mid-search
 * would: close waits for the embeddings in flight (freeing the native session under one crashes
 * the JVM), and every later embedding fails with a plain message.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class EmbedderCloseTest {
  private static final String LONG_TEXT = "tide tables for the harbour list crossings ".repeat(60);

  @Test
  void closeWaitsForEmbeddingsInFlightAndLaterOnesFailPlainly() throws Exception {
    BgeSmallEmbedder bge = new BgeSmallEmbedder(1, false);
    int threads = 3;
    CountDownLatch started = new CountDownLatch(threads);
    AtomicInteger embedded = new AtomicInteger();
    List<AtomicReference<Throwable>> endings = new ArrayList<>();
    List<Thread> workers = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      AtomicReference<Throwable> ending = new AtomicReference<>();
      endings.add(ending);
      workers.add(Thread.ofPlatform().start(() -> {
        try {
          while (true) {
            float[] vector = bge.embedDocument(LONG_TEXT);
            assertEquals(BgeSmallEmbedder.DIMENSION, vector.length);
            embedded.incrementAndGet();
            started.countDown();
          }
        } catch (Throwable e) {
          ending.set(e);
        }
      }));
    }
    assertTrue(started.await(60, TimeUnit.SECONDS), "every thread embedded once");
    bge.close(); // while the threads are embedding
    for (Thread worker : workers) {
      worker.join();
    }
    for (AtomicReference<Throwable> ending : endings) {
      Throwable e = ending.get();
      assertTrue(e instanceof IllegalStateException, String.valueOf(e));
      assertEquals("the bge-small embedder is closed", e.getMessage());
    }
    assertTrue(embedded.get() >= threads);
    bge.close(); // idempotent
    assertThrows(IllegalStateException.class, () -> bge.embedQuery("after close"));
  }
}
