package dev.relearn.eval.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class QrelsTest {

  @Test
  void repeatedPairsKeepTheHighestGrade() {
    Qrels qrels = Qrels.builder()
        .add("q", "d", 1).add("q", "d", 2).add("q", "d", 1).add("q", "e", 0).build();
    assertEquals(Map.of("d", 2, "e", 0), qrels.judgments("q"));
    assertEquals(2, qrels.judgmentCount());
  }

  @Test
  void relevantMeansGradeAtLeastOne() {
    Qrels qrels = Qrels.builder()
        .add("q1", "a", 2).add("q1", "b", 1).add("q1", "c", 0).add("q1", "d", -1)
        .add("q2", "x", 0).build();
    assertEquals(2, qrels.relevantCount("q1"));
    assertEquals(0, qrels.relevantCount("q2"));
    assertEquals(0, qrels.relevantCount("unknown"));
    assertEquals(Set.of("q1"), qrels.queryIdsWithRelevant());
    assertEquals(List.of("q1", "q2"), List.copyOf(qrels.queryIds()));
    assertEquals(0, qrels.grade("q1", "unjudged"));
    assertEquals(-1, qrels.grade("q1", "d"));
  }

  @Test
  void isImmutable() {
    Qrels qrels = MetricsFixtures.qrels(Map.of("q", Map.of("d", 1)));
    assertThrows(UnsupportedOperationException.class, () -> qrels.judgments("q").put("e", 1));
  }

  @Test
  void rejectsBlankIds() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Qrels.builder().add("q", "", 1));
    assertEquals("docId must not be blank, got: ''", e.getMessage());
  }
}
