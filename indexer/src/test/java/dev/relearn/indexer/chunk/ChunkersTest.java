package dev.relearn.indexer.chunk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.lucene.embed.TokenCounter;
import dev.relearn.lucene.schema.Chunk;
import dev.relearn.lucene.schema.ChunkKind;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ChunkersTest {

  @Test
  void picksTheChunkerForEachKind() {
    Chunkers chunkers = new Chunkers(256, TokenCounter.UNLIMITED);
    assertTrue(chunkers.fingerprint().contains(", tokens 256, "), chunkers.fingerprint());
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
        assertThrows(IllegalArgumentException.class, () -> new Chunkers(3, TokenCounter.UNLIMITED));
    assertTrue(e.getMessage().contains("3"), e.getMessage());
  }

  @Test
  void budgetIsPassedToTheChunkers() {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < 400; i++) {
      text.append("word").append(i).append(' ');
    }
    new Chunkers(64, TokenCounter.UNLIMITED).forKind(ChunkKind.TEXT).chunk("/o", "t.txt", text.toString())
        .forEach(c -> assertTrue(c.tokenEstimate() <= 64, c.tokenEstimate() + " tokens"));
  }

  /**
   * A tripwire: a re-index does not chunk again a file whose chunks were cut under the same
   * {@link Chunkers#fingerprint()}, so chunkers that cut the same text differently must bump its
   * chunking version, or indexes keep the old chunks of unchanged files.
   */
  @Test
  void cuttingDifferentlyNeedsANewChunkingVersion() {
    StringBuilder prose = new StringBuilder();
    for (int i = 0; i < 120; i++) {
      prose.append("Sentence ").append(i).append(" of the notes.")
          .append(i % 9 == 8 ? "\n\n" : " ");
    }
    String markdown = "# Guide\n\nIntro.\n\n## Install\n\n```sh\nmake\n```\n\nSetup\n-----\n\n"
        + "Steps.\n\n<!--\n# Hidden\n-->\n\n## Long\n\n" + prose;
    String java = "package p;\n\n/** A class. */\nclass A {\n  int f(int x) {\n    return x + 1;\n"
        + "  }\n\n  /** G. */\n  @Deprecated\n  void g() {\n" + "    f(2);\n".repeat(60) + "  }\n}\n";
    String c = "static int\nadd (int a, int b)\n{\n  return a + b;\n}\n\nint main(void) {\n"
        + "  add(1, 2);\n".repeat(40) + "}\n";
    Chunkers chunkers = new Chunkers(64, TokenCounter.UNLIMITED);
    List<String> cut = new ArrayList<>();
    for (String[] file : new String[][] {{"g.md", markdown}, {"A.java", java}, {"m.c", c},
        {"n.txt", prose.toString()}}) {
      ChunkKind kind = file[0].endsWith(".md") ? ChunkKind.MARKDOWN
          : file[0].endsWith(".txt") ? ChunkKind.TEXT : ChunkKind.CODE;
      for (Chunk chunk : chunkers.forKind(kind).chunk("/o", "r/" + file[0], file[1])) {
        cut.add(chunk.id() + " " + chunk.sha256() + " " + chunk.startLine() + "-"
            + chunk.endLine());
      }
    }
    String digest = Chunk.sha256Hex(String.join("\n", cut));
    assertTrue(chunkers.fingerprint().startsWith("chunking 4,"), chunkers.fingerprint());
    assertEquals("2175a247ead2f0d0801de3dbbd92243151e129488eb99e3ae7e5a4745c7f1caa", digest,
        "the chunkers cut these files differently: bump"
        + " Chunkers.CHUNKING_VERSION and set the version and digest here (" + cut.size()
        + " chunks)");
  }
}
