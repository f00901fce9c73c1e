package dev.relearn.indexer.chunk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.lucene.embed.TokenCounter;
import dev.relearn.lucene.schema.Chunk;
import dev.relearn.lucene.schema.ChunkKind;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class TextChunkerTest {

  @Test
  void windowsStayWithinTheBudgetAndOverlap() {
    String text = ProseGenerator.paragraphs(new Random(42), 60);
    List<Chunk> chunks = new TextChunker(512, 64, TokenCounter.UNLIMITED).chunk("/o", "notes.txt", text);
    assertTrue(chunks.size() > 3, "expected several windows, got " + chunks.size());
    for (int i = 0; i < chunks.size(); i++) {
      Chunk chunk = chunks.get(i);
      assertEquals(ChunkKind.TEXT, chunk.kind());
      assertTrue(TokenEstimator.estimate(chunk.text()) <= 512,
          "window " + i + " has " + TokenEstimator.estimate(chunk.text()) + " tokens");
      assertEquals(TokenEstimator.estimate(chunk.text()), chunk.tokenEstimate());
      assertTrue(text.contains(chunk.text()), "window " + i + " is not a slice of the text");
      if (i > 0) {
        Chunk previous = chunks.get(i - 1);
        int prevEnd = text.indexOf(previous.text()) + previous.text().length();
        int start = text.indexOf(chunk.text());
        assertTrue(start < prevEnd, "window " + i + " does not overlap the previous one");
        assertTrue(start > text.indexOf(previous.text()), "window " + i + " does not advance");
        assertTrue(TokenEstimator.estimate(text.substring(start, prevEnd)) <= 64,
            "overlap of window " + i + " is too large");
      }
    }
    assertTrue(text.endsWith(chunks.get(chunks.size() - 1).text()), "the end of the text is lost");
    assertTrue(text.startsWith(chunks.get(0).text()), "the start of the text is lost");
  }

  @Test
  void lineRangesMatchTheText() {
    String text = ProseGenerator.paragraphs(new Random(7), 40);
    String[] lines = text.split("\n", -1);
    for (Chunk chunk : new TextChunker(128, 16, TokenCounter.UNLIMITED).chunk("/o", "t.txt", text)) {
      String[] chunkLines = chunk.text().split("\n", -1);
      assertEquals(chunk.endLine() - chunk.startLine() + 1, chunkLines.length, chunk.toString());
      assertTrue(lines[chunk.startLine() - 1].endsWith(chunkLines[0]), chunk.toString());
      assertTrue(lines[chunk.endLine() - 1].startsWith(chunkLines[chunkLines.length - 1]),
          chunk.toString());
    }
  }

  @Test
  void prefersParagraphBreaks() {
    StringBuilder text = new StringBuilder();
    for (int p = 0; p < 6; p++) {
      text.append(ProseGenerator.paragraphs(new Random(p), 1).replace("\n", " ")
          .replace(".", "").substring(0, 200)).append(".\n\n");
    }
    // Each paragraph is about 60 tokens; a 150-token window holds two whole paragraphs.
    for (Chunk chunk : new TextChunker(150, 0, TokenCounter.UNLIMITED).chunk("/o", "t.txt", text.toString())) {
      assertTrue(chunk.text().endsWith("."), "window does not end at a paragraph: "
          + chunk.text().substring(Math.max(0, chunk.text().length() - 30)));
    }
  }

  @Test
  void crlfInputGivesTheSameLinesAsLf() {
    String text = ProseGenerator.paragraphs(new Random(3), 20);
    List<Chunk> lf = new TextChunker(100, 10, TokenCounter.UNLIMITED).chunk("/o", "t.txt", text);
    List<Chunk> crlf = new TextChunker(100, 10, TokenCounter.UNLIMITED).chunk("/o", "t.txt", text.replace("\n", "\r\n"));
    assertEquals(lf, crlf);
    assertFalse(crlf.get(0).text().contains("\r"));
  }

  @Test
  void hugeWordsAreHardSplit() {
    String blob = "x".repeat(10_000);
    List<Chunk> chunks = new TextChunker(100, 0, TokenCounter.UNLIMITED).chunk("/o", "t.txt", "start " + blob + " end");
    assertTrue(chunks.size() >= 25, "got " + chunks.size());
    chunks.forEach(c -> assertTrue(c.tokenEstimate() <= 100, c.tokenEstimate() + " tokens"));
    long xs = chunks.stream().mapToLong(c -> c.text().chars().filter(ch -> ch == 'x').count())
        .sum();
    assertEquals(10_000, xs);
  }

  @Test
  void blankTextGivesNoChunks() {
    assertTrue(new TextChunker(512, 64, TokenCounter.UNLIMITED).chunk("/o", "t.txt", " \n\n \t").isEmpty());
  }

  @Test
  void badSettingsAreRejectedByValue() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> new TextChunker(100, 80, TokenCounter.UNLIMITED));
    assertTrue(e.getMessage().contains("80"), e.getMessage());
  }
}
