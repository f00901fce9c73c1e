package dev.relearn.feedback.index;

import dev.relearn.lucene.files.StorageOpener;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.InstantSource;

/** Opens feedback indexes for tests, on the real file system. */
final class TestIndexes {
  private TestIndexes() {}

  /** The defaults on {@code clock} with {@code halfLife} and {@code ttl}. */
  static FeedbackIndexConfig config(int dimension, InstantSource clock, Duration halfLife,
      Duration ttl) {
    return new FeedbackIndexConfig(dimension, FeedbackIndexConfig.DEFAULT_MERGE_SIMILARITY,
        FeedbackIndexConfig.DEFAULT_COMPACT_SIMILARITY, halfLife, ttl,
        FeedbackIndexConfig.DEFAULT_PER_SESSION_CAP, clock);
  }

  /** {@link FeedbackIndex#open} of {@code dir} with {@code config}. */
  static FeedbackIndex open(Path dir, FeedbackIndexConfig config) throws IOException {
    return FeedbackIndex.open(dir, config, StorageOpener.REAL, entry -> { });
  }
}
