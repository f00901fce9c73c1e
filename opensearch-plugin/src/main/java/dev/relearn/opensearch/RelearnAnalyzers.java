package dev.relearn.opensearch;

import dev.relearn.lucene.analysis.CodeAnalyzer;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.opensearch.common.settings.Settings;
import org.opensearch.index.IndexSettings;
import org.opensearch.index.analysis.AbstractIndexAnalyzerProvider;
import org.opensearch.index.analysis.AnalyzerProvider;
import org.opensearch.indices.analysis.AnalysisModule.AnalysisProvider;

/**
 * relearn's analyzers under their OpenSearch names, the ones {@code ChunkSchema} uses embedded:
 * {@value #ENGLISH} for prose ({@code body}), {@value #CODE} to index code ({@code body_code},
 * identifiers split and kept whole) and {@value #CODE_QUERY} to search it.
 */
public final class RelearnAnalyzers {
  /** Lucene's {@link EnglishAnalyzer} with its default stop words. */
  public static final String ENGLISH = "relearn_english";
  /** {@link CodeAnalyzer} for indexing. */
  public static final String CODE = "relearn_code";
  /** {@link CodeAnalyzer} for queries. */
  public static final String CODE_QUERY = "relearn_code_query";

  private RelearnAnalyzers() {
  }

  /** The providers, by analyzer name. */
  static Map<String, AnalysisProvider<AnalyzerProvider<? extends Analyzer>>> providers() {
    return Map.of(
        ENGLISH, provider(EnglishAnalyzer::new),
        CODE, provider(() -> new CodeAnalyzer(true)),
        CODE_QUERY, provider(() -> new CodeAnalyzer(false)));
  }

  private static AnalysisProvider<AnalyzerProvider<? extends Analyzer>> provider(
      Supplier<Analyzer> analyzer) {
    return (indexSettings, environment, name, settings) ->
        new Provider(indexSettings, name, settings, analyzer.get());
  }

  /** One index's instance of an analyzer. */
  private static final class Provider extends AbstractIndexAnalyzerProvider<Analyzer> {
    private final Analyzer analyzer;

    Provider(IndexSettings indexSettings, String name, Settings settings, Analyzer analyzer) {
      super(indexSettings, name, settings);
      this.analyzer = analyzer;
    }

    @Override
    public Analyzer get() {
      return analyzer;
    }
  }
}
