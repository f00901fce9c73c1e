package dev.relearn.engine;

import dev.relearn.engine.config.RelearnConfig;
import dev.relearn.feedback.learn.LearnedFieldUpdater;
import dev.relearn.lucene.readers.ThrottledRefresh;
import dev.relearn.lucene.rerank.LinearModel;
import dev.relearn.lucene.rerank.RescoredHit;
import dev.relearn.lucene.schema.ChunkSchema;
import dev.relearn.engine.search.HybridSearcher;
import dev.relearn.engine.search.RankedChunk;
import dev.relearn.engine.search.SearchMode;
import dev.relearn.engine.search.SearchRequest;
import dev.relearn.engine.search.SearchResults;
import dev.relearn.engine.weights.AdaptiveWeights;
import dev.relearn.lucene.fusion.QueryClass;
import dev.relearn.lucene.fusion.QueryClassifier;
import dev.relearn.lucene.trust.Trust;
import dev.relearn.engine.weights.Weights;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Objects;
import java.util.List;
import java.util.Set;
import org.apache.lucene.search.Explanation;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.util.IOSupplier;

/**
 * Runs an engine's searches on its current searcher: the first stage alone ({@link
 * HybridSearcher}), or with the learned second stage ({@link LearnedRanking}) scored with the
 * weights of the query's class. A read-only engine first looks, without blocking, for the
 * writer's newer commits. Thread-safe.
 */
final class EngineSearches {
  private final SearcherManager searchers;
  private final ThrottledRefresh readOnlyRefresh; // null for a read-write engine
  private final HybridSearcher hybrid;
  private final LearnedRanking learnedRanking;
  private final RelearnConfig config;
  private final AdaptiveWeights weights;
  private final IOSupplier<LearningSources> sources;

  /** @param sources where learned searches find what feedback taught, asked at each search */
  EngineSearches(ChunkSchema schema, SearcherManager searchers, boolean readOnly,
      RelearnConfig config, AdaptiveWeights weights, IOSupplier<LearningSources> sources) {
    this.searchers = searchers;
    this.readOnlyRefresh =
        readOnly ? new ThrottledRefresh(searchers, Relearn.READ_ONLY_REFRESH_MILLIS) : null;
    this.hybrid = new HybridSearcher(schema);
    this.learnedRanking =
        new LearnedRanking(hybrid, config.rerankOptions(), new Explorer(config.exploration()));
    this.config = config;
    this.weights = weights;
    this.sources = sources;
  }

  /** Which of {@code ids} no live chunk has, sorted. */
  Set<String> unknownIds(Collection<String> ids) throws IOException {
    if (Objects.requireNonNull(ids, "ids").stream().anyMatch(id -> id == null)) {
      throw new IllegalArgumentException("ids must not contain null");
    }
    followWriter();
    IndexSearcher searcher = searchers.acquire();
    try {
      return LearnedFieldUpdater.unknownIds(searcher, ids);
    } finally {
      searchers.release(searcher);
    }
  }

  /** Runs {@code request} in its mode; {@code vector} is null when the mode needs none. */
  SearchResults search(SearchRequest request, float[] vector) throws IOException {
    return onSearcher((searcher, learning) -> request.mode() == SearchMode.LEARNED
        ? learnedRanking.search(searcher, request, vector, learning,
            model(request.text(), learning.trust()), null)
        : hybrid.load(searcher, request, hybrid.candidates(searcher, request, vector),
            learning.learned()));
  }

  /** {@link #search}'s hits as chunk ids and scores, without loading their stored fields. */
  List<RankedChunk> rank(SearchRequest request, float[] vector) throws IOException {
    return onSearcher((searcher, learning) -> request.mode() == SearchMode.LEARNED
        ? learnedRanking.rank(searcher, request, vector, learning,
            model(request.text(), learning.trust()))
        : HybridSearcher.rank(searcher, request, hybrid.candidates(searcher, request, vector)));
  }

  private <T> T onSearcher(SearchStep<T> step) throws IOException {
    followWriter();
    IndexSearcher searcher = searchers.acquire();
    try {
      return step.run(searcher, sources.get());
    } finally {
      searchers.release(searcher);
    }
  }

  /** One search on an acquired searcher with what feedback taught so far. */
  private interface SearchStep<T> {
    T run(IndexSearcher searcher, LearningSources learning) throws IOException;
  }

  /** A learned search for {@code request} with each hit's explanation and the weights used. */
  ExplainedResults explain(SearchRequest request, float[] vector) throws IOException {
    QueryClass queryClass = QueryClassifier.classify(request.text());
    List<Explanation> explanations = new ArrayList<>();
    followWriter();
    IndexSearcher searcher = searchers.acquire();
    try {
      LearningSources learning = sources.get(); // first: a read-only engine follows the weights
      Weights used = weights.weights(queryClass);
      SearchResults results = learnedRanking.search(searcher, request.withMode(SearchMode.LEARNED),
          vector, learning, model(used, learning.trust()), explanations);
      return new ExplainedResults(results, explanations, queryClass, used, learning.trust());
    } finally {
      searchers.release(searcher);
    }
  }

  /** Read-only: looks for the writer's newer commits, at most every 200 ms, never blocking. */
  void followWriter() throws IOException {
    if (readOnlyRefresh != null) {
      readOnlyRefresh.maybeRefresh();
    }
  }

  /** Every candidate of a learned search for {@code request}, with its features. */
  List<RescoredHit> learnedWindow(SearchRequest request, float[] vector) throws IOException {
    followWriter();
    IndexSearcher searcher = searchers.acquire();
    try {
      LearningSources learning = sources.get();
      return learnedRanking.window(searcher, request.withMode(SearchMode.LEARNED), vector,
          learning, model(request.text(), learning.trust()));
    } finally {
      searchers.release(searcher);
    }
  }

  /** The ranking model for a query: the base model with its class's weights and the trust. */
  private LinearModel model(String queryText, Trust trust) {
    return model(weights.weights(QueryClassifier.classify(queryText)), trust);
  }

  /**
   * The ranking model with a class's weights and the trust: the vote weighs {@code
   * rerank.trustScale} times the trust's strength, times the learned weight relative to its start
   * (docs/RANKING.md).
   */
  private LinearModel model(Weights classWeights, Trust trust) {
    return trust.apply(config.model().withWeights(classWeights.bm25(),
        classWeights.vector(), classWeights.learned()),
        config.rerank().trustScale(), config.rerank().sessionCap(),
        classWeights.learned() / config.weights().initial().learned());
  }
}
