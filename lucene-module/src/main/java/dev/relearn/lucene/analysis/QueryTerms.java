package dev.relearn.lucene.analysis;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;

/**
 * Bag-of-words query analysis: every term the analyzer yields, with its count, in first-seen
 * order. No query syntax is parsed, so {@code +-&&||!(){}[]^"~*?:\/} are searched as text and
 * never fail.
 */
public final class QueryTerms {
  private QueryTerms() {}

  /**
   * Analyses {@code text} for {@code field}.
   *
   * @param maxTerms at most this many distinct terms are kept (the first ones seen)
   * @return term to occurrence count, in first-seen order
   */
  public static Map<String, Integer> of(Analyzer analyzer, String field, String text,
      int maxTerms) {
    Map<String, Integer> counts = new LinkedHashMap<>();
    try (TokenStream stream = analyzer.tokenStream(field, text)) {
      CharTermAttribute term = stream.addAttribute(CharTermAttribute.class);
      stream.reset();
      while (stream.incrementToken()) {
        String value = term.toString();
        if (counts.size() < maxTerms || counts.containsKey(value)) {
          counts.merge(value, 1, Integer::sum);
        }
      }
      stream.end();
    } catch (IOException e) {
      throw new UncheckedIOException("analysing a query failed", e);
    }
    return counts;
  }
}
