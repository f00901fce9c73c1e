package dev.relearn.eval.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.relearn.eval.beir.BeirDataset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The test split holds every query the evaluator counts (a judged query without a relevant
 * document too, as trec_eval counts it); feedback sessions draw only queries with something
 * relevant to click.
 */
class SplitTest {
  @TempDir Path dir;

  private BeirDataset dataset(String qrels) throws Exception {
    Files.createDirectories(dir.resolve("qrels"));
    Files.writeString(dir.resolve("corpus.jsonl"), "{\"_id\": \"d1\", \"text\": \"one\"}\n");
    Files.writeString(dir.resolve("queries.jsonl"), """
        {"_id": "q1", "text": "first"}
        {"_id": "q2", "text": "second"}
        {"_id": "q3", "text": "third"}
        {"_id": "q4", "text": "fourth"}
        """);
    Files.writeString(dir.resolve("qrels/test.tsv"), "query-id\tcorpus-id\tscore\n" + qrels);
    return BeirDataset.open(dir);
  }

  @Test
  void scoredQueriesIncludeThoseWithoutRelevantDocsSessionsDoNot() throws Exception {
    // q2 all grade 0, q3 grade -1, q4 unjudged, q9 without a text
    BeirDataset beir = dataset("q1\td1\t2\nq2\td1\t0\nq3\td1\t-1\nq9\td1\t1\n");
    Split scored = Split.of(beir, "test");
    assertEquals(List.of("q1", "q2", "q3"), scored.ids());
    assertEquals("second", scored.text("q2"));
    assertEquals(2, scored.maxGrade());
    assertEquals(List.of("q1"), Split.forSessions(beir, "test").ids());
  }

  @Test
  void aSplitWithoutRelevantDocsCanBeScoredButNotClicked() throws Exception {
    BeirDataset beir = dataset("q1\td1\t0\nq2\td1\t-1\n");
    Split scored = Split.of(beir, "test");
    assertEquals(List.of("q1", "q2"), scored.ids());
    assertEquals(1, scored.maxGrade());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Split.forSessions(beir, "test"));
    assertEquals("split 'test' of " + beir.name() + " has no query with a relevant document and"
        + " a text", e.getMessage());
    IllegalArgumentException none = assertThrows(IllegalArgumentException.class,
        () -> Split.of(dataset("q9\td1\t1\n"), "test"));
    assertEquals("split 'test' of " + beir.name() + " has no judged query with a text",
        none.getMessage());
  }
}
