package dev.relearn.feedback.store;

import dev.relearn.feedback.log.Translog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;

/**
 * Whether a feedback folder holds past queries (in its events index's last commit or its log),
 * read without opening the store or taking its locks.
 */
public final class RecordedFeedback {
  private RecordedFeedback() {}

  /** Whether {@code dir}, a feedback folder that need not exist, holds past queries. */
  public static boolean present(Path dir) throws IOException {
    Path events = dir.resolve(StoreFolder.EVENTS);
    if (Translog.holdsRecords(dir.resolve(StoreFolder.LOG))) {
      return true;
    }
    if (!Files.isDirectory(events)) {
      return false;
    }
    try (Directory directory = FSDirectory.open(events)) {
      if (!DirectoryReader.indexExists(directory)) {
        return false;
      }
      try (DirectoryReader reader = DirectoryReader.open(directory)) {
        return reader.numDocs() > 0;
      }
    }
  }
}
