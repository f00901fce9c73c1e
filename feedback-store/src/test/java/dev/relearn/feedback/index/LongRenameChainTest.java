package dev.relearn.feedback.index;

import static dev.relearn.feedback.index.Fixtures.T0;
import static dev.relearn.feedback.index.Fixtures.add;
import static dev.relearn.feedback.index.Fixtures.event;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.relearn.lucene.feedback.ChunkEvidence;
import dev.relearn.lucene.feedback.Outcome;
import java.nio.file.Path;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A chunk that an editor saves again and again gets a new id at every edit, so the evidence
 * recorded under its first id reaches it through one rename per edit. A function edited over weeks
 * of saves passes a hundred renames; the evidence must follow it through all of them, also after a
 * forget prunes the renames nothing needs and after a reopen. Renames were followed 64 steps at
 * most: from the 65th edit on, the chunk lost every value it had learned.
 */
class LongRenameChainTest {
  private static final int DIM = 8;
  private static final int EDITS = 100;
  private static final ChunkEvidence CLICKED = new ChunkEvidence(1, 1, 1, 0);

  @TempDir
  Path dir;

  @Test
  void evidenceFollowsAChunkThroughEveryEdit() throws Exception {
    float[] query = Fixtures.randomUnit(new Random(5), DIM);
    String current = "c";
    try (FeedbackIndex index = open()) {
      add(index, event("e1", "A", query, "c", Outcome.SUCCESS, T0));
      add(index, event("e2", "B", Fixtures.randomUnit(new Random(6), DIM), "other",
          Outcome.SUCCESS, T0));
      for (int edit = 1; edit <= EDITS; edit++) {
        String next = "c" + edit;
        assertEquals(new RenameEffect(true, current), index.rename(current, next),
            "edit " + edit + " moves the learned values of " + current + " as they are");
        current = next;
      }
      assertEquals(Set.of(current), index.currentIds(Map.of("c", CLICKED)).keySet());
      assertEquals(Set.of(current), index.similar(query, 0.99f, 1).get(0).chunks().keySet(),
          "a similar query's vote goes to the chunk as it is now");
      index.forgetSession("B"); // prunes the renames no event needs
      assertEquals(Set.of(current), index.currentIds(Map.of("c", CLICKED)).keySet(),
          "every rename on the way from c is still needed");
      index.commit(Map.of());
    }
    try (FeedbackIndex index = open()) {
      assertEquals(Set.of(current), index.currentIds(Map.of("c", CLICKED)).keySet());
      assertEquals(Set.of(current), index.similar(query, 0.99f, 1).get(0).chunks().keySet());
    }
  }

  private FeedbackIndex open() throws Exception {
    return TestIndexes.open(dir, FeedbackIndexConfig.defaults(DIM));
  }
}
