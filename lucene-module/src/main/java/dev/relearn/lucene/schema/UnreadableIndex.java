package dev.relearn.lucene.schema;

import java.io.IOException;
import org.apache.lucene.codecs.CodecUtil;
import org.apache.lucene.index.IndexFormatTooNewException;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.IndexInput;
import org.apache.lucene.util.StringHelper;
import org.apache.lucene.util.Version;

/**
 * Says in words why this Lucene refuses an index's format: which Lucene wrote its last commit
 * (read from the head of its segments file: header, id, suffix, then the version, laid out so
 * since Lucene 7) and which Lucene versions this one reads.
 */
final class UnreadableIndex {
  /** The oldest Lucene whose indexes this one reads (with lucene-backward-codecs). */
  static final Version OLDEST = Version.fromBits(Version.MIN_SUPPORTED_MAJOR, 0, 0);

  private UnreadableIndex() {}

  /**
   * The refusal to report: one naming both versions when the index was written by a Lucene this
   * one does not read, or by one that cannot be told; else Lucene's own (a version this Lucene
   * reads, so something else is missing, such as a codec).
   */
  static IOException explain(Directory directory, IOException refusal) {
    Version written = null;
    try {
      written = writtenBy(directory);
    } catch (IOException | RuntimeException unreadable) {
      refusal.addSuppressed(unreadable);
    }
    if (written != null && written.onOrAfter(OLDEST) && !written.onOrAfter(nextMajor())) {
      return refusal;
    }
    boolean newer = written == null
        ? refusal instanceof IndexFormatTooNewException : written.onOrAfter(nextMajor());
    return new IOException("the index was written by "
        + (written == null ? "a Lucene whose version cannot be told" : "Lucene " + written)
        + ", which this relearn's Lucene " + Version.LATEST + " cannot read: it reads indexes of"
        + " Lucene " + OLDEST + " to " + Version.LATEST + ". "
        + (newer ? "Open it with the relearn that wrote it, or index" : "Index")
        + " your sources into a new folder", refusal);
  }

  /** The Lucene version that wrote the last commit, from the head of its segments file. */
  static Version writtenBy(Directory directory) throws IOException {
    String segments = SegmentInfos.getLastCommitSegmentsFileName(directory);
    try (IndexInput in = directory.openInput(segments, IOContext.READONCE)) {
      CodecUtil.checkHeader(in, "segments", 0, Integer.MAX_VALUE);
      in.skipBytes(StringHelper.ID_LENGTH);
      in.skipBytes(Byte.toUnsignedInt(in.readByte()));
      return Version.fromBits(in.readVInt(), in.readVInt(), in.readVInt());
    }
  }

  private static Version nextMajor() {
    return Version.fromBits(Version.LATEST.major + 1, 0, 0);
  }
}
