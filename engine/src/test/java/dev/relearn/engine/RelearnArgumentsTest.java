package dev.relearn.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.relearn.engine.search.SearchRequest;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.embed.HashingEmbedder;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.lucene.embed.Embedder;
import dev.relearn.lucene.embed.ForwardingEmbedder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad arguments to the entry point are named, as the requests' own checks name theirs. */
class RelearnArgumentsTest {
  @TempDir Path tmp;

  @Test
  void aFileGivenAsTheIndexFolderIsNamed() throws Exception {
    Path file = Files.writeString(tmp.resolve("doc1.md"), "# Doc\n");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Relearn.open(file, TestOptions.HASHING));
    assertEquals("index folder " + file + " is a file, not a folder", e.getMessage());
    assertEquals("# Doc\n", Files.readString(file));
  }

  @Test
  void nullArgumentsAreNamed() throws Exception {
    assertEquals("dir", assertThrows(NullPointerException.class,
        () -> Relearn.open(null, TestOptions.HASHING)).getMessage());
    assertEquals("options", assertThrows(NullPointerException.class,
        () -> Relearn.open(tmp.resolve("idx"), null)).getMessage());
    assertEquals("queryText", assertThrows(NullPointerException.class,
        () -> Relearn.queryClass(null)).getMessage());
    try (Relearn relearn = Relearn.open(tmp.resolve("idx"), TestOptions.HASHING)) {
      assertEquals("request", assertThrows(NullPointerException.class,
          () -> relearn.search(null)).getMessage());
      assertEquals("request", assertThrows(NullPointerException.class,
          () -> relearn.explain(null)).getMessage());
      assertEquals("request", assertThrows(NullPointerException.class,
          () -> relearn.feedback(null)).getMessage());
      assertEquals("ids", assertThrows(NullPointerException.class,
          () -> relearn.unknownChunkIds(null)).getMessage());
      assertEquals("ids must not contain null", assertThrows(IllegalArgumentException.class,
          () -> relearn.unknownChunkIds(Arrays.asList("a", null))).getMessage());
      assertEquals(List.of(), relearn.search(SearchRequest.of("nothing")).hits());
    }
  }

  @Test
  void anEmbedderThatReturnsNoQueryVectorIsNamed() throws Exception {
    Embedder none = new ForwardingEmbedder(new HashingEmbedder()) {
      @Override
      public float[] embedQuery(String query) {
        return null;
      }
    };
    try (Relearn relearn = Relearn.open(tmp.resolve("idx"),
        RelearnOptions.defaults().withEmbedder(none))) {
      relearn.index(KeyDocs.write(tmp), SourceFormat.AUTO, Progress.NONE);
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> relearn.search(SearchRequest.of("keys")));
      assertEquals("embedder '" + HashingEmbedder.MODEL_ID + "' returned no vector",
          e.getMessage());
      assertEquals("paths holds a null", assertThrows(NullPointerException.class,
          () -> relearn.remove(Arrays.asList((Path) null), true)).getMessage());
    }
  }
}
