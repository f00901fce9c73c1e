package dev.relearn.indexer.source;

import dev.relearn.lucene.schema.Chunk;
import java.io.IOException;
import java.util.function.Consumer;

/** Something to index: produces the chunks of one origin. Open one with {@link Sources#open}. */
public interface ChunkSource {

  /** The absolute, normalized path of the folder or file this source was opened on. */
  String origin();

  /**
   * Reads the whole source, in a deterministic order (sorted paths, then file order).
   *
   * @param chunks receives every chunk
   * @param problems receives every file or line that was skipped, with the reason; reading goes on
   * @throws IOException when the source as a whole cannot be read
   * @throws IllegalArgumentException when the source holds nothing to index, e.g. a folder
   *     without indexable files
   */
  void read(Consumer<Chunk> chunks, Consumer<SourceProblem> problems) throws IOException;

  /**
   * After {@link #read}: what it passed over without a problem, such as files of types relearn
   * does not index, in one line for people; empty for nothing.
   */
  default String skipped() {
    return "";
  }
}
