package dev.relearn.engine.search;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.lucene.fusion.Fusion;
import dev.relearn.lucene.fusion.QueryClassFusion;
import dev.relearn.lucene.schema.ChunkKind;
import dev.relearn.lucene.schema.ChunkSchema;
import dev.relearn.lucene.schema.LearnedValuesSource;
import java.nio.file.Path;
import java.util.List;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HybridSearcherTest {
  @TempDir Path dir;
  private TestIndex index;
  private HybridSearcher hybrid;

  @BeforeEach
  void build() throws Exception {
    index = new TestIndex(dir, List.of(
        TestIndex.chunk("a", "docs/cats.md", ChunkKind.MARKDOWN, "Cats sleep most of the day."),
        TestIndex.chunk("b", "docs/dogs.md", ChunkKind.MARKDOWN,
            "Dogs love long walks in the park."),
        TestIndex.chunk("c", "src/Http.java", ChunkKind.CODE,
            "Request parseHttpRequest(String line) { return null; }"),
        TestIndex.chunk("d", "notes/cats.txt", ChunkKind.TEXT, "A cat and a dog share a sofa.")));
    hybrid = new HybridSearcher(index.schema);
  }

  @AfterEach
  void close() throws Exception {
    index.close();
  }

  /** The first stage alone: the candidates, loaded with the learned values in the index. */
  private static SearchResults search(HybridSearcher hybrid, IndexSearcher searcher,
      SearchRequest request, float[] queryVector) throws Exception {
    return hybrid.load(searcher, request, hybrid.candidates(searcher, request, queryVector),
        LearnedValuesSource.DOC_VALUES);
  }

  private SearchResults search(SearchRequest request) throws Exception {
    return search(hybrid, index.searcher(), request, TestIndex.vector(request.text()));
  }

  @Test
  void hybridFusesEachQueryAsItsClassWants() throws Exception {
    // identifiers fuse as BM25 alone, everything else as the vectors alone
    Fusion split = new QueryClassFusion(Fusion.minMax(0), Fusion.minMax(1));
    List<Hit> identifier = search(SearchRequest.of("parseHttpRequest").withFusion(split)).hits();
    assertEquals("c", identifier.get(0).chunkId());
    assertEquals(1.0, identifier.get(0).score());
    assertEquals(List.of(0.0, 0.0, 0.0), identifier.stream().filter(h -> h.bm25() == null)
        .map(Hit::score).toList(), "chunks BM25 did not find score nothing");
    SearchRequest words = SearchRequest.of("cat dog sofa walks");
    List<Hit> sentence = search(words.withFusion(split)).hits();
    assertEquals(ids(search(words.withMode(SearchMode.VECTOR))), ids(sentence));
    assertEquals(0.0, sentence.get(sentence.size() - 1).score(), "the vectors' last scores 0");
    assertEquals(Fusion.byQueryClass().describe(),
        SearchRequest.of("parseHttpRequest").fusion().describe());
  }

  private static List<String> ids(List<Hit> hits) {
    return hits.stream().map(Hit::chunkId).toList();
  }

  private static List<String> ids(SearchResults results) {
    return results.hits().stream().map(Hit::chunkId).toList();
  }

  @Test
  void bm25ModeReportsOnlyLexicalStage() throws Exception {
    SearchResults results = search(SearchRequest.of("cats").withMode(SearchMode.BM25));
    assertEquals(List.of("a", "d"), results.hits().stream().map(Hit::chunkId).toList());
    Hit top = results.hits().get(0);
    assertNotNull(top.bm25());
    assertNull(top.vector());
    assertEquals(1, top.bm25().rank());
    assertEquals(top.bm25().score(), top.score(), 1e-6);
    assertEquals(0, results.semanticCandidates());
  }

  @Test
  void vectorModeRanksEveryChunkBySimilarity() throws Exception {
    SearchResults results = search(SearchRequest.of("dogs love walks").withMode(SearchMode.VECTOR));
    assertEquals(4, results.hits().size());
    assertEquals("b", results.hits().get(0).chunkId());
    assertNull(results.hits().get(0).bm25());
  }

  @Test
  void hybridCarriesBothStagesAndRrfWorks() throws Exception {
    for (Fusion fusion : List.of(Fusion.minMax(0.5), Fusion.rrf(60))) {
      SearchResults results = search(SearchRequest.of("cats").withFusion(fusion));
      Hit top = results.hits().get(0);
      assertNotNull(top.bm25(), fusion.describe());
      assertNotNull(top.vector(), fusion.describe());
      assertEquals(2, results.lexicalCandidates());
    }
  }

  @Test
  void identifiersInCodeMatchNaturalWords() throws Exception {
    SearchResults results = search(SearchRequest.of("http request").withMode(SearchMode.BM25));
    assertEquals("c", results.hits().get(0).chunkId());
  }

  @Test
  void proseScoresExactlyAsPlainBm25OnTheBody() throws Exception {
    IndexSearcher searcher = index.searcher();
    TopDocs plain = searcher.search(new BooleanQuery.Builder()
        .add(new TermQuery(new Term(ChunkSchema.BODY, "cat")), Occur.SHOULD).build(), 10);
    SearchResults results = search(hybrid, searcher,
        SearchRequest.of("cats").withMode(SearchMode.BM25), null);
    assertEquals(plain.scoreDocs[0].score, results.hits().get(0).bm25().score(), 0f);
  }

  @Test
  void filtersApplyToBothStages() throws Exception {
    SearchResults byPath = search(SearchRequest.of("cats").withFilter("notes/", null));
    assertEquals(List.of("d"), byPath.hits().stream().map(Hit::chunkId).toList());
    SearchResults byKind = search(SearchRequest.of("cats dogs").withFilter(null, ChunkKind.CODE));
    assertEquals(List.of("c"), byKind.hits().stream().map(Hit::chunkId).toList());
  }

  @Test
  void querySyntaxIsSearchedAsText() throws Exception {
    SearchResults results = search(SearchRequest.of(
        "cats AND (dogs OR \"sofa\")~2 +[x TO y] \\ /"));
    assertTrue(results.hits().size() >= 3);
    SearchResults none = search(SearchRequest.of(
        "+-&&||!(){}[]^\"~*?:\\/").withMode(SearchMode.BM25));
    assertTrue(none.hits().isEmpty());
  }

  @Test
  void callerVectorIsNotModifiedAndBadVectorsAreRejected() throws Exception {
    float[] vector = TestIndex.vector("cats");
    float[] copy = vector.clone();
    search(hybrid, index.searcher(), SearchRequest.of("cats"), vector);
    assertArrayEquals(copy, vector);
    IllegalArgumentException wrongSize = assertThrows(IllegalArgumentException.class,
        () -> search(hybrid, index.searcher(), SearchRequest.of("cats"), new float[3]));
    assertTrue(wrongSize.getMessage().contains("3 dimensions; the index expects 26"),
        wrongSize.getMessage());
    float[] nan = vector.clone();
    nan[5] = Float.NaN;
    assertTrue(assertThrows(IllegalArgumentException.class,
        () -> search(hybrid, index.searcher(), SearchRequest.of("cats"), nan)).getMessage()
        .contains("NaN at component 5"));
  }

  @Test
  void requestValidationNeverEchoesTheQuery() {
    for (String nothing : List.of("", "  ", "\u0001\u0002", "\t\u200b\u00a0\u2028")) {
      assertEquals("query has no searchable text: it is empty or only spaces and control"
          + " characters",
          assertThrows(IllegalArgumentException.class, () -> SearchRequest.of(nothing))
              .getMessage());
    }
    String huge = "secret ".repeat(150_000);
    String message = assertThrows(IllegalArgumentException.class,
        () -> SearchRequest.of(huge)).getMessage();
    assertEquals("query is 1050000 characters long; the limit is 10000", message);
    assertThrows(IllegalArgumentException.class, () -> SearchRequest.of("x").withK(0));
    assertTrue(!SearchRequest.of("secret words").toString().contains("secret"));
  }

  @Test
  void snippetsStartNearAQueryWord() {
    String text = "Intro words here. ".repeat(30) + "The fusion step combines lists.";
    String snippet = Snippets.excerpt(text, Snippets.queryWords("fusion"), 80);
    assertTrue(snippet.contains("fusion"), snippet);
    assertTrue(snippet.startsWith("…"), snippet);
  }

  @Test
  void equalScoresGoByChunkIdInEveryModeAsOnACluster(@TempDir Path other) throws Exception {
    String text = "Owls hunt at night.";
    try (TestIndex twins = new TestIndex(other, List.of(
        TestIndex.chunk("z", "z.md", ChunkKind.MARKDOWN, text),
        TestIndex.chunk("m", "m.md", ChunkKind.MARKDOWN, text),
        TestIndex.chunk("a", "a.md", ChunkKind.MARKDOWN, text)))) {
      for (SearchMode mode : List.of(SearchMode.BM25, SearchMode.VECTOR, SearchMode.HYBRID)) {
        SearchResults results = search(new HybridSearcher(twins.schema), twins.searcher(),
            SearchRequest.of("owls night").withMode(mode), TestIndex.vector("owls night"));
        assertEquals(List.of("a", "m", "z"), ids(results), mode.label());
        Hit first = results.hits().get(0);
        assertEquals(1, (mode == SearchMode.VECTOR ? first.vector() : first.bm25()).rank());
      }
    }
  }
}
