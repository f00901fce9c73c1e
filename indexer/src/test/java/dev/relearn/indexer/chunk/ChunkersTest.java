package dev.relearn.indexer.chunk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.lucene.schema.ChunkKind;
import org.junit.jupiter.api.Test;

class ChunkersTest {

  @Test
  void picksTheChunkerForEachKind() {
    Chunkers chunkers = new Chunkers(256);
    assertEquals(256, chunkers.maxTokens());
    assertInstanceOf(MarkdownChunker.class, chunkers.forKind(ChunkKind.MARKDOWN));
    assertInstanceOf(CodeChunker.class, chunkers.forKind(ChunkKind.CODE));
    assertInstanceOf(TextChunker.class, chunkers.forKind(ChunkKind.TEXT));
  }

  @Test
  void recordsHaveNoChunker() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new Chunkers().forKind(ChunkKind.RECORD));
    assertTrue(e.getMessage().contains("record"), e.getMessage());
  }

  @Test
  void tinyBudgetIsRejectedByValue() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> new Chunkers(3));
    assertTrue(e.getMessage().contains("3"), e.getMessage());
  }

  @Test
  void budgetIsPassedToTheChunkers() {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < 400; i++) {
      text.append("word").append(i).append(' ');
    }
    new Chunkers(64).forKind(ChunkKind.TEXT).chunk("/o", "t.txt", text.toString())
        .forEach(c -> assertTrue(c.tokenEstimate() <= 64, c.tokenEstimate() + " tokens"));
  }
}
