package dev.relearn.engine;

import static dev.relearn.engine.TestOptions.HASHING;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.feedback.store.FeedbackStore;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.engine.search.SearchMode;
import dev.relearn.engine.search.SearchRequest;
import dev.relearn.engine.search.SearchResults;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link Relearn#close()} while other threads have calls in flight: it waits for them (closing
 * bge-small under a running embedding crashed the JVM), and every later call fails with a plain
 * {@link IllegalStateException} naming the index, not Lucene's or a null pointer's.
 */
class RelearnCloseTest {
  @TempDir Path tmp;

  @Test
  void closeWaitsForASearchInFlight() throws Exception {
    Path index = tmp.resolve("index");
    CountDownLatch entered = new CountDownLatch(1);
    CountDownLatch proceed = new CountDownLatch(1);
    Relearn relearn =
        Relearn.open(index, HASHING.withEmbedder(new AsyncHeldQueryEmbedder(entered, proceed)));
    relearn.index(KeyDocs.write(tmp), SourceFormat.AUTO, Progress.NONE);
    CompletableFuture<SearchResults> search = CompletableFuture.supplyAsync(() -> {
      try {
        return relearn.search(SearchRequest.of(AsyncHeldQueryEmbedder.HELD)
            .withMode(SearchMode.LEARNED));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    });
    assertTrue(entered.await(30, TimeUnit.SECONDS), "the search never started embedding");
    Thread closer = new Thread(() -> {
      try {
        relearn.close();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }, "closer");
    closer.start();
    while (closer.getState() != Thread.State.WAITING
        && closer.getState() != Thread.State.TERMINATED) {
      Thread.onSpinWait(); // until close waits for the search, or (the bug) finished without it
    }
    assertTrue(closer.isAlive(), "close returned while a search was embedding its query");
    proceed.countDown();
    assertFalse(search.get(30, TimeUnit.SECONDS).hits().isEmpty());
    closer.join(30_000);
    assertFalse(closer.isAlive());
    try (Relearn again = Relearn.open(index, HASHING)) { // the write lock was released
      assertFalse(again.readOnly());
    }
  }

  @Test
  void callsAfterCloseFailNamingTheIndexAndWriteNothing() throws Exception {
    Path index = tmp.resolve("index");
    Relearn relearn = Relearn.open(index, HASHING);
    Path docs = KeyDocs.write(tmp);
    relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
    String id = relearn.search(SearchRequest.of("rotate keys")).hits().get(0).chunkId();
    relearn.close();
    relearn.close(); // again: nothing
    Path weightsFile = index.resolve(Relearn.WEIGHTS_FILE);
    Files.deleteIfExists(weightsFile);
    List<Executable> calls = List.of(
        () -> relearn.search(SearchRequest.of("rotate keys")),
        () -> relearn.search(SearchRequest.of("rotate keys").withMode(SearchMode.BM25)),
        () -> relearn.explain(SearchRequest.of("rotate keys")),
        () -> relearn.feedback(FeedbackRequest.of("secret words", List.of(id))),
        () -> relearn.index(docs, SourceFormat.AUTO, Progress.NONE),
        () -> relearn.remove(List.of(docs), true),
        () -> relearn.stats(),
        () -> relearn.recentFeedback(5),
        () -> relearn.resetWeights(null),
        () -> relearn.embedder(),
        () -> relearn.feedbackStore(), // was null, as if read-only
        () -> relearn.weights()); // was the weights as at close, taking ratings unsaved
    for (Executable call : calls) {
      IllegalStateException e = assertThrows(IllegalStateException.class, call);
      assertEquals("the relearn engine for " + index.toAbsolutePath().normalize()
          + " is closed", e.getMessage());
    }
    assertFalse(Files.exists(weightsFile), "a closed engine wrote its weights file");
  }

  @Test
  void closeFromWithinAnIndexCallIsRefused() throws Exception {
    try (Relearn relearn = Relearn.open(tmp.resolve("index"), HASHING)) {
      Progress closing = new Progress() {
        @Override
        public void start(String task, long total) {
          try {
            relearn.close();
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        }

        @Override
        public void advance(long done) {}

        @Override
        public void finish() {}
      };
      Path docs = KeyDocs.write(tmp);
      IllegalStateException e = assertThrows(IllegalStateException.class,
          () -> relearn.index(docs, SourceFormat.AUTO, closing));
      assertTrue(e.getMessage().contains("from within one of its own calls"), e.getMessage());
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE); // still open, not deadlocked
      assertFalse(relearn.search(SearchRequest.of("rotate keys")).hits().isEmpty());
    }
  }

  @Test
  void aFeedbackStoreFetchedBeforeCloseRefusesCallsAfterIt() throws Exception {
    Relearn relearn = Relearn.open(tmp.resolve("index"), HASHING);
    relearn.index(KeyDocs.write(tmp), SourceFormat.AUTO, Progress.NONE);
    FeedbackStore store = relearn.feedbackStore();
    float[] vector = new float[relearn.embedder().dimension()];
    vector[0] = 1;
    relearn.close();
    List<Executable> calls = List.of(
        () -> store.similar(vector, 0.7f, 5), () -> store.stats(), () -> store.checkpoint(),
        () -> store.flushLearnedFields(), () -> store.expire(),
        () -> store.renameChunks(java.util.Map.of("a", "b")), () -> store.forgetAll());
    for (Executable call : calls) {
      IllegalStateException e = assertThrows(IllegalStateException.class, call);
      assertEquals("the feedback store is closed", e.getMessage());
    }
  }
}
