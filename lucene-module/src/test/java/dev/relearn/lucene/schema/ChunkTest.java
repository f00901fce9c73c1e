package dev.relearn.lucene.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class ChunkTest {
  private static Chunk chunk(String title, List<String> headings) {
    return new Chunk("a#1", "/o", "a.md", ChunkKind.MARKDOWN, title, headings, 1, 2, 3, "body");
  }

  @Test
  void searchableTextPutsTheParentHeadingsBeforeTheTitle() {
    assertEquals("Guide\nInstall\nbody",
        chunk("Install", List.of("Guide", "Install")).searchableText(),
        "a section's own heading, last in its path, is not repeated");
    assertEquals("class A\npublic void b()\nbody",
        chunk("public void b()", List.of("class A")).searchableText(),
        "a code window's enclosing declarations come first");
    assertEquals("Guide\nbody", chunk("", List.of("Guide")).searchableText());
    assertEquals("Title\nbody", chunk("Title", List.of()).searchableText());
    assertEquals("body", chunk("", List.of()).searchableText());
  }

  @Test
  void theHeadingsAreInTheContentHash() {
    assertNotEquals(chunk("T", List.of("A")).sha256(), chunk("T", List.of("B")).sha256());
  }
}
