package dev.relearn.lucene.analysis;

import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.LowerCaseFilter;
import org.apache.lucene.analysis.StopFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.core.FlattenGraphFilter;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.en.PorterStemFilter;
import org.apache.lucene.analysis.miscellaneous.WordDelimiterGraphFilter;
import org.apache.lucene.analysis.standard.StandardTokenizer;

/**
 * English analysis plus identifier splitting, for source code: {@code parseHttpRequest} and
 * {@code parse_http_request} both yield {@code pars}, {@code http} and {@code request} (stemmed),
 * and keep the whole identifier too, so an exact identifier still matches best.
 */
public final class CodeAnalyzer extends Analyzer {
  private static final int FLAGS = WordDelimiterGraphFilter.GENERATE_WORD_PARTS
      | WordDelimiterGraphFilter.GENERATE_NUMBER_PARTS
      | WordDelimiterGraphFilter.SPLIT_ON_CASE_CHANGE
      | WordDelimiterGraphFilter.SPLIT_ON_NUMERICS
      | WordDelimiterGraphFilter.PRESERVE_ORIGINAL
      | WordDelimiterGraphFilter.STEM_ENGLISH_POSSESSIVE;

  private final boolean forIndexing;

  /**
   * @param forIndexing true when analysing documents: the token graph is flattened, as an index
   *     requires; false for queries, where relearn only collects the terms
   */
  public CodeAnalyzer(boolean forIndexing) {
    this.forIndexing = forIndexing;
  }

  @Override
  protected TokenStreamComponents createComponents(String fieldName) {
    Tokenizer source = new StandardTokenizer();
    TokenStream stream = new WordDelimiterGraphFilter(source, FLAGS, null);
    if (forIndexing) {
      stream = new FlattenGraphFilter(stream);
    }
    stream = new LowerCaseFilter(stream);
    stream = new StopFilter(stream, EnglishAnalyzer.ENGLISH_STOP_WORDS_SET);
    stream = new PorterStemFilter(stream);
    return new TokenStreamComponents(source, stream);
  }
}
