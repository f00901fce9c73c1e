package dev.relearn.opensearch.search;

import dev.relearn.lucene.feedback.FeedbackLookup;
import dev.relearn.lucene.feedback.PastQuery;
import dev.relearn.lucene.rerank.RerankOptions;
import dev.relearn.lucene.schema.ChunkSchema;
import dev.relearn.lucene.schema.LearnedValues;
import dev.relearn.lucene.trust.Trust;
import dev.relearn.opensearch.LexicalQuery;
import dev.relearn.opensearch.RelearnKnnQueryBuilder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.opensearch.ExceptionsHelper;
import org.opensearch.action.admin.cluster.health.ClusterHealthRequest;
import org.opensearch.action.get.MultiGetItemResponse;
import org.opensearch.action.get.MultiGetRequest;
import org.opensearch.action.get.MultiGetResponse;
import org.opensearch.action.search.MultiSearchRequest;
import org.opensearch.action.search.MultiSearchResponse;
import org.opensearch.action.search.SearchRequest;
import org.opensearch.action.search.SearchResponse;
import org.opensearch.action.search.SearchType;
import org.opensearch.action.support.ActionFilters;
import org.opensearch.action.support.HandledTransportAction;
import org.opensearch.action.support.IndicesOptions;
import org.opensearch.cluster.service.ClusterService;
import org.opensearch.common.inject.Inject;
import org.opensearch.common.unit.TimeValue;
import org.opensearch.core.action.ActionListener;
import org.opensearch.core.rest.RestStatus;
import org.opensearch.index.IndexNotFoundException;
import org.opensearch.index.query.BoolQueryBuilder;
import org.opensearch.index.query.QueryBuilder;
import org.opensearch.index.query.QueryBuilders;
import org.opensearch.search.SearchHit;
import org.opensearch.search.builder.SearchSourceBuilder;
import org.opensearch.tasks.Task;
import org.opensearch.threadpool.ThreadPool;
import org.opensearch.transport.TransportService;
import org.opensearch.transport.client.Client;

/**
 * Runs a search on the node that received it (a learned one in full; other {@link RankingMode}s
 * run only the retrievers they rank by, and read nothing learned): BM25 with global statistics ({@code
 * dfs_query_then_fetch}) and kNN, each to the retriever depth, and the similar past queries
 * ({@link PastQueriesIndex}; once a session is over its event budget, those within budget and
 * over it apart, the first in a second request), in one multi-search; the window's
 * learned values and the fitted trust in one multi-get of the learned-values index (waiting once
 * for its shard, while it starts); then {@link WindowRanking} on a search thread.
 */
