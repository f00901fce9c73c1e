package dev.relearn.engine.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Snippets show the part of a chunk about the query, without comment clutter. */
class SnippetsTest {
  private static final String QUERY = "which files does the directory walk skip?";

  private static String excerpt(String text, String query, int maxChars) {
    return Snippets.excerpt(text, Snippets.queryWords(query), maxChars);
  }

  @Test
  void theWindowWithTheMostQueryWordsWinsOverTheFirstMatch() {
    String text = "import java.nio.file.Files;\nimport java.util.List;\n"
        + "final class Helper { int count; int size; void reset() { count = 0; } }\n".repeat(6)
        + "/** Walks the directory tree and skips files that are ignored. */\n"
        + "static Listing walk(Path root) { return null; }\n";
    String snippet = excerpt(text, QUERY, 120);
    assertTrue(snippet.contains("Walks the directory tree and skips files"), snippet);
    assertFalse(snippet.contains("import"), snippet);
  }

  @Test
  void commentMarkersAtLineStartsAreDropped() {
    String text = "/**\n * Walks {@code root}; folders that cannot be listed\n * are reported.\n"
        + " */\nstatic Listing walk(Path root)\n/** Folders never walked. */\nSet<String> SKIP;";
    String snippet = excerpt(text, "walk", 200);
    assertEquals("Walks {@code root}; folders that cannot be listed are reported. static Listing"
        + " walk(Path root) Folders never walked. Set<String> SKIP;", snippet);
  }

  @Test
  void markdownEmphasisStaysAndATextWithoutQueryWordsStartsAtItsBeginning() {
    String text = "**Note**: keys rotate daily.\n" + "More text follows here. ".repeat(10);
    String snippet = excerpt(text, "zebra", 40);
    assertTrue(snippet.startsWith("**Note**: keys rotate"), snippet);
    assertTrue(snippet.endsWith("…"), snippet);
  }

  @Test
  void aCommentMarkerCutByTheWindowAtTheTextsEndIsKeptNotReadPast() {
    // the window ends at 24, inside the "/**" that ends the text (a kernel chunk did this)
    String text = "a".repeat(22) + "\n/**";
    String snippet = excerpt(text, "zebra", 16);
    assertEquals("a".repeat(16) + "…", snippet);
  }

  @Test
  void aTextWhoseLowerCaseIsLongerStillShowsTheQueryWord() {
    // String.toLowerCase turns each 'İ' into two chars: offsets found there ran past the text
    String text = "İSTANBUL İZMİR İNEGÖL İSKENDERUN ".repeat(20)
        + "the rotation schedule for keys";
    String snippet = excerpt(text, "rotation schedule", 200);
    assertTrue(snippet.contains("rotation schedule"), snippet);
    assertTrue(excerpt("İstanbul keys", "İSTANBUL", 16).startsWith("İstanbul"));
  }

  @Test
  void anExcerptNeverSplitsASurrogatePair() {
    String text = "x" + "😀".repeat(120) + "keyword" + "😀".repeat(120);
    for (int max : new int[] {16, 17, 200, 201}) {
      String snippet = excerpt(text, "keyword", max);
      for (int i = 0; i < snippet.length(); i++) {
        char c = snippet.charAt(i);
        boolean paired = Character.isHighSurrogate(c)
            ? i + 1 < snippet.length() && Character.isLowSurrogate(snippet.charAt(i + 1))
            : !Character.isLowSurrogate(c)
                || i > 0 && Character.isHighSurrogate(snippet.charAt(i - 1));
        assertTrue(paired, "unpaired surrogate at " + i + " of " + max + ": " + snippet);
      }
    }
  }
}
