package dev.relearn.indexer.chunk;

import dev.relearn.lucene.schema.Chunk;
import java.util.List;

/** Cuts the text of one file into chunks, in document order. */
public interface Chunker {

  /**
   * Cuts {@code text} into chunks with stable ids (see {@link ChunkIds}); whitespace-only pieces
   * are dropped, so an empty or blank text gives an empty list.
   *
   * @param origin the source the file belongs to, copied into every chunk
   * @param path the file's path as shown to users, copied into every chunk and used in ids
   * @param text the whole file; any of {@code \n}, {@code \r\n} or {@code \r} may end lines
   */
  List<Chunk> chunk(String origin, String path, String text);
}
