package dev.relearn.engine;

import static dev.relearn.engine.TestOptions.HASHING;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.embed.HashingEmbedder;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.lucene.embed.ForwardingEmbedder;
import dev.relearn.engine.search.SearchRequest;
import dev.relearn.engine.search.SearchResults;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * AsyncRelearn on real indexes: off the caller's thread, cancellable, closed in order. The
 * documented plugin that uses it is checked by {@link AsyncPluginExampleTest}.
 */
class AsyncRelearnTest {
  private static final String QUERY = "rotate signing keys";

  @TempDir Path tmp;
  private Path docs;
  private Path index;
  private final ExecutorService ui = Executors.newSingleThreadExecutor(r -> new Thread(r, "ui"));
  private final ExecutorService ide =
      Executors.newSingleThreadExecutor(r -> new Thread(r, "ide-pool"));

  @BeforeEach
  void writeDocs() throws Exception {
    docs = KeyDocs.write(tmp);
    index = tmp.resolve("index");
  }

  @AfterEach
  void stopExecutors() {
    ui.shutdownNow();
    ide.shutdownNow();
  }

  private static <T> T await(Future<T> future) throws Exception {
    return future.get(60, TimeUnit.SECONDS);
  }

  private static Throwable failure(Future<?> future) {
    return assertThrows(ExecutionException.class, () -> await(future)).getCause();
  }

  /** Occupies the single thread of {@code pool} until the returned latch is counted down. */
  private static CountDownLatch block(ExecutorService pool) throws Exception {
    CountDownLatch running = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    pool.execute(() -> {
      running.countDown();
      try {
        release.await();
      } catch (InterruptedException e) {
        throw new IllegalStateException("blocker interrupted", e);
      }
    });
    assertTrue(running.await(60, TimeUnit.SECONDS));
    return release;
  }

  @Test
  void ownPoolRunsCallsOnItsDaemonThreadsAndIsShutDownByClose() throws Exception {
    AtomicReference<Thread> worker = new AtomicReference<>();
    AtomicReference<Thread> writer = new AtomicReference<>();
    AsyncRelearn async = await(AsyncRelearn.open(index, HASHING.withEmbedder(
        new ForwardingEmbedder(new HashingEmbedder()) {
          @Override
          public float[] embedQuery(String query) { // on the thread of the search call
            worker.set(Thread.currentThread());
            return super.embedQuery(query);
          }
        })));
    Progress progress = new Progress() {
      @Override
      public void start(String task, long total) {
        writer.set(Thread.currentThread());
      }

      @Override
      public void advance(long done) {}

      @Override
      public void finish() {}
    };
    assertTrue(await(async.call(r -> r.index(docs, SourceFormat.AUTO, progress))).added() > 0);
    assertTrue(writer.get().getName().startsWith("relearn-write-"), writer.get().getName());
    SearchResults results = await(async.call(r -> r.search(SearchRequest.of(QUERY))));
    assertTrue(worker.get().getName().startsWith("relearn-async-"), worker.get().getName());
    assertTrue(worker.get().isDaemon());
    assertNotEquals(Thread.currentThread(), worker.get());
    assertEquals("keys.md", Path.of(results.hits().get(0).path()).getFileName().toString());
    assertEquals(await(async.call(Relearn::stats)).chunks(),
        await(async.call(Relearn::stats)).chunks());
    assertTrue(await(async.call(Relearn::stats)).chunks() >= 3);
    assertNull(await(async.warmUp()));

    await(async.close());
    assertTrue(async.ownPool().isShutdown());
    assertTrue(async.ownPool().awaitTermination(60, TimeUnit.SECONDS));
    try (Relearn again = Relearn.open(index, HASHING)) {
      assertFalse(again.readOnly(), "close released the write lock");
    }
    Throwable late = failure(async.call(r -> r.search(SearchRequest.of(QUERY))));
    assertInstanceOf(IllegalStateException.class, late);
    assertEquals("the relearn engine for " + index.toAbsolutePath() + " is closed",
        late.getMessage());
  }

