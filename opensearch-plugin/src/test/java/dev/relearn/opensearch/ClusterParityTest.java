package dev.relearn.opensearch;

import dev.relearn.opensearch.search.ScoredId;
import dev.relearn.feedback.event.FeedbackEvent;
import dev.relearn.feedback.index.FeedbackIndex;
import dev.relearn.feedback.index.SessionBudget;
import dev.relearn.lucene.rerank.RerankOptions;
import dev.relearn.lucene.trust.Trust;
import dev.relearn.opensearch.search.WindowRanking;
import org.opensearch.action.get.GetResponse;
import dev.relearn.opensearch.feedback.FeedbackEventAction;
import dev.relearn.opensearch.feedback.FeedbackEventRequest;
import dev.relearn.opensearch.feedback.FeedbackEvents;
import dev.relearn.opensearch.feedback.LearningRequest;
import org.opensearch.core.common.bytes.BytesArray;
import dev.relearn.lucene.schema.ChunkSchema;
import dev.relearn.lucene.fusion.QueryClass;
import dev.relearn.lucene.fusion.QueryClassifier;
import dev.relearn.opensearch.search.LearnedValuesIndex;
import dev.relearn.opensearch.search.PastQueriesIndex;
import dev.relearn.lucene.feedback.FeedbackLookup;
import dev.relearn.opensearch.search.RelearnSearchResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.io.IOException;
import org.opensearch.common.xcontent.XContentFactory;
import org.opensearch.core.xcontent.XContentBuilder;
import java.util.Random;
import org.apache.lucene.search.Query;
import org.opensearch.action.bulk.BulkRequestBuilder;
import org.opensearch.action.bulk.BulkResponse;
import org.opensearch.action.search.SearchResponse;
import org.opensearch.action.search.SearchType;
import org.opensearch.action.support.WriteRequest;
import org.opensearch.index.query.QueryBuilder;
import org.opensearch.search.SearchHit;
import org.opensearch.test.OpenSearchIntegTestCase.ClusterScope;
import org.opensearch.test.OpenSearchIntegTestCase.Scope;

/**
 * The plugin on a 3-node cluster (3 shards, 1 replica) ranks as relearn does embedded. The first
 * stage: BM25 with relearn's analyzers, k1 and b, over global statistics ({@code
 * dfs_query_then_fetch}), from the analysed terms alone, and the kNN query over the {@code
 * relearn_vector} field. The learned search: fused and re-ranked over the merged window with the
 * learned values of the learned-values index. Same ids in the same order (ties by chunk id),
 * scores within 1e-4.
 */
@ClusterScope(scope = Scope.SUITE, numDataNodes = 3, numClientNodes = 0)
public class ClusterParityTest extends RelearnClusterCase {
  private static final String INDEX = "chunks";
  private static final String[] QUERIES = {"brass reading lamp", "parse the http request",
      "socket buffer", "learning to rank from click feedback", "IndexWriter", "graph shard"};

  public void testBm25AndKnnScoreAsEmbedded() throws Exception {
    SmallCorpus corpus = new SmallCorpus(42L, 120);
    index(corpus);
    try (EmbeddedIndex embedded = new EmbeddedIndex(corpus)) {
      int n = corpus.chunks.size();
      for (int q = 0; q < QUERIES.length; q++) {
        String text = QUERIES[q];
        Rankings.assertSame("BM25 query " + q,
            embedded.search(embedded.schema.bm25Query(text), n),
            cluster(LexicalQuery.of(embedded.schema.queryTerms(text)), n));
      }
      Random random = new Random(7L);
      for (int q = 0; q < 5; q++) {
        float[] vector = SmallCorpus.randomUnitVector(random);
        Query knn = embedded.schema.vectorQuery(vector, 20, null);
        Rankings.assertSame("kNN query " + q, embedded.search(knn, 20),
            cluster(new RelearnKnnQueryBuilder(ChunkSchema.VECTOR, vector, 20), 20));
      }
    }
  }

