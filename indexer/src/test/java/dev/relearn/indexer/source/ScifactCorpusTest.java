package dev.relearn.indexer.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.lucene.schema.Chunk;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Reads the real SciFact corpus from the shared datasets folder. */
class ScifactCorpusTest {

  /** The shared datasets folder: {@code -Drelearn.datasets}, else {@code ../shared/datasets}. */
  static Path datasets() {
    String property = System.getProperty("relearn.datasets");
    if (property != null && !property.isBlank()) {
      return Path.of(property);
    }
    Path here = Path.of("").toAbsolutePath();
    Path repoRoot = Files.exists(here.resolve("lucene-module")) ? here : here.getParent();
    return repoRoot.resolve("../shared/datasets").normalize();
  }

  @Test
  void readsEveryScifactDocument() throws IOException {
    Path corpus = datasets().resolve("scifact/corpus.jsonl.gz");
    assertTrue(Files.isRegularFile(corpus), "SciFact corpus missing: " + corpus
        + " (set -Drelearn.datasets to the shared datasets folder)");
    List<Chunk> chunks = new ArrayList<>();
    List<SourceProblem> problems = new ArrayList<>();
    new BeirCorpusSource(corpus).read(chunks::add, problems::add);
    assertTrue(problems.isEmpty(), problems.toString());
    assertEquals(5183, chunks.size());
    assertEquals(5183, new HashSet<>(chunks.stream().map(Chunk::id).toList()).size());
    assertEquals("4983", chunks.get(0).id());
  }
}