  @Test
  void aSearchFromTheUiThreadReturnsBeforeItsWorkIsDone() throws Exception {
    try (Relearn relearn = Relearn.open(index, HASHING)) {
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      AsyncRelearn async = AsyncRelearn.wrap(relearn, ide);
      CountDownLatch release = block(ide);
      CompletableFuture<SearchResults> search =
          await(ui.submit(() -> async.call(r -> r.search(SearchRequest.of(QUERY)))));
      assertFalse(search.isDone(), "the UI thread got the future while the worker was busy");
      AtomicReference<String> callbackThread = new AtomicReference<>();
      CompletableFuture<Void> shown = search.thenAcceptAsync(
          r -> callbackThread.set(Thread.currentThread().getName()), ui);
      release.countDown();
      assertFalse(await(search).hits().isEmpty());
      await(shown);
      assertEquals("ui", callbackThread.get());
      await(async.close());
      assertFalse(ide.isShutdown(), "a caller's executor is not shut down");
      assertEquals(42, await(ide.submit(() -> 42)));
      assertFalse(relearn.search(SearchRequest.of(QUERY)).hits().isEmpty(),
          "a wrapped engine stays open");
    }
  }

  @Test
  void aCallCancelledBeforeItStartsNeverRuns() throws Exception {
    try (Relearn relearn = Relearn.open(index, HASHING)) {
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      String id = relearn.search(SearchRequest.of(QUERY)).hits().get(0).chunkId();
      AsyncRelearn async = AsyncRelearn.wrap(relearn, ide);
      CountDownLatch release = block(ide);
      FeedbackRequest request = FeedbackRequest.of(QUERY, List.of(id));
      CompletableFuture<?> cancelled = async.call(r -> r.feedback(request));
      CompletableFuture<?> timedOut = async.call(r -> r.feedback(request))
          .orTimeout(1, TimeUnit.MILLISECONDS);
      CompletableFuture<?> kept =
          async.call(r -> r.feedback(FeedbackRequest.of("keys", List.of(id))));
      assertTrue(cancelled.cancel(false));
      assertThrows(ExecutionException.class, () -> timedOut.get(60, TimeUnit.SECONDS));
      release.countDown();
      await(kept);
      assertEquals(1, relearn.feedbackStore().stats().ledgerEvents(), "only 'kept' ran");
      assertEquals(1, await(async.call(Relearn::forgetAll)), "the one past-query cluster");
      assertEquals(0, relearn.feedbackStats().ledgerEvents());
      await(async.close());
    }
  }

  @Test
  void badArgumentsComeBackInTheFutureAndNullsThrowAtOnce() throws Exception {
    try (Relearn relearn = Relearn.open(index, HASHING)) {
      AsyncRelearn async = AsyncRelearn.wrap(relearn, ide);
      Path missing = tmp.resolve("no-such-folder");
      List<CompletableFuture<?>> futures = await(ui.submit(() -> List.of(
          async.call(r -> r.recentFeedback(-1)),
          async.call(r -> r.index(missing, SourceFormat.AUTO, Progress.NONE)))));
      Throwable limit = failure(futures.get(0));
      assertInstanceOf(IllegalArgumentException.class, limit);
      assertEquals("limit must be >= 0, got: -1", limit.getMessage());
      Throwable path = failure(futures.get(1));
      assertInstanceOf(IllegalArgumentException.class, path);
      assertTrue(path.getMessage().contains("no-such-folder"), path.getMessage());
      assertThrows(NullPointerException.class, () -> async.call(null));
      assertThrows(NullPointerException.class, () -> AsyncRelearn.open(index, HASHING, null));
      await(async.close());
    }
  }

