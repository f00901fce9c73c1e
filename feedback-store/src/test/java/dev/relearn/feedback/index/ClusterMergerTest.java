package dev.relearn.feedback.index;

import static dev.relearn.feedback.index.Fixtures.DAY;
import static dev.relearn.feedback.index.Fixtures.T0;
import static dev.relearn.feedback.index.Fixtures.axis;
import static dev.relearn.feedback.index.Fixtures.event;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.feedback.event.FeedbackEvent;
import dev.relearn.feedback.event.SignalClass;
import dev.relearn.lucene.feedback.ChunkEvidence;
import dev.relearn.lucene.feedback.Outcome;
import java.time.Duration;
import java.time.InstantSource;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ClusterMergerTest {
  private final ClusterMerger merger = new ClusterMerger(3.0, Decay.of(Duration.ofDays(30)),
      InstantSource.system());

  private Cluster create(String id, String session, float[] vector, Outcome outcome, long t) {
    FeedbackEvent e = event(id, session, vector, "x", outcome, t);
    return merger.create(id, e, vector, Fixtures.evidence(e));
  }

  @Test
  void cappingKeepsTheSessionsClickAndSuccessRates() {
    ChunkEvidence capped = merger.capped(Map.of("x", new ChunkEvidence(24, 12, 5, 10))).get("x");
    assertEquals(new ChunkEvidence(6, 3, 1.5, 3), capped,
        "clicks 12 → 3 take examinations 24 → 6; failures 10 → 3 take successes 5 → 1.5");
    ChunkEvidence within = new ChunkEvidence(9, 3, 3, 3);
    assertEquals(within, merger.capped(Map.of("x", within)).get("x"), "within the caps: as is");
  }

  @Test
  void olderEvidenceIsDecayedToTheNewestEventBeforeSumming() {
    Cluster old = create("e1", "s", axis(4, 0), Outcome.SUCCESS, T0);
    FeedbackEvent later = event("e2", "s", axis(4, 0), "x", Outcome.SUCCESS, T0 + 30 * DAY);
    Cluster merged = merger.absorb(old, later, axis(4, 0), Fixtures.evidence(later));
    assertEquals(new ChunkEvidence(1.5, 1.5, 1.5, 0), merged.chunks().get("x"));
    assertEquals(T0 + 30 * DAY, merged.lastMillis());
    assertEquals(T0, merged.firstMillis());
    Cluster outOfOrder = merger.combine(create("e3", "s", axis(4, 0), Outcome.FAILURE,
        T0 + 30 * DAY), old);
    assertEquals(new ChunkEvidence(1.5, 1.5, 0.5, 1), outOfOrder.chunks().get("x"),
        "an older event merged later is decayed, the cluster's last time stays");
    assertEquals(T0 + 30 * DAY, outOfOrder.lastMillis());
  }

  @Test
  void theCentroidIsTheCountWeightedUnitMean() {
    Cluster a = create("a1", "s", axis(2, 0), Outcome.SUCCESS, T0);
    FeedbackEvent second = event("a2", "s", axis(2, 0), "x", Outcome.SUCCESS, T0);
    a = merger.absorb(a, second, axis(2, 0), Fixtures.evidence(second));
    Cluster b = create("b1", "t", axis(2, 1), Outcome.SUCCESS, T0);
    Cluster merged = merger.combine(a, b);
    float norm = (float) Math.sqrt(5);
    assertArrayEquals(new float[] {2 / norm, 1 / norm}, merged.centroid(), 1e-6f);
    assertEquals("a1", merged.id());
    assertEquals(Set.of("s", "t"), merged.sessions());
    assertEquals(3, merged.events());
    assertEquals(3, merged.tally().bySignal().get(SignalClass.STRONG));
  }

  @Test
  void capsApplyPerSessionNotPerCluster() {
    Cluster spam = create("s0", "spam", axis(2, 0), Outcome.SUCCESS, T0);
    for (int i = 1; i < 10; i++) {
      FeedbackEvent e = event("s" + i, "spam", axis(2, 0), "x", Outcome.SUCCESS, T0);
      spam = merger.absorb(spam, e, axis(2, 0), Fixtures.evidence(e));
    }
    assertEquals(new ChunkEvidence(3, 3, 3, 0), spam.chunks().get("x"),
        "capped at 3, its rates kept: used every time it was shown");
    Cluster other = create("o", "other", axis(2, 0), Outcome.SUCCESS, T0);
    Cluster both = merger.combine(spam, other);
    assertEquals(new ChunkEvidence(4, 4, 4, 0), both.chunks().get("x"));
    assertEquals(new ChunkEvidence(3, 3, 3, 0), both.evidence().get("spam").get("x"));
  }

  @Test
  void anAmbiguousEventIsRecordedButTeachesNothing() {
    FeedbackEvent e = event("e", "s", axis(2, 0), "x", Outcome.NONE, SignalClass.STRONG, 0.1, T0);
    Cluster c = merger.create(e.eventId(), e, axis(2, 0), Map.of());
    assertFalse(c.learned());
    assertEquals(0, c.tally().learned());
    assertEquals(Set.of("s"), c.sessions());
    assertTrue(c.chunks().isEmpty());
    assertFalse(c.toString().contains("0.0, "), "no vector in the description: " + c);
  }

  @Test
  void aClusterRejectsInconsistentContent() {
    Cluster c = create("e", "s", axis(2, 0), Outcome.SUCCESS, T0);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new Cluster("e", c.centroid(), c.eventIds(), Set.of("other"), c.evidence(), T0, T0,
            c.tally()));
    assertTrue(e.getMessage().contains("session s which is not among its sessions"),
        e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> new Cluster("e", c.centroid(),
        java.util.List.of("e", "f"), c.sessions(), c.evidence(), T0, T0, c.tally()));
    assertThrows(IllegalArgumentException.class, () -> new Cluster("e", c.centroid(),
        c.eventIds(), c.sessions(), c.evidence(), T0, T0 - 1, c.tally()));
  }
}
