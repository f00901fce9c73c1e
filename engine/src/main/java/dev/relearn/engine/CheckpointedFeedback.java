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
 * ReadOnlyFeedback}), looked for again at most every {@link ReadOnlyFeedback#REFRESH_MILLIS} ms
 * until there is one, so that a long-running reader starts learning once the writer checkpoints.
 * Thread-safe.
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

  /** The checkpointed feedback in {@code folder} (of the engine's model); opened now if any. */
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