  @Test
  void closeWaitsForCallsInFlightAndRefusesLaterOnes() throws Exception {
    CountDownLatch entered = new CountDownLatch(1);
    CountDownLatch proceed = new CountDownLatch(1);
    ExecutorService two = Executors.newFixedThreadPool(2);
    AsyncRelearn async = await(AsyncRelearn.open(index,
        HASHING.withEmbedder(new AsyncHeldQueryEmbedder(entered, proceed)), two));
    await(async.call(r -> r.index(docs, SourceFormat.AUTO, Progress.NONE)));
    assertNull(async.ownPool());
    CompletableFuture<SearchResults> inFlight =
        async.call(r -> r.search(SearchRequest.of(AsyncHeldQueryEmbedder.HELD)));
    assertTrue(entered.await(60, TimeUnit.SECONDS), "the search is running");
    CompletableFuture<Void> closed = async.close();
    CompletableFuture<IndexStats> late = async.call(Relearn::stats);
    assertTrue(late.isCompletedExceptionally(), "refused at once");
    assertInstanceOf(IllegalStateException.class, failure(late));
    assertThrows(IndexInUseException.class, () -> Relearn.open(index, HASHING),
        "the engine stays open while a call is in flight");
    assertFalse(closed.isDone());
    proceed.countDown();
    assertFalse(await(inFlight).hits().isEmpty(), "the call made before close ran");
    await(closed);
    await(async.close()); // again: the same outcome
    try (Relearn again = Relearn.open(index, HASHING)) {
      assertTrue(again.stats().chunks() >= 3);
    }
    assertFalse(two.isShutdown(), "a caller's executor is not shut down");
    two.shutdown();
  }

  @Test
  void closeFailsTheCallsATerminatedExecutorDroppedAndClosesTheEngine() throws Exception {
    ExecutorService one = Executors.newSingleThreadExecutor();
    AsyncRelearn async = await(AsyncRelearn.open(index, HASHING, one));
    block(one);
    CompletableFuture<IndexStats> dropped = async.call(Relearn::stats);
    one.shutdownNow(); // drops the queued call
    assertTrue(one.awaitTermination(60, TimeUnit.SECONDS));
    await(async.close());
    assertInstanceOf(IllegalStateException.class, failure(dropped));
    try (Relearn again = Relearn.open(index, HASHING)) {
      assertFalse(again.readOnly(), "the write lock was released");
    }
  }

  @Test
  void aReadOnlySecondInstanceSearchesWhileAWriterIsOpen() throws Exception {
    AsyncRelearn writer = await(AsyncRelearn.open(index, HASHING));
    await(writer.call(r -> r.index(docs, SourceFormat.AUTO, Progress.NONE)));
    assertInstanceOf(IndexInUseException.class, failure(AsyncRelearn.open(index, HASHING)));
    AsyncRelearn reader = await(AsyncRelearn.openPreferWritable(index, HASHING));
    assertTrue(reader.readOnly());
    assertFalse(writer.readOnly());
    SearchRequest search = SearchRequest.of(QUERY);
    String top = await(writer.call(r -> r.search(search))).hits().get(0).chunkId();
    assertEquals(top, await(reader.call(r -> r.search(search))).hits().get(0).chunkId());
    assertEquals(await(writer.call(Relearn::stats)).chunks(),
        await(reader.call(Relearn::stats)).chunks());
    FeedbackRequest feedback = FeedbackRequest.of(QUERY, List.of(top));
    Throwable refused = failure(reader.call(r -> r.feedback(feedback)));
    assertInstanceOf(IllegalStateException.class, refused);
    assertTrue(refused.getMessage().contains("read-only"), refused.getMessage());
    assertFalse(refused.getMessage().contains(QUERY), "no query text in errors");
    assertFalse(await(writer.call(r -> r.feedback(feedback))).duplicate());
    await(reader.close());
    await(writer.close());
    AsyncRelearn alone = await(AsyncRelearn.openPreferWritable(index, HASHING));
    assertFalse(alone.readOnly(), "read-write once nobody else holds the lock");
    await(alone.close());
  }

  @Test
  void aCancelledOpenOpensNothing() throws Exception {
    Path never = tmp.resolve("never");
    CountDownLatch release = block(ide);
    CompletableFuture<AsyncRelearn> open = AsyncRelearn.open(never, HASHING, ide);
    assertTrue(open.cancel(false));
    release.countDown();
    await(ide.submit(() -> null)); // the skipped open ran before this
    assertFalse(Files.exists(never));
  }
}
