package dev.relearn.indexer.chunk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.lucene.embed.TokenCounter;
import dev.relearn.lucene.schema.Chunk;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Chunkers given a model's token counter cut every window the model would cut off, keep line
 * ranges true, and leave windows that fit as the estimate alone cuts them.
 */
class ModelFitTest {
  private static final PieceCounter MODEL = new PieceCounter(96, 3);

  /** Seeded code of long identifiers, which the estimate counts far below the model. */
  private static String code(Random random, int methods) {
    StringBuilder code = new StringBuilder("class VeryLongClassNameForTokenBudgets {\n");
    for (int m = 0; m < methods; m++) {
      code.append("  void methodNumber").append(m).append("() {\n");
      for (int s = random.nextInt(30); s >= 0; s--) {
        code.append("    accumulatedIntermediateValue = combineWithNeighbouringElement(")
            .append("accumulatedIntermediateValue, element").append(random.nextInt(99))
            .append(");\n");
      }
      code.append("  }\n\n");
    }
    return code.append("}\n").toString();
  }

  @Test
  void codeWindowsFitTheModelAndKeepTheirLines() {
    String code = code(new Random(42), 12);
    List<Chunk> estimated = new CodeChunker(60, 512, TokenCounter.UNLIMITED).chunk("/o", "A.java", code);
    assertTrue(estimated.stream().anyMatch(c -> !MODEL.fits(c.searchableText())),
        "the estimate alone leaves windows the model cuts off");
    List<Chunk> fitted = new CodeChunker(60, 512, MODEL).chunk("/o", "A.java", code);
    assertFitAndTrueLines(code, fitted);
    assertTrue(fitted.size() > estimated.size(), fitted.size() + " chunks");
  }

  @Test
  void longLinesAreCutToFit() {
    String line = "call(" + "argumentNumber, ".repeat(200) + "last);\n";
    String code = "void longLines() {\n" + line + line + "}\n";
    List<Chunk> fitted = new CodeChunker(60, 512, MODEL).chunk("/o", "L.java", code);
    assertTrue(fitted.size() >= 2 * MODEL.count(line) / MODEL.limit(), fitted.size() + " chunks");
    fitted.forEach(c -> assertTrue(MODEL.fits(c.searchableText()), c.searchableText()));
    assertEquals(2, fitted.get(1).startLine());
    assertEquals(3, fitted.get(fitted.size() - 2).endLine());
  }

  @Test
  void proseAndMarkdownWindowsFitTheModelAndKeepTheirLines() {
    String prose = ProseGenerator.paragraphs(new Random(7), 40)
        .replace("index", "indexingInfrastructureComponent");
    List<Chunk> text = new TextChunker(512, 64, MODEL).chunk("/o", "t.txt", prose);
    assertFitAndTrueLines(prose, text);
    String markdown = "# Guide\n\n## Indexing details\n\n" + prose + "\n\n## End\n\nShort.\n";
    List<Chunk> sections = new MarkdownChunker(512, 64, MODEL).chunk("/o", "g.md", markdown);
    assertFitAndTrueLines(markdown, sections);
    assertEquals(List.of("Guide", "Indexing details"), sections.getFirst().headingPath());
    assertEquals("Short.", sections.getLast().text());
  }

  @Test
  void windowsThatFitAreCutAsByTheEstimateAlone() {
    PieceCounter model = new PieceCounter(512, 3);
    String code = code(new Random(5), 12);
    assertKeptWhereTheyFit(model, new CodeChunker(60, 512, TokenCounter.UNLIMITED).chunk("/o", "S.java", code),
        new CodeChunker(60, 512, model).chunk("/o", "S.java", code));
    String prose = ProseGenerator.paragraphs(new Random(3), 60);
    assertKeptWhereTheyFit(model, new TextChunker(512, 64, TokenCounter.UNLIMITED).chunk("/o", "p.txt", prose),
        new TextChunker(512, 64, model).chunk("/o", "p.txt", prose));
  }

  private static void assertKeptWhereTheyFit(PieceCounter model, List<Chunk> estimated,
      List<Chunk> fitted) {
    List<Chunk> fitting = estimated.stream().filter(c -> model.fits(c.searchableText())).toList();
    assertTrue(!fitting.isEmpty() && fitting.size() < estimated.size(),
        fitting.size() + " of " + estimated.size() + " fit: the check needs both");
    for (Chunk chunk : fitting) {
      assertTrue(fitted.contains(chunk), "changed though it fits: " + chunk);
    }
  }

  /** Every chunk fits, and its text is what its line range holds of {@code source}. */
  private static void assertFitAndTrueLines(String source, List<Chunk> chunks) {
    String[] lines = source.split("\n", -1);
    for (Chunk chunk : chunks) {
      assertTrue(MODEL.count(chunk.searchableText()) <= MODEL.limit(), chunk.startLine() + "-"
          + chunk.endLine() + ": " + MODEL.count(chunk.searchableText()) + " tokens");
      String range = String.join("\n",
          List.of(lines).subList(chunk.startLine() - 1, chunk.endLine()));
      assertTrue(range.contains(chunk.text()), "lines " + chunk.startLine() + "-"
          + chunk.endLine() + " do not hold " + chunk.text());
      String text = chunk.text();
      String head = text.substring(0, text.indexOf('\n') < 0 ? text.length() : text.indexOf('\n'));
      String first = lines[chunk.startLine() - 1];
      assertTrue(first.contains(head) || first.startsWith("#"), "line " + chunk.startLine()
          + " does not start chunk " + text);
      assertTrue(lines[chunk.endLine() - 1].contains(text.substring(text.lastIndexOf('\n') + 1)),
          "line " + chunk.endLine() + " does not end chunk " + text);
    }
  }
}
