package dev.relearn.indexer.build;

import dev.relearn.indexer.source.ChunkSource;
import dev.relearn.indexer.source.SourceProblem;
import dev.relearn.lucene.schema.Chunk;
import java.io.IOException;
import java.util.function.Consumer;

/**
 * A record file or corpus given by another path (a symbolic link) than the one it is indexed
 * under, {@code origin}: its chunks keep that origin, so it is the source indexed, not a second
 * one whose every id another source holds.
 */
record HeldSource(ChunkSource source, String origin) implements ChunkSource {
  @Override
  public void read(Consumer<Chunk> chunks, Consumer<SourceProblem> problems) throws IOException {
    source.read(c -> chunks.accept(new Chunk(c.id(), origin, c.path(), c.kind(), c.title(),
        c.headingPath(), c.startLine(), c.endLine(), c.tokenEstimate(), c.text())), problems);
  }

  @Override
  public String skipped() {
    return source.skipped();
  }
}
