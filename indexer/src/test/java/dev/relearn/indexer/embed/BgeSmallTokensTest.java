package dev.relearn.indexer.embed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.lucene.embed.TokenCounter;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class BgeSmallTokensTest {
  private static final String[] WORDS = {"naïve", "résumé", "😀", "parseHttpRequest", "the",
      "中文", "x", "ConcurrentHashMap", "{", "});", "Ünïcödé", "🧪🧪"};
  private static BgeSmallTokens tokens;

  @BeforeAll
  static void load() {
    tokens = new BgeSmallTokens();
  }

  @AfterAll
  static void close() {
    tokens.close();
  }

  @Test
  void countsWordPiecesWithTheSpecialTokens() {
    assertEquals(512, tokens.limit());
    assertEquals(2, tokens.count(""));
    assertEquals(3, tokens.count("hello"));
    assertTrue(tokens.count("parseHttpRequest") > 3, "an identifier is several word pieces");
  }

  @Test
  void theFittingLengthIsTheLongestPrefixThatFits() {
    Random random = new Random(11);
    for (int round = 0; round < 50; round++) {
      StringBuilder text = new StringBuilder();
      for (int w = 40 + random.nextInt(200); w > 0; w--) {
        text.append(WORDS[random.nextInt(WORDS.length)]).append(random.nextInt(5) == 0 ? '\n'
            : ' ');
      }
      String document = text.toString();
      int budget = 8 + random.nextInt(80);
      int fitting = tokens.fittingLength(document, budget);
      if (fitting == document.length()) {
        assertTrue(tokens.count(document) <= budget, document);
        continue;
      }
      int space = document.lastIndexOf(' ', fitting) ; // cut at a space before it: fits
      int cut = Math.max(space, document.lastIndexOf('\n', fitting));
      assertTrue(cut < 0 || tokens.count(document.substring(0, cut)) <= budget,
          budget + " tokens: " + document.substring(0, cut));
      int next = nextSpace(document, fitting); // the word it starts does not
      assertTrue(tokens.count(document.substring(0, next)) > budget,
          budget + " tokens: " + document.substring(0, next));
    }
  }

  private static int nextSpace(String text, int from) {
    for (int i = from; i < text.length(); i++) {
      if (Character.isWhitespace(text.charAt(i))) {
        return i;
      }
    }
    return text.length();
  }

  @Test
  void theHashingEmbedderHasNoLimitAndACountAfterCloseFails() {
    assertEquals(TokenCounter.UNLIMITED, new HashingEmbedder().documentTokens());
    BgeSmallTokens closed = new BgeSmallTokens();
    closed.close();
    assertThrows(IllegalStateException.class, () -> closed.count("text"));
  }
}