public final class TransportRelearnSearchAction
    extends HandledTransportAction<RelearnSearchRequest, RelearnSearchResponse> {
  private final Client client;
  private final ThreadPool threadPool;
  private final ClusterService clusterService;
  /** How long a search waits for the learned-values index's primary shard to start. */
  static final TimeValue SHARD_WAIT = TimeValue.timeValueSeconds(30);
  private final RerankOptions options = RerankOptions.DEFAULTS;

  /** Made by the node's injector. */
  @Inject
  public TransportRelearnSearchAction(TransportService transportService, ActionFilters filters,
      Client client, ThreadPool threadPool, ClusterService clusterService) {
    super(RelearnSearchAction.NAME, transportService, filters, RelearnSearchRequest::new);
    this.client = client;
    this.threadPool = threadPool;
    this.clusterService = clusterService;
  }

  @Override
  protected void doExecute(Task task, RelearnSearchRequest request,
      ActionListener<RelearnSearchResponse> listener) {
    ChunkIndexName.requireOne(clusterService.state().metadata(), request.index()); // or a 400
    int depth = request.retrieverDepth();
    MultiSearchRequest searches = new MultiSearchRequest();
    QueryBuilder filter = filter(request);
    if (request.mode().lexical()) {
      QueryBuilder lexical = LexicalQuery.of(request.terms());
      searches.add(search(request.index(), filter == null ? lexical
          : QueryBuilders.boolQuery().must(lexical).filter(filter), depth)
          .searchType(SearchType.DFS_QUERY_THEN_FETCH));
    }
    if (request.mode().semantic()) {
      searches.add(search(request.index(), new RelearnKnnQueryBuilder(ChunkSchema.VECTOR,
          request.vector(), depth).filter(filter), depth));
    }
    if (request.mode() == RankingMode.LEARNED) {
      searches.add(pastQueries(request, null));
      searches.add(pastQueries(request, false));
    }
    client.multiSearch(searches, ActionListener.wrap(
        found -> withCandidates(request, found, listener), listener::onFailure));
  }

  /** The request's path and kind filter, as embedded's {@code ChunkSchema.filter}; or null. */
  private static QueryBuilder filter(RelearnSearchRequest request) {
    if (request.pathPrefix() == null && request.kind() == null) {
      return null;
    }
    BoolQueryBuilder filter = QueryBuilders.boolQuery();
    if (request.pathPrefix() != null) {
      filter.filter(QueryBuilders.prefixQuery(ChunkSchema.PATH, request.pathPrefix()));
    }
    if (request.kind() != null) {
      filter.filter(QueryBuilders.termQuery(ChunkSchema.KIND, request.kind()));
    }
    return filter;
  }

  private static SearchRequest search(String index, QueryBuilder query, int size) {
    return new SearchRequest(index).source(new SearchSourceBuilder().query(query).size(size)
        .fetchSource(false).trackTotalHits(false));
  }

  /**
   * The similar-past-query lookup's kNN over every past query ({@code withinBudget} null), or
   * over those within their sessions' event budget or over it; none while there is no index.
   */
  private SearchRequest pastQueries(RelearnSearchRequest request, Boolean withinBudget) {
    int max = options.maxPastQueries();
    return new SearchRequest(PastQueriesIndex.of(request.index()))
        .indicesOptions(IndicesOptions.lenientExpandOpen())
        .source(new SearchSourceBuilder().size(max).trackTotalHits(false)
            .query(new RelearnKnnQueryBuilder(ChunkSchema.VECTOR, request.vector(), max)
                .filter(withinBudget == null ? null : PastQueriesIndex.budget(withinBudget))));
  }

  private void withCandidates(RelearnSearchRequest request, MultiSearchResponse found,
      ActionListener<RelearnSearchResponse> listener) {
    for (MultiSearchResponse.Item item : found.getResponses()) {
      Exception failure = item.isFailure() ? item.getFailure()
          : partial(item.getResponse(), request);
      if (failure != null) {
        listener.onFailure(failure);
        return;
      }
    }
    MultiSearchResponse.Item[] items = found.getResponses();
    RankingMode mode = request.mode();
    int next = 0;
    List<ScoredId> lexical = mode.lexical()
        ? ScoredId.ranked(scored(items[next++].getResponse())) : List.of();
    List<ScoredId> semantic = mode.semantic()
        ? ScoredId.ranked(scored(items[next++].getResponse())) : List.of();
    List<List<ScoredId>> stages = List.of(lexical, semantic);
    if (mode != RankingMode.LEARNED) {
      rank(request, stages, new Learned(Map.of(), Trust.PRIOR, null), FeedbackLookup.NONE, listener);
      return;
    }
    SearchResponse all = items[next].getResponse();
    SearchResponse over = items[next + 1].getResponse();
    long now = System.currentTimeMillis();
    if (over.getHits().getHits().length == 0) { // no session over budget: one walk, as embedded
      withLookup(request, stages, pastQueries(request.vector(), now, all), listener);
      return;
    }
    // within and over budget apart, so that a session's spam crowds no one out (as embedded)
    client.search(pastQueries(request, true), ActionListener.wrap(within -> {
      Exception failure = partial(within, request);
      if (failure != null) {
        listener.onFailure(failure);
      } else {
        withLookup(request, stages, pastQueries(request.vector(), now, within, over), listener);
      }
    }, listener::onFailure));
  }

  /** A shard failure as the search's failure, or null: a partial window ranks unlike embedded. */
  private static Exception partial(SearchResponse response, RelearnSearchRequest request) {
    return response.getFailedShards() == 0 ? null : new IllegalStateException(
        response.getFailedShards() + " of " + response.getTotalShards() + " shards failed to"
            + " answer a relearn search of [" + request.index() + "]",
        response.getShardFailures()[0].getCause());
  }

  /** Reads the window's learned values and the trust, then ranks. */
  private void withLookup(RelearnSearchRequest request, List<List<ScoredId>> stages,
      FeedbackLookup lookup, ActionListener<RelearnSearchResponse> listener) {
    Set<String> ids = new LinkedHashSet<>();
    stages.forEach(stage -> stage.forEach(hit -> ids.add(hit.id())));
    if (ids.isEmpty()) {
      rank(request, stages, new Learned(Map.of(), Trust.PRIOR, null), lookup, listener);
      return;
    }
    ids.add(LearnedValuesIndex.TRUST_ID);
    ids.add(LearnedValuesIndex.WEIGHTS_ID);
    readLearned(request, ids, true, ActionListener.wrap(values -> rank(request, stages,
        learned(values, request.queryClass().label()), lookup, listener), listener::onFailure));
  }

  /**
   * One multi-get of {@code ids} from the learned-values index. While its primary shard is not
   * started (just created by the learner, or recovering after a restart), the read waits up to
   * {@link #SHARD_WAIT} for it once and reads again: a search then ranks with what was learned,
   * rather than failing or silently ranking without it.
   */
  private void readLearned(RelearnSearchRequest request, Set<String> ids, boolean mayWait,
      ActionListener<MultiGetResponse> listener) {
    String learnedIndex = LearnedValuesIndex.of(request.index());
    MultiGetRequest gets = new MultiGetRequest().realtime(true);
    ids.forEach(id -> gets.add(learnedIndex, id));
    client.multiGet(gets, ActionListener.wrap(values -> {
      if (mayWait && shardUnavailable(values)) {
        client.admin().cluster().health(new ClusterHealthRequest(learnedIndex)
            .waitForYellowStatus().timeout(SHARD_WAIT), ActionListener.wrap(
                health -> readLearned(request, ids, false, listener), listener::onFailure));
      } else {
        listener.onResponse(values);
      }
    }, listener::onFailure));
  }

  private static boolean shardUnavailable(MultiGetResponse values) {
    for (MultiGetItemResponse item : values.getResponses()) {
      if (item.isFailed()
          && ExceptionsHelper.status(item.getFailure().getFailure())
              == RestStatus.SERVICE_UNAVAILABLE) {
        return true;
      }
    }
    return false;
  }

  private static FeedbackLookup pastQueries(float[] vector, long nowMillis,
      SearchResponse... responses) {
    List<PastQuery> found = new ArrayList<>();
    for (SearchResponse response : responses) {
      for (SearchHit hit : response.getHits().getHits()) {
        found.add(PastQueriesIndex.read(hit.getSourceAsMap(), vector, nowMillis));
      }
    }
    return new FoundPastQueries(found);
  }

  private static List<ScoredId> scored(SearchResponse response) {
    List<ScoredId> out = new ArrayList<>();
    for (SearchHit hit : response.getHits().getHits()) {
      out.add(new ScoredId(hit.getId(), hit.getScore()));
    }
    return out;
  }

  /**
   * The learned values found, the trust under {@link LearnedValuesIndex#TRUST_ID} and what ratings
   * taught {@code queryClass} under {@link LearnedValuesIndex#WEIGHTS_ID}; a missing document, or
   * a missing index, is a neutral chunk, the prior trust or no rated weights.
   */
  private static Learned learned(MultiGetResponse values, String queryClass) throws Exception {
    Map<String, LearnedValues> out = new HashMap<>();
    Trust trust = Trust.PRIOR;
    LearnedValuesIndex.ClassWeights rated = null;
    for (MultiGetItemResponse item : values.getResponses()) {
      if (item.isFailed()) {
        if (item.getFailure().getFailure() instanceof IndexNotFoundException) {
          continue;
        }
        throw item.getFailure().getFailure();
      }
      if (item.getResponse().isExists() && item.getId().equals(LearnedValuesIndex.TRUST_ID)) {
        trust = LearnedValuesIndex.readTrust(item.getResponse().getSourceAsMap());
      } else if (item.getResponse().isExists()
          && item.getId().equals(LearnedValuesIndex.WEIGHTS_ID)) {
        rated = LearnedValuesIndex.readWeights(item.getResponse().getSourceAsMap(), queryClass);
      } else if (item.getResponse().isExists()) {
        out.put(item.getId(), LearnedValuesIndex.read(item.getResponse().getSourceAsMap()));
      }
    }
    return new Learned(out, trust, rated);
  }

  /** The window's learned values, the fitted trust and the class's rated weights (or null). */
  private record Learned(Map<String, LearnedValues> values, Trust trust,
      LearnedValuesIndex.ClassWeights rated) {
  }

  private void rank(RelearnSearchRequest request, List<List<ScoredId>> stages,
      Learned learned, FeedbackLookup lookup,
      ActionListener<RelearnSearchResponse> listener) {
    threadPool.executor(ThreadPool.Names.SEARCH).execute(() -> {
      RelearnSearchResponse response;
      try {
        RerankOptions ranked = WindowRanking.trusted(options, learned.trust(), learned.rated());
        response = new WindowRanking(ranked).rank(request.mode(), stages.get(0), stages.get(1),
            learned.values(), lookup, request.vector(), request.queryClass(), request.k(),
            request.explain());
        if (request.explain() && learned.rated() != null) {
          response = response.withRated(learned.rated());
        }
      } catch (Exception e) {
        listener.onFailure(e);
        return;
      }
      listener.onResponse(response);
    });
  }
}
