package dev.relearn.engine;

import dev.relearn.feedback.store.FeedbackAck;
import dev.relearn.feedback.store.StoreStats;
import dev.relearn.indexer.build.IndexReport;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.build.RemoveReport;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.engine.search.SearchRequest;
import dev.relearn.engine.search.SearchResults;
import dev.relearn.lucene.fusion.QueryClass;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;

/**
 * A {@link Relearn} for callers that must not block, such as an IDE's UI thread: every call
 * returns a {@link CompletableFuture} at once and runs on an executor.
 *
 * <p>Nothing runs on the calling thread but the hand-over: even a bad argument (a negative limit,
 * a missing path, feedback on a read-only index) arrives as an exceptionally completed future,
 * never as a throw; only a null argument throws {@link NullPointerException} at once. A future
 * that is cancelled (or completed any other way) before its call starts skips the call; a call
 * that has started runs to the end, its result then dropped: threads are never interrupted,
 * because an interrupt closes Lucene's file channels.
 *
 * <p>Lifecycle: {@link #open} (or {@link #openPreferWritable}) once per index folder, share the
 * instance between threads, {@link #close()} it once. Without an executor argument the instance
 * owns a small pool of daemon threads named {@code relearn-async-N} and shuts it down on close; a
 * caller's executor is used as is and never shut down. An instance that opened its engine closes
 * it; one made by {@link #wrap} leaves the engine to its owner. Callbacks chained with {@code
 * thenAccept} run on the worker thread; use {@code thenAcceptAsync(result, uiExecutor)} to get
 * back to a UI thread. Query text is never written or logged. Thread-safe. See docs/JAVA_API.md.
 */
public final class AsyncRelearn {
  private final Relearn relearn;
  private final AsyncCalls calls;

  /** Calls run on {@code ownPool} when it is not null, else on {@code executor}. */
  AsyncRelearn(Relearn relearn, boolean ownsRelearn, Executor executor,
      ExecutorService ownPool) {
    this.relearn = relearn;
    this.calls = new AsyncCalls(relearn, ownsRelearn, executor, ownPool);
  }

  /**
   * Opens {@link Relearn#open(Path, RelearnOptions)} on a pool of its own. The future fails with
   * what that throws, such as {@link IndexInUseException}.
   */
  public static CompletableFuture<AsyncRelearn> open(Path dir, RelearnOptions options) {
    return AsyncCalls.open(dir, options, false, null);
  }

  /** Opens on {@code executor}, which then runs every call and is never shut down by this. */
  public static CompletableFuture<AsyncRelearn> open(Path dir, RelearnOptions options,
      Executor executor) {
    return AsyncCalls.open(dir, options, false, Objects.requireNonNull(executor, "executor"));
  }

  /**
   * Opens read-write, or read-only when another engine (in this process or another) holds the
   * folder's write lock; {@link #readOnly()} tells which. Read-only searches follow the writer's
   * commits (looked for at most every {@link Relearn#READ_ONLY_REFRESH_MILLIS} ms); feedback,
   * index and reset calls fail.
   */
  public static CompletableFuture<AsyncRelearn> openPreferWritable(Path dir,
      RelearnOptions options) {
    return AsyncCalls.open(dir, options, true, null);
  }

  /** {@link #openPreferWritable(Path, RelearnOptions)} on a caller's executor. */
  public static CompletableFuture<AsyncRelearn> openPreferWritable(Path dir,
      RelearnOptions options, Executor executor) {
    return AsyncCalls.open(dir, options, true, Objects.requireNonNull(executor, "executor"));
  }

  /** Wraps an engine the caller opened and will close, with a pool of its own. */
  public static AsyncRelearn wrap(Relearn relearn) {
    return new AsyncRelearn(Objects.requireNonNull(relearn, "relearn"), false, null,
        AsyncCalls.newPool());
  }

  /** Wraps an engine the caller opened and will close, running calls on {@code executor}. */
  public static AsyncRelearn wrap(Relearn relearn, Executor executor) {
    return new AsyncRelearn(Objects.requireNonNull(relearn, "relearn"), false,
        Objects.requireNonNull(executor, "executor"), null);
  }

