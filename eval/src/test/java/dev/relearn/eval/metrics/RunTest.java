package dev.relearn.eval.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RunTest {

  @Test
  void ofRanksEachQueryAndKeepsQueryOrder() {
    Map<String, List<ScoredDoc>> hits = new LinkedHashMap<>();
    hits.put("q2", List.of(new ScoredDoc("a", 1), new ScoredDoc("b", 2)));
    hits.put("q1", List.of());
    Run run = MetricsFixtures.run(hits);
    assertEquals(List.of("q2", "q1"), new ArrayList<>(run.queryIds()));
    assertEquals(List.of(new ScoredDoc("b", 2), new ScoredDoc("a", 1)), run.ranking("q2"));
    assertTrue(run.queryIds().contains("q1"));
    assertEquals(List.of(), run.ranking("q1"));
    assertFalse(run.queryIds().contains("q3"));
    assertEquals(List.of(), run.ranking("q3"));
  }

  @Test
  void isImmutable() {
    List<ScoredDoc> docs = new ArrayList<>(List.of(new ScoredDoc("a", 1)));
    Run run = MetricsFixtures.run(Map.of("q", docs));
    docs.add(new ScoredDoc("b", 2));
    assertEquals(1, run.ranking("q").size());
    assertThrows(UnsupportedOperationException.class,
        () -> run.ranking("q").add(new ScoredDoc("c", 3)));
    assertThrows(UnsupportedOperationException.class, () -> run.queryIds().remove("q"));
  }

  @Test
  void negativeAndZeroScoresRankLikeAnyOther() {
    Run run = Run.builder().add("q", "x", -1).add("q", "y", 0.0).add("q", "z", -0.0).build();
    // 0.0 and -0.0 are equal scores, so the doc id decides: z before y
    assertEquals(List.of("z", "y", "x"), run.ranking("q").stream().map(ScoredDoc::docId).toList());
  }

  @Test
  void scoresEqualAsFloatsAreTiesAsInTrecEval() {
    // 1 + 1e-10 and 1 + 2e-10 round to the same float: a tie, so doc id descending decides
    Run tie = Run.builder().add("q", "a", 1.0000000002).add("q", "b", 1.0000000001).build();
    assertEquals(List.of("b", "a"), tie.ranking("q").stream().map(ScoredDoc::docId).toList());
    // 1.0000002 and 1.0000001 are distinct floats: the higher score ranks first
    Run distinct = Run.builder().add("q", "a", 1.0000002).add("q", "b", 1.0000001).build();
    assertEquals(List.of("a", "b"),
        distinct.ranking("q").stream().map(ScoredDoc::docId).toList());
  }

  @Test
  void withoutSelfHitsKeepsQueriesLeftEmpty() {
    Run run = Run.builder().add("q", "q", 1).add("p", "q", 1).build().withoutSelfHits(Integer.MAX_VALUE);
    assertEquals(List.of(), run.ranking("q"));
    assertTrue(run.queryIds().contains("q"));
    assertEquals(1, run.ranking("p").size());
  }

  @Test
  void rejectsBadInput() {
    IllegalArgumentException blank =
        assertThrows(IllegalArgumentException.class, () -> Run.builder().addQuery(" "));
    assertEquals("queryId must not be blank, got: ' '", blank.getMessage());
    assertThrows(IllegalArgumentException.class, () -> new ScoredDoc("", 1));
    IllegalArgumentException nan =
        assertThrows(IllegalArgumentException.class, () -> new ScoredDoc("d", Double.NaN));
    assertTrue(nan.getMessage().contains("d"), nan.getMessage());
  }
}
