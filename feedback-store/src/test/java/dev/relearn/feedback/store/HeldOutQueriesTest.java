package dev.relearn.feedback.store;

import static dev.relearn.feedback.store.StoreFixture.event;
import static dev.relearn.feedback.store.StoreFixture.unit;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.relearn.lucene.embed.VectorChecks;
import dev.relearn.lucene.feedback.PastQuery;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the trust is fit on leaves out the sessions over their event budget, as voters too. */
class HeldOutQueriesTest {
  private static final long T0 = 1_700_000_000_000L;

  @TempDir Path tmp;

  @Test
  void aSpammingSessionNeitherIsFitOnNorVotesInTheFit() throws Exception {
    float[] topic = unit(1);
    List<String> sessions = new ArrayList<>();
    List<PastQuery> voters = new ArrayList<>();
    try (StoreFixture fixture = new StoreFixture(tmp, T0);
        FeedbackStore store = fixture.open(ForgetAllFollowUp.NONE)) {
      for (int i = 0; i < 4; i++) { // honest sessions, one event each, all about the topic
        store.record(event("h" + i, "honest" + i, near(topic, i), "c" + i, T0 + i));
      }
      for (int i = 0; i < 60; i++) { // 3 times its budget, each event its own past query
        store.record(event("s" + i, "spammer", near(topic, 10 + i), "c0", T0 + 10 + i));
      }
      store.forEachHeldOut(0.5f, 10, 4_000, (session, logged, others) -> {
        sessions.add(session);
        voters.addAll(others);
      });
    }
    assertEquals(4, sessions.size(), "the four honest sessions are fit on: " + sessions);
    assertFalse(voters.isEmpty(), "each honest query has honest neighbours");
    for (PastQuery voter : voters) {
      assertEquals(1.0, voter.share(), "a spammer's past query voted in the fit");
    }
  }

  @Test
  void aRenamedChunkIsFitOnUnderTheIdItsVotesNameIt() throws Exception {
    float[] topic = unit(1);
    List<String> logged = new ArrayList<>();
    List<String> voted = new ArrayList<>();
    try (StoreFixture fixture = new StoreFixture(tmp, T0);
        FeedbackStore store = fixture.open(ForgetAllFollowUp.NONE)) {
      for (int i = 0; i < 2; i++) {
        store.record(event("h" + i, "honest" + i, near(topic, i), "c0", T0 + i));
      }
      store.renameChunks(Map.of("c0", "c9")); // its file moved: the chunk has a new id
      store.forEachHeldOut(0.5f, 10, 4_000, (session, evidence, others) -> {
        logged.addAll(evidence.keySet());
        others.forEach(other -> voted.addAll(other.chunks().keySet()));
      });
    }
    assertEquals(List.of("c9", "c9"), voted, "the votes name the chunk by its new id");
    assertEquals(List.of("c9", "c9"), logged, "so must what each session did");
  }

  /** {@code topic} turned a little towards a seeded direction: cosine about 0.9 to it. */
  private static float[] near(float[] topic, long seed) {
    float[] other = unit(100 + seed);
    float[] v = new float[topic.length];
    for (int i = 0; i < v.length; i++) {
      v[i] = topic[i] + 0.45f * other[i];
    }
    return VectorChecks.normalize(v);
  }
}