  private void index(SmallCorpus corpus) {
    indexChunks(INDEX, corpus, 3, 1);

    if (!corpus.learned.isEmpty()) {
      String learned = LearnedValuesIndex.of(INDEX);
      prepareCreate(learned).setSettings(LearnedValuesIndex.settings())
          .setMapping(LearnedValuesIndex.mappings()).get();
      BulkRequestBuilder values = client().prepareBulk()
          .setRefreshPolicy(WriteRequest.RefreshPolicy.IMMEDIATE);
      corpus.learned.forEach((id, value) ->
          values.add(client().prepareIndex(learned).setId(id)
              .setSource(LearnedValuesIndex.source(value))));
      BulkResponse stored = values.get();
      assertFalse(stored.buildFailureMessage(), stored.hasFailures());
    }
  }

  public void testLearnedSearchRanksAsEmbedded() throws Exception {
    SmallCorpus corpus = new SmallCorpus(43L, 120).withLearnedValues(new Random(11L), 30);
    index(corpus);
    Random random = new Random(13L);
    List<float[]> vectors = new ArrayList<>();
    for (int q = 0; q < QUERIES.length; q++) {
      vectors.add(SmallCorpus.randomUnitVector(random));
    }
    int max = RerankOptions.DEFAULTS.maxPastQueries();
    PastQueries past = new PastQueries(new Random(17L), vectors, corpus.chunks, 3 * max);
    assertTrue("the first query's lookup cuts at K", past.similar(vectors.get(0),
        RerankOptions.DEFAULTS.minSimilarity(), Integer.MAX_VALUE).size() > max);
    indexPastQueries(past);
    ensureGreen();
    List<List<ScoredId>> answers = new ArrayList<>();
    try (EmbeddedIndex embedded = new EmbeddedIndex(corpus)) {
      int moved = 0;
      for (int q = 0; q < QUERIES.length; q++) {
        String text = QUERIES[q];
        QueryClass queryClass = QueryClassifier.classify(text);
        List<ScoredId> expected = embedded.learnedSearch(text, vectors.get(q), past, 10, 40);
        RelearnSearchResponse response = Rankings.search(INDEX, embedded, text, vectors.get(q),
            true);
        List<ScoredId> actual = new ArrayList<>();
        for (RelearnSearchResponse.Hit hit : response.hits()) {
          actual.add(new ScoredId(hit.chunkId(), (float) hit.score()));
          assertEquals("explained score of " + hit.chunkId(), hit.score(),
              hit.explanation().getValue().doubleValue(), 1e-6);
        }
        Rankings.assertSame("learned query " + q + " (" + queryClass.label() + ")", expected,
            actual);
        answers.add(actual);
        if (q == 0) {
          Rankings.assertSame("the REST endpoint", actual, overHttp(vectors.get(q),
              Rankings.sorted(embedded.schema.queryTerms(text)), queryClass));
        }
        Rankings.assertOtherModesAsEmbedded(INDEX, embedded, text, vectors.get(q));
        if (!Rankings.ids(expected).equals(Rankings.ids(embedded.learnedSearch(text, vectors.get(q),
            FeedbackLookup.NONE, 10, 40)))) {
          moved++;
        }
      }
      System.out.printf(Locale.ROOT, "feedback changed the top 10 of %d of %d queries%n", moved,
          QUERIES.length);
      assertTrue("the feedback changes some ranking, so parity covers it", moved > 0);

      internalCluster().stopRandomDataNode(); // every shard keeps a copy on the other two
      for (int q = 0; q < QUERIES.length; q++) {
        String text = QUERIES[q];
        List<ScoredId> actual = Rankings.scored(Rankings.search(INDEX, embedded, text,
            vectors.get(q), false));
        Rankings.assertSame("learned query " + q + " with a node lost", answers.get(q), actual);
      }
      internalCluster().startDataOnlyNode(); // as many nodes as the suite began with
      ensureGreen();
    }
  }

