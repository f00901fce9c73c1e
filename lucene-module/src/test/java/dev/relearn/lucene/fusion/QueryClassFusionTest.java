package dev.relearn.lucene.fusion;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Identifier queries are fused their own way; every other query, and a fuse without one, not. */
class QueryClassFusionTest {
  @Test
  void aQueryWhoseEveryWordLooksLikeCodeGetsTheIdentifierFusion() {
    Fusion identifiers = Fusion.minMax(0.3);
    Fusion others = Fusion.rrf(60);
    QueryClassFusion fusion = new QueryClassFusion(identifiers, others);
    for (String query : List.of("parseHttpRequest", "max_retries", "Foo::bar String.format")) {
      assertSame(identifiers, fusion.forQuery(query), query);
    }
    for (String query : List.of("kubernetes", "how are scores fused?", "parse HttpRequest",
        "retry with backoff", "")) {
      assertSame(others, fusion.forQuery(query), query);
    }
    assertSame(identifiers, identifiers.forQuery("anything"), "a one-way fusion is itself");
  }

  @Test
  void withoutAQueryItFusesAsForWords() {
    QueryClassFusion fusion = new QueryClassFusion(Fusion.minMax(0), Fusion.minMax(1));
    List<FusedHit> fused = fusion.fuse(FusionTest.LEXICAL, FusionTest.SEMANTIC);
    assertEquals(Fusion.minMax(1).fuse(FusionTest.LEXICAL, FusionTest.SEMANTIC), fused);
    assertEquals(List.of(3, 1, 2, 4), // docs 1 and 2 only lexical: 0, as doc 4 is the minimum
        fused.stream().map(FusedHit::doc).toList());
  }

  @Test
  void theDefaultLeansOnBm25ForIdentifiers() {
    QueryClassFusion fusion = (QueryClassFusion) Fusion.byQueryClass();
    assertEquals(Fusion.minMax(Fusion.IDENTIFIER_ALPHA).describe(),
        fusion.identifiers().describe());
    assertEquals(Fusion.minMax(Fusion.DEFAULT_ALPHA).describe(), fusion.others().describe());
    assertEquals("minmax(alpha=0.5), identifiers minmax(alpha=0.3)", fusion.describe());
    // normalised: lexical doc 1 1.0, doc 3 0.5; semantic doc 3 1.0, doc 1 0.25
    List<StageHit> lexical = List.of(new StageHit(1, 10f, 1), new StageHit(3, 6f, 2),
        new StageHit(2, 2f, 3));
    List<StageHit> semantic = List.of(new StageHit(3, 0.9f, 1), new StageHit(1, 0.6f, 2),
        new StageHit(4, 0.5f, 3));
    // alpha 0.3: doc 1 0.775, doc 3 0.65; alpha 0.5: doc 1 0.625, doc 3 0.75
    assertEquals(1, fusion.forQuery("parseHttpRequest").fuse(lexical, semantic).get(0).doc());
    assertEquals(3, fusion.forQuery("parse http request").fuse(lexical, semantic).get(0).doc());
  }

  @Test
  void eachSideFusesOneWay() {
    Fusion nested = Fusion.byQueryClass();
    assertEquals("identifiers must fuse one way, got: " + nested.describe(),
        assertThrows(IllegalArgumentException.class,
            () -> new QueryClassFusion(nested, Fusion.rrf(60))).getMessage());
    assertThrows(IllegalArgumentException.class,
        () -> new QueryClassFusion(Fusion.rrf(60), nested));
    assertThrows(NullPointerException.class, () -> new QueryClassFusion(null, Fusion.rrf(60)));
  }
}
