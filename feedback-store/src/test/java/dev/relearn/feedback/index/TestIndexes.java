package dev.relearn.feedback.index;

import dev.relearn.lucene.files.StorageOpener;
import dev.relearn.lucene.files.WriteThreads;
import java.io.IOException;
import java.nio.file.Path;

/** Opens feedback indexes for tests, on the real file system, with write threads they share. */
final class TestIndexes {
  /** Daemon threads that end when idle; shared by every test index, never closed. */
  private static final WriteThreads WRITES = new WriteThreads("test-clusters-write-", 2);

  private TestIndexes() {}

  /** {@link FeedbackIndex#open} of {@code dir} with {@code config}. */
  static FeedbackIndex open(Path dir, FeedbackIndexConfig config) throws IOException {
    return FeedbackIndex.open(dir, config, StorageOpener.REAL, WRITES);
  }
}
