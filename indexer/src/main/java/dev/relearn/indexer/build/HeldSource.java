package dev.relearn.indexer.build;

import dev.relearn.indexer.source.BeirCorpusSource;
import dev.relearn.indexer.source.ChunkSource;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.indexer.source.SourceProblem;
import dev.relearn.indexer.source.Sources;
import dev.relearn.lucene.schema.Chunk;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.function.Consumer;

/**
 * A record file or corpus given by another path (a symbolic link; a BEIR corpus's folder for its
 * file, or the other way round) than the one it is indexed under, {@code origin}: its chunks keep
 * that origin, so it is the source indexed, not a second one whose every id another source holds.
 */
record HeldSource(ChunkSource source, String origin) implements ChunkSource {
  /** {@code source} as the one of {@code indexed} it is by another path, else as it is. */
  static ChunkSource of(Collection<String> indexed, ChunkSource source) {
    String held = NestedOrigins.heldAs(indexed, source.origin());
    if (held.equals(source.origin()) && source instanceof BeirCorpusSource corpus) {
      held = heldOther(indexed, corpus, held);
    }
    return held.equals(source.origin()) ? source : new HeldSource(source, held);
  }

  /**
   * The one of {@code indexed} that the source at {@code origin} (a path a remove is given) is by
   * another path, else {@code origin}.
   */
  static String heldAs(Collection<String> indexed, String origin) {
    String held = NestedOrigins.heldAs(indexed, origin);
    if (!held.equals(origin) || indexed.contains(origin)) {
      return held;
    }
    try {
      Path path = Path.of(origin);
      return Files.exists(path) && Sources.detect(path) == SourceFormat.BEIR
          ? heldOther(indexed, new BeirCorpusSource(path), origin) : origin;
    } catch (IllegalArgumentException e) { // not a path here, or gone since: as it is
      return origin;
    }
  }

  /** The other origin {@code corpus} goes by when {@code indexed} holds it, else {@code held}. */
  private static String heldOther(Collection<String> indexed, BeirCorpusSource corpus,
      String held) {
    String other = corpus.otherOrigin();
    return other != null && indexed.contains(other) ? other : held;
  }

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
