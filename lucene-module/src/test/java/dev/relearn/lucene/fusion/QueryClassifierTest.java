package dev.relearn.lucene.fusion;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class QueryClassifierTest {
  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(delimiter = '|', value = {
      "parseHttpRequest | IDENTIFIER",
      "HttpRequest | IDENTIFIER",
      "max_retries | IDENTIFIER",
      "MAX_VALUE | IDENTIFIER",
      "String.format | IDENTIFIER",
      "foo() | IDENTIFIER",
      "'foo(a, b)' | IDENTIFIER",
      "std::vector | IDENTIFIER",
      "List<String> | IDENTIFIER",
      "utf8Decode | IDENTIFIER",
      "Map.Entry getKey() | IDENTIFIER",
      "parseHttpRequest? | IDENTIFIER",
      "how do I rotate keys? | QUESTION",
      "What is BM25 | QUESTION",
      "'How, exactly, does fusion work' | QUESTION",
      "is the index thread safe | QUESTION",
      "can I delete a chunk | QUESTION",
      "rotate keys? | QUESTION",
      "how does parseHttpRequest work | QUESTION",
      "jwt expiry | KEYWORDS",
      "kubernetes | KEYWORDS",
      "1GB | KEYWORDS",
      "version 1.5 | KEYWORDS",
      "hybrid search fusion | KEYWORDS",
      "rotate the signing keys every ninety days | NATURAL_LANGUAGE",
      "retry the request when parseHttpRequest fails | NATURAL_LANGUAGE",
      "documents about the end of a sentence. | NATURAL_LANGUAGE",
  })
  void classifies(String query, QueryClass expected) {
    assertEquals(expected, QueryClassifier.classify(query));
  }

  @Test
  void blankIsKeywords() {
    assertEquals(QueryClass.KEYWORDS, QueryClassifier.classify("   "));
  }

  @Test
  void labelsAreStable() {
    // saved weights refer to these labels: changing one orphans saved data
    assertEquals(List.of("identifier", "question", "keywords", "natural_language"),
        Arrays.stream(QueryClass.values()).map(QueryClass::label).toList());
    for (QueryClass c : QueryClass.values()) {
      assertEquals(c, QueryClass.fromLabel(c.label().toUpperCase(Locale.ROOT)));
    }
    assertEquals("unknown query class: 'prose'; expected one of identifier, question, keywords, "
        + "natural_language",
        assertThrows(IllegalArgumentException.class, () -> QueryClass.fromLabel("prose"))
            .getMessage());
  }

  @Test
  void singlePassMatchesTheRulesAsFirstWritten() {
    // the rules as first written, with a regular expression and a copy of every token: the
    // oracle for the single pass, on seeded random texts mixing every character the rules test
    String[] parts = {"a", "b", "Z", "x", "7", "0", "_", ".", ":", "::", "-", "->", ">", "(", "?",
        ",", "#", "=", "How", "is", "WHAT", "do", "İs", "é", "Ü", " ", " ", "\t", "\n",
        "\u000B", "\f", "\r", "\u00A0", "\u2003", "\u001C"};
    Random random = new Random(20261123L);
    for (int trial = 0; trial < 50_000; trial++) {
      StringBuilder text = new StringBuilder();
      int length = random.nextInt(12);
      for (int i = 0; i < length; i++) {
        text.append(parts[random.nextInt(parts.length)]);
      }
      String query = text.toString();
      assertEquals(AsFirstWritten.classify(query), QueryClassifier.classify(query),
          () -> "query " + query.chars().mapToObj(Integer::toHexString).toList());
    }
  }

  /** The classifier as first written: a regular expression split and a copy of each token. */
  private static final class AsFirstWritten {
    private static final Set<String> QUESTION_WORDS = Set.of(
        "who", "what", "how", "why", "when", "where", "which", "whose", "whom",
        "can", "could", "does", "do", "did", "is", "are", "was", "should", "would", "will");
    private static final Pattern WHITESPACE = Pattern.compile("\\s+");

    static QueryClass classify(String query) {
      String text = query.strip();
      if (text.isEmpty()) {
        return QueryClass.KEYWORDS;
      }
      String[] tokens = WHITESPACE.split(text);
      if (Arrays.stream(tokens).allMatch(AsFirstWritten::looksLikeCode)) {
        return QueryClass.IDENTIFIER;
      }
      String first = tokens[0];
      int end = first.length();
      while (end > 0 && !Character.isLetterOrDigit(first.charAt(end - 1))) {
        end--;
      }
      if (text.endsWith("?")
          || QUESTION_WORDS.contains(first.substring(0, end).toLowerCase(Locale.ROOT))) {
        return QueryClass.QUESTION;
      }
      return tokens.length <= 3 ? QueryClass.KEYWORDS : QueryClass.NATURAL_LANGUAGE;
    }

    static boolean looksLikeCode(String token) {
      if (token.contains("::") || token.contains("->")) {
        return true;
      }
      for (int i = 0; i < token.length(); i++) {
        char c = token.charAt(i);
        if ("()#<>[]{}=".indexOf(c) >= 0) {
          return true;
        }
        if ((c == '_' || c == '.') && i > 0 && i + 1 < token.length()
            && Character.isLetterOrDigit(token.charAt(i - 1))
            && Character.isLetterOrDigit(token.charAt(i + 1))
            && (c == '_' || !(Character.isDigit(token.charAt(i - 1))
                && Character.isDigit(token.charAt(i + 1))))) {
          return true;
        }
        if (i > 0 && Character.isUpperCase(c)
            && (Character.isLowerCase(token.charAt(i - 1)) || Character.isDigit(token.charAt(i - 1))
                && Character.isLowerCase(token.charAt(0)))) {
          return true;
        }
      }
      return false;
    }
  }
}
