package dev.relearn.indexer.chunk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.lucene.schema.Chunk;
import dev.relearn.lucene.schema.ChunkKind;
import java.util.List;
import org.junit.jupiter.api.Test;

class ChunkIdsTest {

  private static Chunk draft(String text) {
    return ChunkIds.draft("/o", "a/b.txt", ChunkKind.TEXT, "", List.of(), 1, 1, text);
  }

  @Test
  void idIsPathAndTwelveHexDigitsOfTheContentHash() {
    Chunk chunk = ChunkIds.assign(List.of(draft("hello"))).get(0);
    assertEquals("a/b.txt#" + chunk.sha256().substring(0, 12), chunk.id());
    assertTrue(chunk.id().matches("a/b\\.txt#[0-9a-f]{12}"), chunk.id());
  }

  @Test
  void repeatedContentGetsNumberedSuffixesInOrder() {
    List<Chunk> chunks = ChunkIds.assign(List.of(draft("same"), draft("other"), draft("same"),
        draft("same")));
    String base = chunks.get(0).id();
    assertEquals(List.of(base, chunks.get(1).id(), base + "~2", base + "~3"),
        chunks.stream().map(Chunk::id).toList());
  }

  @Test
  void blankChunksAreDropped() {
    List<Chunk> chunks = ChunkIds.assign(List.of(draft(" \n\t "), draft("x"), draft("")));
    assertEquals(1, chunks.size());
    assertEquals("x", chunks.get(0).text());
  }
}
