package dev.relearn.engine;

import dev.relearn.feedback.event.EventSummary;
import dev.relearn.feedback.index.FeedbackStats;
import dev.relearn.feedback.log.ReplayReport;
import dev.relearn.feedback.store.FeedbackStoreConfig;
import dev.relearn.feedback.store.ReadOnlyFeedback;
import dev.relearn.feedback.store.StoreStats;
import dev.relearn.lucene.feedback.FeedbackLookup;
import dev.relearn.lucene.schema.IndexMetadata;
import java.io.Closeable;
import java.io.IOException;
import java.util.List;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The feedback a read-only engine learns from: the writer's last checkpoint ({@link
 * ReadOnlyFeedback}). An engine opened before the writer's first checkpoint looks for it again,
 * at most every {@link ReadOnlyFeedback#REFRESH_MILLIS} ms, so a long-running read-only server
 * starts learning once the writer has checkpointed instead of never. The folder must have been recorded
 * with the engine's model ({@link FeedbackModelMarker}). Thread-safe.
 */
final class CheckpointedFeedback implements Closeable {
  private static final StoreStats NONE =
      new StoreStats(FeedbackStats.NONE, 0, 0, 0, ReplayReport.NONE);

  private final Path folder;
  private final IndexMetadata metadata;
  private ReadOnlyFeedback opened; // guarded by this; null until the writer's first checkpoint
  private long nextLookNanos; // guarded by this
  private boolean closed; // guarded by this

  private CheckpointedFeedback(Path folder, IndexMetadata metadata) {
    this.folder = folder;
    this.metadata = metadata;
  }

  /**
   * The checkpointed feedback in {@code folder}; opened now if there is a checkpoint.
   *
   * @throws IllegalStateException if the folder was recorded with another model
   */
  static CheckpointedFeedback open(Path folder, IndexMetadata metadata) throws IOException {
    CheckpointedFeedback feedback = new CheckpointedFeedback(folder, metadata);
    feedback.current();
    return feedback;
  }

  /** Where learned searches find similar past queries: none before the first checkpoint. */
  FeedbackLookup lookup() throws IOException {
    ReadOnlyFeedback feedback = current();
    return feedback == null ? FeedbackLookup.NONE : feedback;
  }

  /** What the last checkpoint holds; zeros before the first. */
  StoreStats stats() throws IOException {
    ReadOnlyFeedback feedback = current();
    return feedback == null ? NONE : feedback.stats();
  }

  /** Whether the last checkpoint holds any event. */
  boolean hasFeedback() throws IOException {
    ReadOnlyFeedback feedback = current();
    return feedback != null && feedback.hasFeedback();
  }

  /** The newest events' summaries of the last checkpoint; none before the first. */
  List<EventSummary> recent(int limit) throws IOException {
    ReadOnlyFeedback feedback = current();
    return feedback == null ? List.of() : feedback.recent(limit);
  }

  private synchronized ReadOnlyFeedback current() throws IOException {
    if (opened != null || closed || System.nanoTime() - nextLookNanos < 0) {
      return opened;
    }
    nextLookNanos = System.nanoTime() + ReadOnlyFeedback.REFRESH_MILLIS * 1_000_000;
    if (Files.isDirectory(folder)) {
      FeedbackModelMarker.requireMatch(folder, metadata.modelId());
      opened = ReadOnlyFeedback.open(folder, FeedbackStoreConfig.defaults(metadata.dimension()));
    }
    return opened;
  }

  @Override
  public synchronized void close() throws IOException {
    closed = true;
    if (opened != null) {
      opened.close();
    }
  }
}
