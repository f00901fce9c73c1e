package dev.relearn.opensearch;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import dev.relearn.lucene.fusion.QueryClassifier;
import dev.relearn.lucene.schema.ChunkKind;
import dev.relearn.lucene.schema.ChunkSchema;
import dev.relearn.opensearch.search.RankingMode;
import dev.relearn.opensearch.search.RelearnSearchAction;
import dev.relearn.opensearch.search.RelearnSearchRequest;
import dev.relearn.opensearch.search.RelearnSearchResponse;
import dev.relearn.opensearch.search.ScoredId;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.opensearch.test.OpenSearchIntegTestCase;

/** The parity tests' learned searches on the cluster and their comparison with embedded. */
final class Rankings {
  /** The largest score difference allowed between embedded and the cluster. */
  static final float TOLERANCE = 1e-4f;
  static final int K = 10;
  static final int CANDIDATES = 40;

  private Rankings() {
  }

  /** A learned search of {@code index} through the transport action, as the client sends it. */
  static RelearnSearchResponse search(String index, EmbeddedIndex embedded, String text,
      float[] vector, boolean explain) throws Exception {
    return search(index, embedded, text, vector, RankingMode.LEARNED, explain);
  }

  /** The same search in {@code mode}. */
  static RelearnSearchResponse search(String index, EmbeddedIndex embedded, String text,
      float[] vector, RankingMode mode, boolean explain) throws Exception {
    return OpenSearchIntegTestCase.client().execute(RelearnSearchAction.INSTANCE,
        new RelearnSearchRequest(index, vector, sorted(embedded.schema.queryTerms(text)),
            QueryClassifier.classify(text), mode, K, CANDIDATES, explain)).get();
  }

  /**
   * Hybrid (fused, not re-ranked although chunks may have learned values and the query similar
   * past ones), also filtered by path prefix and kind, BM25 alone and the vector alone rank on
   * the cluster as embedded.
   */
  static void assertOtherModesAsEmbedded(String index, EmbeddedIndex embedded, String text,
      float[] vector) throws Exception {
    assertSame("hybrid: " + text, embedded.hybridSearch(text, vector, K, CANDIDATES, null),
        scored(search(index, embedded, text, vector, RankingMode.HYBRID, false)));
    List<ScoredId> filtered = scored(OpenSearchIntegTestCase.client().execute(
        RelearnSearchAction.INSTANCE, new RelearnSearchRequest(index, vector,
            sorted(embedded.schema.queryTerms(text)), QueryClassifier.classify(text),
            RankingMode.HYBRID, K, CANDIDATES, false).filter("docs/c0", "markdown")).get());
    assertSame("hybrid in docs/c0, markdown: " + text, embedded.hybridSearch(text, vector, K,
        CANDIDATES, ChunkSchema.filter("docs/c0", ChunkKind.MARKDOWN)), filtered);
    assertTrue("only the filter's chunks", filtered.stream()
        .allMatch(hit -> hit.id().compareTo("c100") < 0));
    assertSame("bm25: " + text, top(embedded.search(embedded.schema.bm25Query(text),
        CANDIDATES)), scored(search(index, embedded, text, vector, RankingMode.BM25, false)));
    assertSame("vector: " + text, top(embedded.search(embedded.schema.vectorQuery(vector,
        CANDIDATES, null), CANDIDATES)),
        scored(search(index, embedded, text, vector, RankingMode.VECTOR, false)));
  }

  private static List<ScoredId> top(List<ScoredId> hits) {
    return hits.subList(0, Math.min(K, hits.size()));
  }

  /** The hits as (chunk id, score). */
  static List<ScoredId> scored(RelearnSearchResponse response) {
    List<ScoredId> out = new ArrayList<>();
    response.hits().forEach(hit -> out.add(new ScoredId(hit.chunkId(), (float) hit.score())));
    return out;
  }

  /** The terms as the cluster client sends them: sorted, without the text's word order. */
  static Map<String, Map<String, Integer>> sorted(Map<String, Map<String, Integer>> terms) {
    Map<String, Map<String, Integer>> out = new TreeMap<>();
    terms.forEach((field, counts) -> out.put(field, new TreeMap<>(counts)));
    return out;
  }

  static List<String> ids(List<ScoredId> hits) {
    List<String> out = new ArrayList<>();
    hits.forEach(hit -> out.add(hit.id()));
    return out;
  }

  /** Same ids in the same order, scores within {@link #TOLERANCE}; prints the largest delta. */
  static void assertSame(String what, List<ScoredId> embedded, List<ScoredId> cluster) {
    assertEquals(what + ": hit count", embedded.size(), cluster.size());
    float worst = 0;
    for (int i = 0; i < embedded.size(); i++) {
      assertEquals(what + ": id at " + i, embedded.get(i).id(), cluster.get(i).id());
      worst = Math.max(worst, Math.abs(embedded.get(i).score() - cluster.get(i).score()));
    }
    assertTrue(what + ": score delta " + worst, worst <= TOLERANCE);
    System.out.printf(Locale.ROOT, "%s: %d hits, largest score delta %.2e%n", what,
        embedded.size(), worst);
  }
}