  public void testFeedbackLearnsAsEmbedded() throws Exception {
    SmallCorpus corpus = new SmallCorpus(44L, 120);
    index(corpus);
    Random random = new Random(19L);
    List<float[]> vectors = new ArrayList<>();
    List<List<String>> shown = new ArrayList<>();
    FeedbackStream stream;
    try (EmbeddedIndex neutral = new EmbeddedIndex(corpus)) {
      for (String text : QUERIES) {
        vectors.add(SmallCorpus.randomUnitVector(random));
        shown.add(Rankings.ids(neutral.learnedSearch(text, vectors.getLast(),
            FeedbackLookup.NONE, Rankings.K, Rankings.CANDIDATES)));
      }
      long now = System.currentTimeMillis();
      // and one session far over its event budget, pushing one chunk for the first query
      stream = FeedbackStream.near(random, vectors, shown, now)
          .withSpam(random, vectors.get(0), shown.get(0), SessionBudget.EVENTS + 10, now);
      record(INDEX, stream.events);
      FeedbackEvent old = stream.events.get(0);
      FeedbackEvent expired = new FeedbackEvent("ev-expired", "s9", old.queryVector(),
          old.shown(), List.of(shown.get(0).get(1)), old.outcome(), null, null, old.signal(),
          now - 91L * 86_400_000, old.queryClass());
      client().execute(FeedbackEventAction.INSTANCE, new FeedbackEventRequest(
          new BytesArray(FeedbackStream.json(expired, INDEX)))).get();
    }
    assertEquals(stream.events.size(),
        learning(LearningRequest.Operation.LEARN_WHEN_DUE, null));
    assertFalse("learned when due: no refit before 250 events", client().prepareGet(
        LearnedValuesIndex.of(INDEX), LearnedValuesIndex.TRUST_ID).get().isExists());
    assertEquals(0, learning(LearningRequest.Operation.LEARN, null)); // refits now
    assertFalse(client().prepareGet(FeedbackEvents.INDEX,
        FeedbackEvents.documentId(INDEX, "ev-expired")).get().isExists());
    GetResponse spam = client().prepareGet(PastQueriesIndex.of(INDEX), "spam-1").get();
    assertEquals("the spam session's share of its budget", 20.0 / 30,
        ((Number) spam.getSourceAsMap().get(PastQueriesIndex.SHARE)).doubleValue(), 1e-12);
    int rose = assertLearnedAsEmbedded("feedback", corpus, stream, vectors, shown);
    assertTrue("a used chunk rises above where it was shown", rose > 0);

    assertEquals(stream.events.size() - stream.without("s1").events.size(),
        learning(LearningRequest.Operation.FORGET_SESSION, "s1"));
    assertLearnedAsEmbedded("forgot s1", corpus, stream.without("s1"), vectors, shown);
    internalCluster().stopCurrentClusterManagerNode(); // the next one elected learns
    record(INDEX, stream.events.stream().filter(event -> event.sessionHash().equals("s1"))
        .toList());
    learning(LearningRequest.Operation.LEARN, null);
    assertLearnedAsEmbedded("s1 again, another manager", corpus, stream, vectors, shown);
    internalCluster().startClusterManagerOnlyNode(); // as many as the suite began with
    learning(LearningRequest.Operation.FORGET_ALL, null);
    assertLearnedAsEmbedded("forgot all", corpus, new FeedbackStream(List.of()), vectors, shown);
  }

