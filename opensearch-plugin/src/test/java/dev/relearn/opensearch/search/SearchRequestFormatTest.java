package dev.relearn.opensearch.search;

import dev.relearn.lucene.fusion.QueryClass;
import dev.relearn.lucene.fusion.StageScore;
import dev.relearn.lucene.schema.LearnedValues;
import java.util.List;
import java.util.Map;
import org.apache.lucene.search.Explanation;
import org.opensearch.common.io.stream.BytesStreamOutput;
import org.opensearch.core.common.io.stream.StreamInput;
import org.opensearch.test.OpenSearchTestCase;

/** The learned search's JSON body and its form between nodes. */
public class SearchRequestFormatTest extends OpenSearchTestCase {
  private static final Map<String, Object> BODY = Map.of(
      "vector", List.of(0.6, 0.8),
      "terms", Map.of("body", Map.of("lamp", 2, "brass", 1)),
      "query_class", "keywords",
      "explain", true);

  public void testParsesTheBodyWithEmbeddedDefaults() {
    RelearnSearchRequest request = RestRelearnSearchAction.parse("chunks", BODY);
    assertEquals("chunks", request.index());
    assertArrayEquals(new float[] {0.6f, 0.8f}, request.vector(), 0f);
    assertEquals(Map.of("body", Map.of("lamp", 2, "brass", 1)), request.terms());
    assertEquals(QueryClass.KEYWORDS, request.queryClass());
    assertEquals(10, request.k());
    assertEquals(100, request.retrieverDepth());
    assertTrue(request.explain());
    assertEquals(RankingMode.LEARNED, request.mode());
    assertEquals(RankingMode.HYBRID, RestRelearnSearchAction.parse("chunks",
        Map.of("vector", List.of(1.0), "mode", "hybrid")).mode());
  }

  public void testRefusesWhatItCannotRead() {
    assertEquals("unknown field [text]", expectThrows(IllegalArgumentException.class,
        () -> RestRelearnSearchAction.parse("chunks", Map.of("text", "brass lamp",
            "vector", List.of(1.0)))).getMessage());
    assertEquals("[vector] component 1 is not a number", expectThrows(
        IllegalArgumentException.class, () -> RestRelearnSearchAction.parse("chunks",
            Map.of("vector", List.of(1.0, "x")))).getMessage());
    assertEquals("[mode] must be bm25, vector, hybrid or learned, not rrf", expectThrows(
        IllegalArgumentException.class, () -> RestRelearnSearchAction.parse("chunks",
            Map.of("vector", List.of(1.0), "mode", "rrf"))).getMessage());
    assertEquals("k must be 1 to 1000, not 0", expectThrows(IllegalArgumentException.class,
        () -> RestRelearnSearchAction.parse("chunks", Map.of("vector", List.of(1.0), "k", 0)))
        .getMessage());
  }

  public void testAnExplainThatIsNotABooleanIsRefused() {
    for (Object explain : List.of("true", 1, "yes")) {
      assertEquals("[explain] must be true or false, not " + explain, expectThrows(
          IllegalArgumentException.class, () -> RestRelearnSearchAction.parse("chunks",
              Map.of("vector", List.of(1.0), "explain", explain))).getMessage());
    }
    assertFalse(RestRelearnSearchAction.parse("chunks", Map.of("vector", List.of(1.0),
        "explain", false)).explain());
  }

  public void testRatedWeightsThatCannotBeReadNameTheirDocument() {
    Map<String, Object> weights = Map.of("weights", Map.of("classes", Map.of("keywords",
        Map.of("bm25", "high", "vector", 0.3, "learned", 0.2, "rating_scale", 1.0))));
    assertEquals("[relearn.weights] class keywords: bm25 is not a number: high", expectThrows(
        IllegalArgumentException.class, () -> LearnedValuesIndex.readWeights(weights,
            "keywords")).getMessage());
  }

  public void testRequestAndResponseCrossNodesUnchanged() throws Exception {
    Map<String, Object> body = new java.util.HashMap<>(BODY);
    body.put("mode", "vector");
    body.put("path_prefix", "docs/");
    body.put("kind", "code");
    RelearnSearchRequest request = RestRelearnSearchAction.parse("chunks", body);
    RelearnSearchRequest read;
    try (BytesStreamOutput out = new BytesStreamOutput()) {
      request.writeTo(out);
      try (StreamInput in = out.bytes().streamInput()) {
        read = new RelearnSearchRequest(in);
      }
    }
    assertEquals(request.toString(), read.toString());
    assertArrayEquals(request.vector(), read.vector(), 0f);
    assertEquals(request.terms(), read.terms());
    assertTrue(read.explain());
    assertEquals(RankingMode.VECTOR, read.mode());
    assertEquals("docs/", read.pathPrefix());
    assertEquals("code", read.kind());

    RelearnSearchResponse response = new RelearnSearchResponse(List.of(
        new RelearnSearchResponse.Hit("c001", 0.75, new StageScore(3.5f, 1), null,
            Explanation.match(0.75f, "learned score", Explanation.match(0.5f, "relevance")),
            new double[] {0.5, 0.25, 0.5}, null),
        new RelearnSearchResponse.Hit("c002", 0.5, null, new StageScore(0.9f, 2), null, null,
            new LearnedValues(3, 1.5, 1, 0, 42))),
        1, 2).withRated(new LearnedValuesIndex.ClassWeights(0.1, 0.45, 0.45, 1.5));
    try (BytesStreamOutput out = new BytesStreamOutput()) {
      response.writeTo(out);
      try (StreamInput in = out.bytes().streamInput()) {
        RelearnSearchResponse back = new RelearnSearchResponse(in);
        assertEquals(response.hits().get(1), back.hits().get(1));
        assertEquals(response.hits().get(0).explanation(), back.hits().get(0).explanation());
        assertEquals(response.hits().get(0).lexical(), back.hits().get(0).lexical());
        assertArrayEquals(response.hits().get(0).contributions(),
            back.hits().get(0).contributions(), 0);
        assertEquals(response.rated(), back.rated());
        assertEquals(new LearnedValues(3, 1.5, 1, 0, 42), back.hits().get(1).learned());
        assertNull(back.hits().get(0).learned());
      }
    }
  }
}
