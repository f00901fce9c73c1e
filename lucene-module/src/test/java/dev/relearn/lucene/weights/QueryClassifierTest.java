package dev.relearn.lucene.weights;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
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
}