  /**
   * Every query ranks on the cluster as embedded relearn ranks it with the same events' learned
   * values and lookup; returns how many used chunks rank above where they were shown.
   */
  private int assertLearnedAsEmbedded(String what, SmallCorpus corpus, FeedbackStream stream,
      List<float[]> vectors, List<List<String>> shown) throws Exception {
    corpus.learned.clear();
    corpus.learned.putAll(stream.learned());
    int rose = 0;
    try (EmbeddedIndex embedded = new EmbeddedIndex(corpus);
        FeedbackIndex lookup = stream.lookup(createTempDir(), SmallCorpus.DIMENSION)) {
      Trust trust = FeedbackStream.trust(lookup);
      GetResponse stored = client().prepareGet(LearnedValuesIndex.of(INDEX),
          LearnedValuesIndex.TRUST_ID).get();
      assertTrue(what + ": the trust document", stored.isExists());
      Trust fitted = LearnedValuesIndex.readTrust(stored.getSourceAsMap());
      System.out.printf(Locale.ROOT, "%s: trust %s, embedded %s%n", what, fitted, trust);
      assertEquals(what + ": trust fitted", trust.fitted(), fitted.fitted());
      assertEquals(what + ": trust queries", trust.queries(), fitted.queries());
      assertEquals(what + ": trust pairs", trust.pairs(), fitted.pairs(), 1e-9);
      assertEquals(what + ": trust strength", trust.strength(), fitted.strength(), 1e-6);
      RerankOptions options = WindowRanking.trusted(RerankOptions.DEFAULTS, trust, null);
      for (int q = 0; q < QUERIES.length; q++) {
        List<ScoredId> expected = embedded.learnedSearch(QUERIES[q], vectors.get(q), lookup,
            Rankings.K, Rankings.CANDIDATES, options);
        RelearnSearchResponse response = Rankings.search(INDEX, embedded, QUERIES[q],
            vectors.get(q), true);
        Rankings.assertSame(what + ", query " + q, expected, Rankings.scored(response));
        for (FeedbackEvent event : stream.events) {
          String used = event.used().get(0);
          int now = Rankings.ids(expected).indexOf(used);
          if (event.eventId().startsWith("ev-" + q + "-") && now >= 0
              && now + 1 < event.rankOf(used)) {
            rose++;
            String explained = response.hits().get(now).explanation().toString();
            assertTrue(explained, explained.contains("click rate"));
          }
        }
      }
    }
    System.out.printf(Locale.ROOT, "%s: %d used chunks rose%n", what, rose);
    return rose;
  }

  /** The same learned search through {@code POST /{index}/_relearn/search}. */
  private static List<ScoredId> overHttp(float[] vector, Map<String, Map<String, Integer>> terms,
      QueryClass queryClass) throws IOException {
    Map<String, Object> answer;
    try (XContentBuilder body = XContentFactory.jsonBuilder()) {
      body.startObject().array("vector", vector).field("terms", terms)
          .field("query_class", queryClass.label()).field("k", 10).field("candidates", 40)
          .endObject();
      answer = post("/" + INDEX + "/_relearn/search", body.toString());
    }
    List<ScoredId> out = new ArrayList<>();
    for (Object hit : (List<?>) answer.get("hits")) {
      Map<?, ?> fields = (Map<?, ?>) hit;
      out.add(new ScoredId((String) fields.get("id"),
          ((Number) fields.get("score")).floatValue()));
    }
    return out;
  }

  private void indexPastQueries(PastQueries past) {
    String index = PastQueriesIndex.of(INDEX);
    prepareCreate(index).setSettings(LearnedValuesIndex.settings())
        .setMapping(PastQueriesIndex.mappings(SmallCorpus.DIMENSION)).get();
    BulkRequestBuilder bulk = client().prepareBulk()
        .setRefreshPolicy(WriteRequest.RefreshPolicy.IMMEDIATE);
    for (PastQueries.Stored query : past.stored) {
      bulk.add(client().prepareIndex(index)
          .setSource(PastQueriesIndex.source(query.vector(), query.query())));
    }
    BulkResponse stored = bulk.get();
    assertFalse(stored.buildFailureMessage(), stored.hasFailures());
  }

  private static List<ScoredId> cluster(QueryBuilder query, int n) {
    SearchResponse response = client().prepareSearch(INDEX)
        .setSearchType(SearchType.DFS_QUERY_THEN_FETCH).setQuery(query).setSize(n)
        .setFetchSource(false).get();
    List<ScoredId> out = new ArrayList<>();
    for (SearchHit hit : response.getHits().getHits()) {
      out.add(new ScoredId(hit.getId(), hit.getScore()));
    }
    return ScoredId.ranked(out);
  }
}
