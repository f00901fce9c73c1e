package dev.relearn.lucene.fusion;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class FusionTest {
  static final List<StageHit> LEXICAL = List.of(
      new StageHit(1, 10f, 1), new StageHit(2, 6f, 2), new StageHit(3, 2f, 3));
  static final List<StageHit> SEMANTIC = List.of(
      new StageHit(3, 0.9f, 1), new StageHit(4, 0.5f, 2));

  @Test
  void minMaxNormalisesEachListAndWeighsByAlpha() {
    List<FusedHit> fused = Fusion.minMax(0.5).fuse(LEXICAL, SEMANTIC);
    // lexical norm: doc1 1.0, doc2 0.5, doc3 0.0; semantic norm: doc3 1.0, doc4 0.0
    assertEquals(List.of(1, 3, 2, 4), fused.stream().map(FusedHit::doc).toList());
    assertEquals(0.5, fused.get(0).score(), 1e-9);
    assertEquals(0.5, fused.get(1).score(), 1e-9); // tie with doc 1: lower doc id first
    assertEquals(0.25, fused.get(2).score(), 1e-9);
    assertEquals(0.0, fused.get(3).score(), 1e-9);
    assertNull(fused.get(3).lexical());
    assertEquals(1, fused.get(1).semantic().rank());
  }

  @Test
  void alphaZeroIsLexicalOrderAndAlphaOneIsSemanticOrder() {
    assertEquals(List.of(1, 2, 3, 4),
        Fusion.minMax(0).fuse(LEXICAL, SEMANTIC).stream().map(FusedHit::doc).toList());
    assertEquals(List.of(3, 1, 2, 4),
        Fusion.minMax(1).fuse(LEXICAL, SEMANTIC).stream().map(FusedHit::doc).toList());
  }

  @Test
  void singleHitListNormalisesToOne() {
    List<FusedHit> fused = Fusion.minMax(0.5).fuse(List.of(new StageHit(7, 3f, 1)), List.of());
    assertEquals(0.5, fused.get(0).score(), 1e-9);
  }

  @Test
  void rrfSumsReciprocalRanks() {
    List<FusedHit> fused = Fusion.rrf(60).fuse(LEXICAL, SEMANTIC);
    assertEquals(3, fused.get(0).doc()); // 1/63 + 1/61 beats 1/61
    assertEquals(1.0 / 63 + 1.0 / 61, fused.get(0).score(), 1e-12);
    assertEquals(1.0 / 61, fused.get(1).score(), 1e-12);
  }

  @Test
  void inputsAreNotModified() {
    List<StageHit> lexical = new ArrayList<>(LEXICAL);
    Fusion.rrf(60).fuse(lexical, SEMANTIC);
    assertEquals(LEXICAL, lexical);
  }

  @Test
  void badParametersNameTheValue() {
    assertEquals("alpha must be in [0, 1], got: 1.5",
        assertThrows(IllegalArgumentException.class, () -> Fusion.minMax(1.5)).getMessage());
    assertEquals("RRF k must be at least 1, got: 0",
        assertThrows(IllegalArgumentException.class, () -> Fusion.rrf(0)).getMessage());
    assertThrows(IllegalArgumentException.class, () -> Fusion.minMax(Double.NaN));
    assertThrows(IllegalArgumentException.class, () -> new StageHit(1, Float.NaN, 1));
  }

  @Test
  void infiniteStageScoresFuseAsTheListsEnds() {
    // StageHit accepts infinities (a function score may give them): +inf counts as the top of
    // its list, -inf as the bottom, and the finite scores keep their own range
    List<StageHit> lexical = List.of(new StageHit(1, Float.POSITIVE_INFINITY, 1),
        new StageHit(2, 6f, 2), new StageHit(3, 2f, 3),
        new StageHit(5, Float.NEGATIVE_INFINITY, 4));
    List<FusedHit> fused = Fusion.minMax(0).fuse(lexical, List.of());
    assertEquals(List.of(1, 2, 3, 5), fused.stream().map(FusedHit::doc).toList());
    assertEquals(List.of(1.0, 1.0, 0.0, 0.0), fused.stream().map(FusedHit::score).toList());
  }

  @Test
  void aDocListedTwiceInOneListKeepsItsBestRankedHit() {
    List<StageHit> lexical = List.of(new StageHit(1, 10f, 1), new StageHit(2, 6f, 2),
        new StageHit(1, 2f, 3));
    FusedHit doc1 = Fusion.rrf(60).fuse(lexical, List.of()).get(0);
    assertEquals(1, doc1.doc());
    assertEquals(1, doc1.lexical().rank());
    assertEquals(1.0 / 61, doc1.score(), 1e-12);
  }
}
