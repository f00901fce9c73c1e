package dev.relearn.lucene.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.junit.jupiter.api.Test;

class CodeAnalyzerTest {
  @Test
  void camelAndSnakeCaseIdentifiersSplitIntoStemmedWords() {
    Map<String, Integer> camel = QueryTerms.of(new CodeAnalyzer(false), "f", "parseHttpRequest",
        100);
    Map<String, Integer> snake = QueryTerms.of(new CodeAnalyzer(false), "f", "parse_http_request",
        100);
    Map<String, Integer> words = QueryTerms.of(new CodeAnalyzer(false), "f", "http request", 100);
    assertTrue(camel.keySet().containsAll(words.keySet()), camel.toString());
    assertTrue(snake.keySet().containsAll(words.keySet()), snake.toString());
    assertTrue(camel.containsKey("parsehttprequest"), "keeps the whole identifier: " + camel);
  }

  @Test
  void queryTermsCountRepeatsAndCapDistinctTerms() {
    Map<String, Integer> terms = QueryTerms.of(new EnglishAnalyzer(), "f", "cats cat dog the", 100);
    assertEquals(Map.of("cat", 2, "dog", 1), terms);
    assertEquals(1, QueryTerms.of(new EnglishAnalyzer(), "f", "alpha beta gamma", 1).size());
  }

  @Test
  void syntaxCharactersAreJustText() {
    Map<String, Integer> terms = QueryTerms.of(new EnglishAnalyzer(), "f",
        "+title:(foo AND bar) -baz~2 \"qux\" [a TO b] {c} ^3 \\ / * ? : ! && ||", 100);
    assertTrue(terms.containsKey("foo") && terms.containsKey("baz"), terms.toString());
  }
}
