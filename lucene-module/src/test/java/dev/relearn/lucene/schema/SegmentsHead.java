package dev.relearn.lucene.schema;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.util.StringHelper;
import org.apache.lucene.util.Version;

/**
 * Makes an index's last commit say that another Lucene wrote it, as its segments file's head
 * would: the format number and the writer's version (and the created-by major after it). Lucene
 * reads the head first, so it refuses the commit as a real one of that Lucene's.
 */
public final class SegmentsHead {
  /** The segments format of Lucene 7.2 and 7.3, older than any this Lucene reads. */
  public static final int LUCENE_72_FORMAT = 8;
  /** A segments format newer than any this Lucene knows. */
  public static final int FUTURE_FORMAT = 99;
  /** Where the format number sits: after the magic and the codec name "segments". */
  private static final int FORMAT_AT = Integer.BYTES + 1 + "segments".length();

  private SegmentsHead() {}

  /** Rewrites the head of the last commit in {@code folder}. */
  public static void rewrite(Path folder, int format, Version writtenBy) throws IOException {
    Path segments;
    try (Directory directory = FSDirectory.open(folder)) {
      segments = folder.resolve(SegmentInfos.getLastCommitSegmentsFileName(directory));
    }
    byte[] bytes = Files.readAllBytes(segments);
    ByteBuffer.wrap(bytes).putInt(FORMAT_AT, format);
    int version = FORMAT_AT + Integer.BYTES + StringHelper.ID_LENGTH;
    version += 1 + bytes[version]; // the suffix's length, then the suffix
    bytes[version] = (byte) writtenBy.major; // each below 128: a one-byte vInt
    bytes[version + 1] = (byte) writtenBy.minor;
    bytes[version + 2] = (byte) writtenBy.bugfix;
    bytes[version + 3] = (byte) writtenBy.major; // the major version that created the index
    Files.write(segments, bytes);
  }
}