  /** {@link Relearn#search}: embeds the query (the first call loads the model), then searches. */
  public CompletableFuture<SearchResults> search(SearchRequest request) {
    Objects.requireNonNull(request, "request");
    return submit(() -> relearn.search(request));
  }

  /** {@link Relearn#explain}: a learned search with each hit's score explained. */
  public CompletableFuture<ExplainedResults> explain(SearchRequest request) {
    Objects.requireNonNull(request, "request");
    return submit(() -> relearn.explain(request));
  }

  /**
   * {@link Relearn#feedback}: durable (by default after an fsync) when the future completes.
   * Fails with {@link IllegalStateException} on a read-only index.
   */
  public CompletableFuture<FeedbackAck> feedback(FeedbackRequest request) {
    Objects.requireNonNull(request, "request");
    return submit(() -> relearn.feedback(request));
  }

  /**
   * {@link Relearn#index}: minutes for a large corpus on the first run. {@code progress} is called
   * on the worker thread. Index calls run one at a time; searches go on meanwhile.
   */
  public CompletableFuture<IndexReport> index(Path path, SourceFormat format, Progress progress) {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(format, "format");
    Objects.requireNonNull(progress, "progress");
    return submit(() -> relearn.index(path, format, progress));
  }

  /** {@link Relearn#remove}: whole sources out of the index, one commit. */
  public CompletableFuture<List<RemoveReport>> remove(List<Path> paths, boolean dryRun) {
    List<Path> copy = List.copyOf(Objects.requireNonNull(paths, "paths"));
    return submit(() -> relearn.remove(copy, dryRun));
  }

  /** {@link Relearn#stats}: counts and sizes of the index. */
  public CompletableFuture<IndexStats> stats() {
    return submit(relearn::stats);
  }

  /** {@link Relearn#feedbackStats}: what feedback the engine learns from. */
  public CompletableFuture<StoreStats> feedbackStats() {
    return submit(relearn::feedbackStats);
  }

  /** {@link Relearn#recentFeedback}: by class and time only, newest first. */
  public CompletableFuture<List<FeedbackSummary>> recentFeedback(int limit) {
    return submit(() -> relearn.recentFeedback(limit));
  }

  /** {@link Relearn#forgetSession}: one session's feedback, committed when the future completes. */
  public CompletableFuture<Integer> forgetSession(String sessionId) {
    Objects.requireNonNull(sessionId, "sessionId");
    return submit(() -> relearn.forgetSession(sessionId));
  }

  /** {@link Relearn#forgetAll}: all feedback, learned weights and recent feedback. */
  public CompletableFuture<Integer> forgetAll() {
    return submit(relearn::forgetAll);
  }

  /** {@link Relearn#resetWeights}: of {@code queryClass}, or of every class when it is null. */
  public CompletableFuture<Void> resetWeights(QueryClass queryClass) {
    return submit(() -> {
      relearn.resetWeights(queryClass);
      return null;
    });
  }

  /**
   * Loads the embedding model now (about a second for bge-small) so that the first search does
   * not pay for it. Optional.
   */
  public CompletableFuture<Void> warmUp() {
    return submit(() -> {
      relearn.embedder();
      return null;
    });
  }

  /**
   * The engine, for calls that never block: {@link Relearn#weights()}, {@link
   * Relearn#metadata()}, {@link Relearn#config()}. Do not close it through here.
   */
  public Relearn relearn() {
    return relearn;
  }

  /** Whether the engine is read-only (searches only). */
  public boolean readOnly() {
    return relearn.readOnly();
  }

  /** The index folder. */
  public Path directory() {
    return relearn.directory();
  }

  /**
   * Stops taking calls (later ones fail with {@link IllegalStateException}), lets every call made
   * before finish, then closes the engine if this opened it and shuts down its own pool. Calling
   * it again returns the same outcome.
   */
  public CompletableFuture<Void> close() {
    return calls.close();
  }

  /** The pool this owns, or null when it runs on a caller's executor. For tests. */
  ExecutorService ownPool() {
    return calls.ownPool();
  }

  private <T> CompletableFuture<T> submit(AsyncCalls.Call<T> call) {
    return calls.submit(call);
  }
}
