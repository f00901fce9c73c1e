package dev.relearn.indexer.chunk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.lucene.embed.TokenCounter;
import dev.relearn.lucene.schema.Chunk;
import dev.relearn.lucene.schema.ChunkKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class CodeChunkerTest {

  /** Seeded random Java-like code: classes of methods separated by blank lines. */
  private static String randomCode(Random random, int classes) {
    StringBuilder code = new StringBuilder("package demo;\n\nimport java.util.List;\n\n");
    for (int c = 0; c < classes; c++) {
      code.append("public class Demo").append(c).append(" {\n");
      int methods = 2 + random.nextInt(6);
      for (int m = 0; m < methods; m++) {
        code.append("\n  /** Method ").append(m).append(". */\n");
        code.append("  public int method").append(m).append("(int x) {\n");
        int statements = 1 + random.nextInt(45);
        for (int s = 0; s < statements; s++) {
          code.append("    ".repeat(1 + random.nextInt(3)))
              .append("x = helper(x, \"value").append(random.nextInt(1000)).append("\");\n");
          if (random.nextInt(10) == 0) {
            code.append('\n');
          }
        }
        code.append("    return x;\n  }\n");
      }
      code.append("}\n\n");
    }
    return code.toString();
  }

  @Test
  void windowsRespectLineAndTokenLimitsAndCoverEveryLine() {
    String code = randomCode(new Random(1234), 30);
    List<Chunk> chunks = new CodeChunker(60, 512, TokenCounter.UNLIMITED).chunk("/o", "src/Demo.java", code);
    String[] lines = code.split("\n", -1);
    int nextLine = 1;
    for (Chunk chunk : chunks) {
      assertEquals(ChunkKind.CODE, chunk.kind());
      assertTrue(chunk.endLine() - chunk.startLine() + 1 <= 60, chunk.startLine() + "-"
          + chunk.endLine());
      assertTrue(chunk.tokenEstimate() <= 512, chunk.tokenEstimate() + " tokens");
      assertTrue(chunk.startLine() >= nextLine, "windows overlap at line " + chunk.startLine());
      for (int line = nextLine; line < chunk.startLine(); line++) {
        assertTrue(nothingToFind(lines[line - 1]), "line " + line + " is in no window");
      }
      nextLine = chunk.endLine() + 1;
    }
    for (int line = nextLine; line <= lines.length; line++) {
      assertTrue(nothingToFind(lines[line - 1]), "line " + line + " is in no window");
    }
  }

  private static boolean nothingToFind(String line) {
    return line.codePoints().noneMatch(Character::isLetterOrDigit);
  }

  @Test
  void closingBracesLeftOverAfterAFullWindowAreNoChunk() {
    StringBuilder code = new StringBuilder("class A {\n  void a() {\n");
    for (int i = 0; i < 57; i++) {
      code.append("    x = helper(x);\n");
    }
    code.append("  }\n\n}\n");
    List<Chunk> chunks = new CodeChunker(60, 512, TokenCounter.UNLIMITED).chunk("/o", "A.java", code.toString());
    assertEquals(1, chunks.size(), chunks.toString());
    assertEquals(1, chunks.get(0).startLine());
    assertEquals(60, chunks.get(0).endLine());
    List<Chunk> comment = new CodeChunker(3, 512, TokenCounter.UNLIMITED).chunk("/o", "b.py", "x = 1\ny = 2\nz = 3\n"
        + "# ----\n# ====\n# ----\nw = 4\n");
    assertEquals(List.of(1, 7), comment.stream().map(Chunk::startLine).toList());
  }

  @Test
  void tokenBudgetBindsBeforeTheLineLimit() {
    StringBuilder code = new StringBuilder();
    for (int i = 0; i < 200; i++) {
      code.append("    result = compute(alpha[i], beta[j], gamma.delta(epsilon, zeta, eta));\n");
    }
    List<Chunk> chunks = new CodeChunker(60, 512, TokenCounter.UNLIMITED).chunk("/o", "a.py", code.toString());
    assertTrue(chunks.size() > 4, "got " + chunks.size());
    chunks.forEach(c -> assertTrue(c.tokenEstimate() <= 512, c.tokenEstimate() + " tokens"));
    assertTrue(chunks.get(0).endLine() < 60, "ended at " + chunks.get(0).endLine());
  }

  @Test
  void prefersToCutBeforeADeclarationNearTheLimit() {
    StringBuilder code = new StringBuilder("class A {\n  void a() {\n");
    for (int i = 3; i <= 40; i++) {
      code.append("    call(").append(i).append(");\n");
    }
    code.append("  }\n\n  public void b() {\n");
    for (int i = 44; i <= 100; i++) {
      code.append("    call(").append(i).append(");\n");
    }
    code.append("  }\n}\n");
    List<Chunk> chunks = new CodeChunker(60, 512, TokenCounter.UNLIMITED).chunk("/o", "A.java", code.toString());
    assertEquals(1, chunks.get(0).startLine());
    assertEquals(41, chunks.get(0).endLine());
    assertEquals("class A", chunks.get(0).title());
    assertEquals(List.of(), chunks.get(0).headingPath());
    assertEquals(43, chunks.get(1).startLine());
    assertEquals("public void b()", chunks.get(1).title());
    assertEquals(List.of("class A"), chunks.get(1).headingPath(), "the enclosing class");
    assertTrue(chunks.get(1).searchableText().startsWith("class A\npublic void b()\n"),
        chunks.get(1).searchableText());
  }

  @Test
  void aDeclarationsDecoratorsAnnotationsAndDocCommentStayInItsWindow() {
    StringBuilder python = new StringBuilder("import app\n\n");
    StringBuilder java = new StringBuilder("class A {\n");
    for (int f = 0; f < 4; f++) {
      python.append("# Serves /f").append(f).append(".\n@app.route('/f").append(f)
          .append("')\n@login_required\ndef handler").append(f).append("(request):\n")
          .append("    value = compute(request)\n".repeat(8)).append("    return value\n\n");
      java.append("  /**\n   * Runs m").append(f).append(".\n   */\n  @Override\n  public void m")
          .append(f).append("() {\n").append("    call(1);\n".repeat(8)).append("  }\n");
    }
    CodeChunker chunker = new CodeChunker(20, 512, TokenCounter.UNLIMITED);
    List<Chunk> chunks = new ArrayList<>(chunker.chunk("/o", "app.py", python.toString()));
    chunks.addAll(chunker.chunk("/o", "A.java", java.append("}\n").toString()));
    assertEquals(8, chunks.size());
    for (Chunk chunk : chunks) {
      Matcher defined = Pattern.compile("(?:handler|void m)(\\d)\\(")
          .matcher(chunk.text());
      assertTrue(defined.find(), chunk.text());
      String n = defined.group(1);
      assertTrue(chunk.text().contains("/f" + n + "')") || chunk.text().contains("Runs m" + n
          + "."), "its decorators or doc comment: " + chunk.text());
      String last = chunk.text().substring(chunk.text().lastIndexOf('\n') + 1).strip();
      assertTrue(!last.startsWith("@") && !last.startsWith("*/"), "the next one's: " + last);
    }
  }

  @Test
  void prefersToCutAfterABlankLine() {
    StringBuilder code = new StringBuilder();
    for (int i = 1; i <= 50; i++) {
      code.append("key").append(i).append(": value\n");
    }
    code.append("\n");
    for (int i = 52; i <= 120; i++) {
      code.append("key").append(i).append(": value\n");
    }
    List<Chunk> chunks = new CodeChunker(60, 512, TokenCounter.UNLIMITED).chunk("/o", "c.yaml", code.toString());
    assertEquals(50, chunks.get(0).endLine());
    assertEquals(52, chunks.get(1).startLine());
    assertEquals("", chunks.get(0).title());
  }

  @Test
  void veryLongLinesAreHardSplit() {
    StringBuilder line = new StringBuilder();
    for (int i = 0; i < 3000; i++) {
      line.append("a").append(i).append("=b(").append(i).append(");");
    }
    String code = "function f() {\n" + line + "\n}\n";
    List<Chunk> chunks = new CodeChunker(60, 512, TokenCounter.UNLIMITED).chunk("/o", "min.js", code);
    assertTrue(chunks.size() > 5, "got " + chunks.size());
    for (Chunk chunk : chunks) {
      assertTrue(chunk.tokenEstimate() <= 512, chunk.tokenEstimate() + " tokens");
    }
    long onLineTwo = chunks.stream().filter(c -> c.startLine() == 2 && c.endLine() == 2).count();
    assertEquals(chunks.size() - 1, onLineTwo, "line 1, then line 2's pieces; no lone }");
  }

  @Test
  void editingOneMethodKeepsOtherWindowIds() {
    String code = randomCode(new Random(99), 6);
    List<Chunk> before = new CodeChunker(60, 512, TokenCounter.UNLIMITED).chunk("/o", "D.java", code);
    String edited = code.replace("public int method0(int x) {",
        "public int method0(int x) {\n    x++;");
    List<Chunk> after = new CodeChunker(60, 512, TokenCounter.UNLIMITED).chunk("/o", "D.java", edited);
    long kept = before.stream().map(Chunk::id)
        .filter(id -> after.stream().anyMatch(c -> c.id().equals(id))).count();
    assertTrue(kept > 0, "no window kept its id");
    assertTrue(kept < before.size(), "no window changed");
  }
}
