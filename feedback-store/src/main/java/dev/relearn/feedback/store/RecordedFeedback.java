package dev.relearn.feedback.store;

import dev.relearn.feedback.log.Translog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.lucene.index.DirectoryReader;

/**
 * Whether a feedback folder holds past queries: clusters in its cluster index's last commit, or
 * events in its log that no checkpoint has taken in yet. Read without opening the store or
 * taking its locks, for checks made before it opens (which model recorded them, say).
 */
public final class RecordedFeedback {
  private RecordedFeedback() {}

  /**
   * Whether {@code dir}, a feedback folder that need not exist, holds past queries.
   *
   * @throws IOException naming what could not be read
   */
  public static boolean present(Path dir) throws IOException {
    Path clusters = dir.resolve(StoreFolder.CLUSTERS);
    return Translog.holdsRecords(dir.resolve(StoreFolder.LOG)) || Files.isDirectory(clusters)
        && MissingParts.count(clusters, DirectoryReader::numDocs) > 0;
  }
}
