package dev.relearn.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.indexer.build.IndexReport;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.embed.HashingEmbedder;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.lucene.embed.Embedder;
import dev.relearn.lucene.embed.ForwardingEmbedder;
import dev.relearn.engine.search.Hit;
import dev.relearn.engine.search.SearchMode;
import dev.relearn.engine.search.SearchRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RelearnTest {
  @TempDir Path tmp;
  private Path docs;
  private Path index;
  private final RelearnOptions hashing = RelearnOptions.defaults().withModel(ModelChoice.HASHING);

  @BeforeEach
  void writeDocs() throws Exception {
    docs = Files.createDirectories(tmp.resolve("docs"));
    index = tmp.resolve("index");
    Files.writeString(docs.resolve("guide.md"), """
        # Guide
        ## Install
        Run the installer and accept the licence.
        ## Search
        Hybrid search fuses BM25 and vector scores.
        """);
    Files.writeString(docs.resolve("Parser.java"), """
        class Parser {
          Request parseHttpRequest(String line) {
            return new Request(line);
          }
        }
        """);
  }

  @Test
  void indexesSearchesAndReindexesIncrementally() throws Exception {
    try (Relearn relearn = Relearn.open(index, hashing)) {
      IndexReport first = relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      assertTrue(first.added() >= 3, first.summary());
      List<Hit> hits = relearn.search(SearchRequest.of("http request parser")).hits();
      assertEquals("docs/Parser.java", hits.get(0).path());
      assertTrue(relearn.search(SearchRequest.of("fuses vector scores").withMode(SearchMode.BM25))
          .hits().get(0).headingPath().contains("Search"));

      IndexReport again = relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      assertEquals(first.chunks(), again.unchanged());
      assertEquals(0, again.embedded());

      Files.writeString(docs.resolve("guide.md"), Files.readString(docs.resolve("guide.md"))
          .replace("accept the licence", "accept the licence terms"));
      Files.delete(docs.resolve("Parser.java"));
      IndexReport changed = relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      assertEquals(1, changed.updated(), changed.summary());
      assertEquals(1, changed.deleted(), changed.summary());
      assertEquals(1, changed.embedded(), changed.summary());
      assertEquals(first.chunks() - 1, relearn.stats().chunks());
    }
    try (Relearn relearn = Relearn.open(index, hashing)) {
      assertEquals(0, relearn.index(docs, SourceFormat.AUTO, Progress.NONE).embedded());
      assertFalse(relearn.parts().embedder().loaded(), "nothing to embed: the model is not loaded");
      Files.writeString(docs.resolve("new.md"), "# New\nfresh words to embed\n");
      assertEquals(1, relearn.index(docs, SourceFormat.AUTO, Progress.NONE).embedded());
      assertTrue(relearn.parts().embedder().loaded());
    }
  }

  @Test
  void aMovedFileTakesItsVectorsFromTheIndexWithoutLoadingTheModel() throws Exception {
    try (Relearn relearn = Relearn.open(index, hashing)) {
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
    }
    Files.move(docs.resolve("guide.md"),
        Files.createDirectories(docs.resolve("moved")).resolve("handbook.md"));
    try (Relearn relearn = Relearn.open(index, hashing)) { // the model as the index records it
      IndexReport moved = relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      assertEquals(0, moved.embedded(), moved.summary());
      assertEquals(moved.updated(), moved.reusedVectors(), moved.summary());
      assertTrue(moved.updated() >= 2, moved.summary());
      assertFalse(relearn.parts().embedder().loaded(), "nothing to embed: the model is not loaded");
    }
  }

  @Test
  void reopenedIndexRemembersItsModelAndRefusesAnother() throws Exception {
    try (Relearn relearn = Relearn.open(index, hashing)) {
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
    }
    try (Relearn auto = Relearn.open(index, RelearnOptions.defaults())) {
      assertEquals(HashingEmbedder.MODEL_ID, auto.metadata().modelId());
      assertFalse(auto.search(SearchRequest.of("installer")).hits().isEmpty());
    }
    IllegalStateException e = assertThrows(IllegalStateException.class, () ->
        Relearn.open(index, RelearnOptions.defaults().withModel(ModelChoice.BGE_SMALL)));
    assertTrue(e.getMessage().contains("'hashing-384-v1'")
        && e.getMessage().contains("'bge-small-en-v1.5-q'"), e.getMessage());
  }

  @Test
  void secondWriterIsToldTheIndexIsInUseAndReadOnlyStillWorks() throws Exception {
    try (Relearn writer = Relearn.open(index, hashing)) {
      writer.index(docs, SourceFormat.AUTO, Progress.NONE);
      IndexInUseException e = assertThrows(IndexInUseException.class,
          () -> Relearn.open(index, hashing));
      assertEquals("index already open read-write in this process: " + index.toAbsolutePath()
          .normalize() + " (another Relearn holds its write.lock; share that engine, close it"
          + " first, or open this one read-only)", e.getMessage());
      assertTrue(Files.exists(index.resolve("write.lock")));
      try (Relearn reader = Relearn.open(index, hashing.withReadOnly(true))) {
        assertTrue(reader.readOnly());
        assertFalse(reader.search(SearchRequest.of("installer")).hits().isEmpty());
        assertThrows(IllegalStateException.class,
            () -> reader.index(docs, SourceFormat.AUTO, Progress.NONE));
      }
    }
  }

  @Test
  void badInputGetsClearErrorsAndLeavesTheIndexUnchanged() throws Exception {
    try (Relearn relearn = Relearn.open(index, hashing)) {
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      int before = relearn.stats().chunks();
      Path empty = Files.createDirectories(tmp.resolve("empty"));
      assertTrue(assertThrows(IllegalArgumentException.class,
          () -> relearn.index(empty, SourceFormat.AUTO, Progress.NONE)).getMessage()
          .contains(empty.toString()));
      Path missing = tmp.resolve("missing");
      assertTrue(assertThrows(IllegalArgumentException.class,
          () -> relearn.index(missing, SourceFormat.AUTO, Progress.NONE)).getMessage()
          .contains("no such file or folder"));
      assertEquals(before, relearn.stats().chunks());
      assertTrue(relearn.search(SearchRequest.of("{}[]()^~*?:\\/ AND OR NOT")).hits().size() >= 0);
    }
  }

  @Test
  void readOnlyOpenOfNothingExplainsWhatToDo() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Relearn.open(tmp.resolve("nothing"), hashing.withReadOnly(true)));
    assertTrue(e.getMessage().contains("no relearn index at"), e.getMessage());
  }

  @Test
  void embedderWithWrongDimensionFailsTheSearchClearly() throws Exception {
    Embedder shrunk = new ForwardingEmbedder(new HashingEmbedder()) {
      @Override
      public float[] embedQuery(String query) {
        return new float[12];
      }
    };
    try (Relearn relearn = Relearn.open(index, hashing.withEmbedder(shrunk))) {
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> relearn.search(SearchRequest.of("installer")));
      assertTrue(e.getMessage().contains("12 dimensions; the index expects 384"), e.getMessage());
      assertFalse(relearn.search(SearchRequest.of("installer").withMode(SearchMode.BM25))
          .hits().isEmpty());
    }
  }
}
