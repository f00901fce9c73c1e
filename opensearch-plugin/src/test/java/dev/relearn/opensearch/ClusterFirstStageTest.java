package dev.relearn.opensearch;

import dev.relearn.lucene.schema.Chunk;
import dev.relearn.lucene.schema.ChunkSchema;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.apache.lucene.search.Query;
import org.opensearch.action.bulk.BulkRequestBuilder;
import org.opensearch.action.bulk.BulkResponse;
import org.opensearch.action.search.SearchResponse;
import org.opensearch.action.search.SearchType;
import org.opensearch.action.support.WriteRequest;
import org.opensearch.index.query.QueryBuilder;
import org.opensearch.plugins.Plugin;
import org.opensearch.search.SearchHit;
import org.opensearch.test.OpenSearchIntegTestCase;
import org.opensearch.test.OpenSearchIntegTestCase.ClusterScope;
import org.opensearch.test.OpenSearchIntegTestCase.Scope;

/**
 * The plugin's first stage on a 3-node cluster (3 shards, 1 replica) scores as relearn does
 * embedded: BM25 with relearn's analyzers, k1 and b, over global statistics ({@code
 * dfs_query_then_fetch}), from the analysed terms alone; and the kNN query over the {@code
 * relearn_vector} field. Same ids in the same order (ties by chunk id), scores within 1e-4.
 */
@ClusterScope(scope = Scope.SUITE, numDataNodes = 3, numClientNodes = 0)
public class ClusterFirstStageTest extends OpenSearchIntegTestCase {
  private static final String INDEX = "chunks";
  private static final float TOLERANCE = 1e-4f;
  private static final String[] QUERIES = {"brass reading lamp", "parse the http request",
      "socket buffer", "learning to rank from click feedback", "IndexWriter", "graph shard"};

  @Override
  protected Collection<Class<? extends Plugin>> nodePlugins() {
    return List.of(RelearnPlugin.class);
  }

  public void testBm25AndKnnScoreAsEmbedded() throws Exception {
    SmallCorpus corpus = new SmallCorpus(42L, 120);
    ChunkIndexDefinition definition = new ChunkIndexDefinition(3, 1, SmallCorpus.DIMENSION);
    prepareCreate(INDEX).setSettings(definition.settings()).setMapping(definition.mappings())
        .get();
    ensureGreen(INDEX);
    BulkRequestBuilder bulk = client().prepareBulk()
        .setRefreshPolicy(WriteRequest.RefreshPolicy.IMMEDIATE);
    for (Chunk chunk : corpus.chunks) {
      bulk.add(client().prepareIndex(INDEX).setId(chunk.id()).setSource(corpus.source(chunk)));
    }
    BulkResponse indexed = bulk.get();
    assertFalse(indexed.buildFailureMessage(), indexed.hasFailures());

    try (EmbeddedIndex embedded = new EmbeddedIndex(corpus)) {
      int n = corpus.chunks.size();
      for (int q = 0; q < QUERIES.length; q++) {
        String text = QUERIES[q];
        assertSameRanking("BM25 query " + q,
            embedded.search(embedded.schema.bm25Query(text), n),
            cluster(LexicalQuery.of(embedded.schema.queryTerms(text)), n));
      }
      Random random = new Random(7L);
      for (int q = 0; q < 5; q++) {
        float[] vector = SmallCorpus.randomUnitVector(random);
        Query knn = embedded.schema.vectorQuery(vector, 20, null);
        assertSameRanking("kNN query " + q, embedded.search(knn, 20),
            cluster(new RelearnKnnQueryBuilder(ChunkSchema.VECTOR, vector, 20), 20));
      }
    }
  }

  private List<RankedId> cluster(QueryBuilder query, int n) {
    SearchResponse response = client().prepareSearch(INDEX)
        .setSearchType(SearchType.DFS_QUERY_THEN_FETCH).setQuery(query).setSize(n)
        .setFetchSource(false).get();
    List<RankedId> out = new ArrayList<>();
    for (SearchHit hit : response.getHits().getHits()) {
      out.add(new RankedId(hit.getId(), hit.getScore()));
    }
    return RankedId.sorted(out);
  }

  private static void assertSameRanking(String what, List<RankedId> embedded,
      List<RankedId> cluster) {
    assertEquals(what + ": hit count", embedded.size(), cluster.size());
    float worst = 0;
    for (int i = 0; i < embedded.size(); i++) {
      assertEquals(what + ": id at " + i, embedded.get(i).id(), cluster.get(i).id());
      worst = Math.max(worst, Math.abs(embedded.get(i).score() - cluster.get(i).score()));
    }
    assertTrue(what + ": score delta " + worst, worst <= TOLERANCE);
    System.out.printf(Locale.ROOT, "%s: %d hits, largest score delta %.2e%n", what, embedded.size(), worst);
  }
}
