package dev.relearn.feedback.index;

import static dev.relearn.feedback.index.Fixtures.DAY;
import static dev.relearn.feedback.index.Fixtures.T0;
import static dev.relearn.feedback.index.Fixtures.add;
import static dev.relearn.feedback.index.Fixtures.axis;
import static dev.relearn.feedback.index.Fixtures.event;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.feedback.index.Fixtures.FakeClock;
import dev.relearn.lucene.feedback.ChunkEvidence;
import dev.relearn.lucene.feedback.Outcome;
import dev.relearn.lucene.feedback.PastQuery;
import dev.relearn.lucene.schema.ChunkIds;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FeedbackIndexSearchTest {
  private static final int DIM = 16;

  @TempDir
  Path dir;

  private final FakeClock clock = new FakeClock(T0);

  private FeedbackIndex open(Path folder) throws Exception {
    return TestIndexes.open(folder, FeedbackIndexConfig.defaults(DIM).withClock(clock));
  }

  @Test
  void similarFiltersByThresholdAndOrdersMostSimilarFirst() throws Exception {
    float[] q = axis(DIM, 0);
    clock.set(T0 + 3); // the last event's time: none is ahead of the clock
    try (FeedbackIndex index = open(dir)) {
      add(index, event("far", "s4", axis(DIM, 3), "d", Outcome.SUCCESS, T0));
      add(index, event("half", "s3", Fixtures.at(0.5f, q, axis(DIM, 2)), "c", Outcome.SUCCESS,
          T0 + 3));
      add(index, event("same", "s1", q, "a", Outcome.SUCCESS, T0 + 1));
      add(index, event("close", "s2", Fixtures.at(0.8f, q, axis(DIM, 1)), "b", Outcome.FAILURE,
          T0 + 2));
      assertTrue(index.recorded().contains("close"), "an add is visible to the very next lookup");
      assertFalse(index.recorded().contains("never"));

      List<PastQuery> above = index.similar(q, 0.6f, 10);
      assertEquals(2, above.size());
      assertEquals(1.0f, above.get(0).similarity(), 1e-5);
      assertEquals(T0 + 1, above.get(0).lastMillis());
      assertEquals(new ChunkEvidence(1, 1, 1, 0), above.get(0).chunks().get("a"));
      assertEquals(0.8f, above.get(1).similarity(), 1e-5);
      assertEquals(new ChunkEvidence(1, 1, 0, 1), above.get(1).chunks().get("b"));
      assertEquals(1, above.get(1).events());
      String decoded = above.get(0).chunks().keySet().iterator().next();
      assertSame(ChunkIds.canonical(new String("a".toCharArray())), decoded,
          "decoded chunk ids are the canonical instances the re-rank reads from the index");

      List<PastQuery> wider = index.similar(q, 0.4f, 10);
      assertEquals(3, wider.size());
      assertEquals(0.5f, wider.get(2).similarity(), 1e-5);
      assertEquals(2, index.similar(q, 0.4f, 2).size(), "max limits the results");
      assertEquals(4, index.similar(q, -1f, 10).size());
      assertEquals(List.of(), index.similar(q, 0.4f, 0));
    }
  }

  @Test
  void similarExceptSkipsExactlyWhatForgettingTheSessionsDeletes() throws Exception {
    Random random = new Random(11);
    float[] shared = Fixtures.randomUnit(random, DIM);
    try (FeedbackIndex index = open(dir)) {
      for (int i = 0; i < 200; i++) {
        add(index, event("e" + i, "s" + (i % 20), Fixtures.randomUnit(random, DIM),
            "c" + (i % 7), Outcome.SUCCESS, T0 + i));
      }
      add(index, event("x1", "x", shared, "a", Outcome.SUCCESS, T0));
      add(index, event("y1", "y", shared, "b", Outcome.SUCCESS, T0));
      index.compact(); // one cluster of sessions x and y: skipping either skips it
      List<String> skipped = List.of("s3", "s17", "x", "y");
      List<float[]> queries = new ArrayList<>(List.of(shared));
      for (int i = 0; i < 20; i++) {
        queries.add(Fixtures.randomUnit(random, DIM));
      }
      List<List<PastQuery>> except = new ArrayList<>();
      for (float[] q : queries) {
        except.add(index.recorded().similar(q, 0.2f, 8, skipped));
        assertSameClusters(index.similar(q, 0.2f, 8),
            index.recorded().similar(q, 0.2f, 8, List.of()),
            "skipping no session is the plain lookup");
      }
      assertTrue(index.similar(shared, 0.2f, 8).get(0).similarity() > 0.99f);
      assertTrue(except.get(0).stream().noneMatch(p -> p.similarity() > 0.99f),
          "the merged cluster is skipped: " + except.get(0));
      for (String session : skipped) {
        index.forgetSession(session);
      }
      for (int i = 0; i < queries.size(); i++) {
        assertSameClusters(index.similar(queries.get(i), 0.2f, 8), except.get(i),
            "query " + i);
      }
    }
  }

  /** The same clusters in the same order, with the same similarities. */
  private static void assertSameClusters(List<PastQuery> expected, List<PastQuery> actual,
      String what) {
    assertEquals(expected.size(), actual.size(), what);
    for (int i = 0; i < expected.size(); i++) {
      assertEquals(expected.get(i).lastMillis(), actual.get(i).lastMillis(), what + " #" + i);
      assertEquals(expected.get(i).chunks(), actual.get(i).chunks(), what + " #" + i);
      assertEquals(expected.get(i).similarity(), actual.get(i).similarity(), 1e-5, what);
    }
  }

  @Test
  void theCallersVectorIsNotModified() throws Exception {
    try (FeedbackIndex index = open(dir)) {
      add(index, event("e", "s", axis(DIM, 0), "a", Outcome.SUCCESS, T0));
      float[] q = new float[DIM];
      q[0] = 3f;
      q[1] = 4f;
      float[] copy = q.clone();
      List<PastQuery> hits = index.similar(q, 0.5f, 5);
      assertArrayEquals(copy, q);
      assertEquals(1, hits.size());
      assertEquals(0.6f, hits.get(0).similarity(), 1e-5, "the query is normalised in a copy");
    }
  }

  @Test
  void aWrongDimensionIsAClearError() throws Exception {
    try (FeedbackIndex index = open(dir)) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> index.similar(new float[DIM + 1], 0.5f, 5));
      assertTrue(e.getMessage().contains((DIM + 1) + " dimensions")
          && e.getMessage().contains("expects " + DIM), e.getMessage());
      float[] wrong = Fixtures.normalize(new float[] {1, 1, 1});
      IllegalArgumentException onAdd = assertThrows(IllegalArgumentException.class,
          () -> add(index, event("e", "s", wrong, "a", Outcome.SUCCESS, T0)));
      assertTrue(onAdd.getMessage().contains("event e has a vector of 3 dimensions"),
          onAdd.getMessage());
      assertThrows(IllegalArgumentException.class,
          () -> index.similar(new float[DIM], 0.5f, 5), "a zero vector has no direction");
      assertThrows(IllegalArgumentException.class,
          () -> index.similar(axis(DIM, 0), Float.NaN, 5));
      assertThrows(IllegalArgumentException.class,
          () -> index.similar(axis(DIM, 0), 0.5f, -1));
      assertEquals(0, index.recorded().clusters().size(), "nothing was added");
    }
  }

  @Test
  void evidenceHalvesAtOneHalfLife() throws Exception {
    try (FeedbackIndex index = open(dir)) {
      add(index, event("e", "s", axis(DIM, 0), "a", Outcome.SUCCESS, T0));
      assertEquals(1.0, clicks(index), 1e-12);
      clock.set(T0 + 30 * DAY);
      assertEquals(0.5, clicks(index), 1e-12);
      clock.set(T0 + 60 * DAY);
      assertEquals(0.25, clicks(index), 1e-12);
      assertEquals(T0, index.similar(axis(DIM, 0), 0.9f, 1).get(0).lastMillis());
      clock.set(T0 - DAY);
      assertEquals(1.0, clicks(index), 1e-12, "an event from the future is not amplified");
    }
  }

  @Test
  void anEventStampedAheadOfTheClockDoesNotDecayTheEventsItJoins() throws Exception {
    try (FeedbackIndex index = open(dir)) {
      add(index, event("now", "s1", axis(DIM, 0), "a", Outcome.SUCCESS, T0));
      add(index, event("ahead", "s1", axis(DIM, 0), "b", Outcome.SUCCESS, T0 + 365 * DAY));
      List<PastQuery> found = index.similar(axis(DIM, 0), 0.7f, 10);
      assertEquals(1, found.size(), "one cluster");
      assertEquals(1.0, found.getFirst().evidence("a").clicks(), 1e-9,
          "a was clicked now: not decayed by the year the other event's clock was ahead");
      assertEquals(T0, found.getFirst().lastMillis(), "the event ahead counts as of now");
    }
  }

  @Test
  void noHalfLifeMeansNoDecay() throws Exception {
    try (FeedbackIndex index = TestIndexes.open(dir,
        TestIndexes.config(DIM, clock, null, FeedbackIndexConfig.DEFAULT_TTL))) {
      add(index, event("e", "s", axis(DIM, 0), "a", Outcome.SUCCESS, T0));
      clock.set(T0 + 365 * DAY);
      assertEquals(1.0, clicks(index), 1e-12);
    }
  }

  /** The clicks on "a" as they count now; the gathered evidence itself is never changed. */
  private static double clicks(FeedbackIndex index) throws Exception {
    PastQuery found = index.similar(axis(DIM, 0), 0.9f, 1).get(0);
    assertEquals(1.0, found.chunks().get("a").clicks(), "decay scales, it does not rewrite");
    return found.evidence("a").clicks();
  }

  @Test
  void aSessionOverItsEventBudgetSharesItAndNeverPushesOthersOut() throws Exception {
    float[] q = axis(DIM, 0);
    int budget = SessionBudget.EVENTS;
    try (FeedbackIndex index = open(dir)) {
      add(index, event("legit", "honest", Fixtures.at(0.8f, q, axis(DIM, 1)), "a",
          Outcome.SUCCESS, T0));
      for (int i = 0; i < 4 * budget; i++) { // one cluster per event: each its own direction
        float[] near = Fixtures.at(0.9f + 0.0009f * i, q, axis(DIM, 2 + i % (DIM - 2)));
        add(index, event("spam" + i, "spammer", near, "x", Outcome.SUCCESS, T0 + i));
      }
      List<PastQuery> found = index.similar(q, 0.7f, 2);
      assertEquals(1.0, found.stream().filter(p -> p.sessions().isEmpty()
          || p.share() == 1.0).count(), "the honest past query is kept though 80 are closer");
      for (PastQuery past : found) {
        assertEquals(past.chunks().containsKey("a") ? 1.0 : 0.25, past.share(), 1e-12,
            "within the budget a session counts in full; 4 times over it, a quarter");
      }
      assertEquals(3, found.size(), "two of the spammer's, one honest");
    }
  }
}
