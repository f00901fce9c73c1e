package dev.relearn.engine;

import dev.relearn.feedback.store.FeedbackAck;
import dev.relearn.lucene.feedback.Outcome;
import dev.relearn.engine.search.Hit;
import dev.relearn.engine.search.SearchRequest;
import dev.relearn.engine.search.SearchResults;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * The IDE plugin that docs/JAVA_API.md shows, method for method: {@link AsyncPluginExampleTest}
 * runs it and checks that the document's {@code java} blocks are this file's code. {@code ui}
 * stands for the IDE's UI-thread executor; what the plugin would draw is put on queues for the
 * test.
 */
final class AsyncPluginExample {
  /** What {@link #show} received, and on which thread. */
  record Shown(String thread, SearchResults results, Throwable error) {}

  /** What {@link #showLearned} received, and on which thread. */
  record Learned(String thread, FeedbackAck ack, Throwable error) {}

  final BlockingQueue<Shown> shown = new LinkedBlockingQueue<>();
  final BlockingQueue<Learned> learned = new LinkedBlockingQueue<>();
  private final Executor ui;
  private volatile AsyncRelearn engine;
  private CompletableFuture<SearchResults> pending;

  AsyncPluginExample(Executor ui) {
    this.ui = ui;
  }

  AsyncRelearn engine() {
    return engine;
  }

  /** Plugin start, on any thread: returns at once. */
  CompletableFuture<Void> onStart(Path indexDir, RelearnOptions options) {
    // Read-write, or read-only when another IDE window holds the index: opened off this thread.
    return AsyncRelearn.openPreferWritable(indexDir, options)
        .thenAcceptAsync(opened -> {
          engine = opened;
          opened.warmUp(); // loads the embedding model now, not in the first search
        }, ui);
  }

  /** Each keystroke, on the UI thread: nothing here blocks. */
  void onQueryChanged(String typed) {
    if (pending != null) {
      pending.cancel(false); // skipped if it has not started; its result dropped if it has
    }
    if (!SearchRequest.searchable(typed)) {
      return; // SearchRequest.of would throw here
    }
    CompletableFuture<SearchResults> search =
        engine.call(r -> r.search(SearchRequest.of(typed).withMode(r.defaultMode()).withK(10)));
    pending = search;
    search.whenCompleteAsync((results, error) -> show(results, error), ui);
  }

  /** The user opened a hit and it helped: durable once the future completes. */
  void onHitUsed(String typed, SearchResults results, Hit hit) {
    FeedbackRequest used = FeedbackRequest.of(typed, List.of(hit.chunkId()))
        .withOutcome(Outcome.SUCCESS).withShownResults(results, true, false);
    engine.call(r -> r.feedback(used))
        .whenCompleteAsync((ack, error) -> showLearned(ack, error), ui);
  }

  /** Plugin stop, on any thread: calls already made finish, then the index is closed. */
  CompletableFuture<Void> onStop() {
    AsyncRelearn closing = engine;
    engine = null;
    return closing.close();
  }

  private void show(SearchResults results, Throwable error) {
    shown.add(new Shown(Thread.currentThread().getName(), results, error));
  }

  private void showLearned(FeedbackAck ack, Throwable error) {
    learned.add(new Learned(Thread.currentThread().getName(), ack, error));
  }
}
