package dev.relearn.indexer.build;

import dev.relearn.lucene.schema.Chunk;
import dev.relearn.lucene.schema.ChunkSchema;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * The stamp a folder file's chunks are written with ({@link ChunkSchema#FILE_STAMP}): the
 * SHA-256 of the file's hash (its text and the chunkers' fingerprint) and of the {@link #key keys}
 * of all the chunks cut from it.
 *
 * <p>A re-index that hashes a file and finds, on one of the file's indexed chunks, the stamp that
 * hash and those indexed chunks' keys give, knows that chunking the file again would yield
 * exactly the indexed chunks: it skips the file. The chunks' keys make that hold after a run
 * stopped part way: chunks it wrote carry their file's new stamp, but until all of the file's
 * chunks are written and its vanished ones deleted, the indexed chunks do not give that stamp.
 * Nothing but the written chunks changes, so each commit writes only its own chunks' stamps.
 */
final class FileStamp {
  private FileStamp() {}

  /** The stamp of a file hashing to {@code fileHash} cut into chunks of {@code keys}. */
  static String of(String fileHash, Collection<String> keys) {
    List<String> sorted = new ArrayList<>(keys);
    sorted.sort(null);
    return Chunk.sha256Hex(fileHash + '\n' + String.join("\n", sorted));
  }

  /** What {@link ExistingChunks.Entry#sameAs} compares of a chunk of a file, as one string. */
  static String key(String id, String sha256, int startLine, int endLine) {
    return id + '\u0000' + sha256 + '\u0000' + startLine + '\u0000' + endLine;
  }

  /** {@link #key} of {@code chunk}. */
  static String key(Chunk chunk) {
    return key(chunk.id(), chunk.sha256(), chunk.startLine(), chunk.endLine());
  }
}
