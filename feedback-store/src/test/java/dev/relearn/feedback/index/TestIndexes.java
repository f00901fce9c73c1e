package dev.relearn.feedback.index;

import dev.relearn.lucene.files.StorageOpener;
import java.io.IOException;
import java.nio.file.Path;

/** Opens feedback indexes for tests, on the real file system. */
final class TestIndexes {
  private TestIndexes() {}

  /** {@link FeedbackIndex#open} of {@code dir} with {@code config}. */
  static FeedbackIndex open(Path dir, FeedbackIndexConfig config) throws IOException {
    return FeedbackIndex.open(dir, config, StorageOpener.REAL);
  }
}
