package dev.relearn.feedback.index;

import static dev.relearn.feedback.index.Fixtures.T0;
import static dev.relearn.feedback.index.Fixtures.add;
import static dev.relearn.feedback.index.Fixtures.event;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.feedback.index.Fixtures.FakeClock;
import dev.relearn.lucene.feedback.ChunkEvidence;
import dev.relearn.lucene.feedback.Outcome;
import dev.relearn.lucene.feedback.PastQuery;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FeedbackIndexMergeTest {
  private static final int DIM = 32;

  @TempDir
  Path dir;

  private FeedbackIndex open() throws Exception {
    return TestIndexes.open(dir, TestIndexes.config(DIM, new FakeClock(T0 + 1000), null,
        FeedbackIndexConfig.DEFAULT_TTL)); // the tests' events are of the last second
  }

  @Test
  void aDuplicateEventIdChangesNothing() throws Exception {
    Random random = new Random(1);
    try (FeedbackIndex index = open()) {
      float[] v = Fixtures.randomUnit(random, DIM);
      assertEquals(AddResult.ADDED, add(index, event("e1", "s", v, "a", Outcome.SUCCESS, T0)));
      List<PastQuery> before = index.similar(v, 0.5f, 5);
      assertEquals(AddResult.DUPLICATE, add(index,
          event("e1", "s", Fixtures.randomUnit(random, DIM), "b", Outcome.FAILURE, T0 + 5)));
      assertEquals(AddResult.DUPLICATE, add(index,
          event("e1", "other", v, "a", Outcome.SUCCESS, T0)));
      assertEquals(before, index.similar(v, 0.5f, 5));
      FeedbackStats stats = index.recorded().stats();
      assertEquals(1, stats.clusters());
      assertEquals(1, stats.events());
      assertEquals(1, stats.sessions());
    }
  }

  @Test
  void nearDuplicatesMergeWithinASessionOnly() throws Exception {
    Random random = new Random(2);
    try (FeedbackIndex index = open()) {
      float[] v = Fixtures.randomUnit(random, DIM);
      assertEquals(AddResult.ADDED, add(index, event("a1", "A", v, "x", Outcome.SUCCESS, T0)));
      assertEquals(AddResult.MERGED, add(index,
          event("a2", "A", Fixtures.near(v, 0.05, random), "x", Outcome.SUCCESS, T0 + 10)));
      assertEquals(AddResult.ADDED, add(index,
          event("b1", "B", Fixtures.near(v, 0.05, random), "x", Outcome.SUCCESS, T0 + 20)),
          "another session's near-duplicate does not merge");
      assertEquals(AddResult.ADDED, add(index,
          event("a3", "A", Fixtures.randomUnit(random, DIM), "x", Outcome.SUCCESS, T0 + 30)),
          "a dissimilar query of the same session does not merge");
      assertEquals(3, index.recorded().clusters().size());
      assertTrue(index.recorded().contains("a2"));

      List<PastQuery> hits = index.similar(v, 0.9f, 10);
      assertEquals(2, hits.size());
      PastQuery merged = hits.stream().filter(h -> h.events() == 2).findFirst().orElseThrow();
      assertEquals(new ChunkEvidence(2, 2, 2, 0), merged.chunks().get("x"));
      assertEquals(T0 + 10, merged.lastMillis());
      List<Cluster> clusters = new ArrayList<>();
      clusters.addAll(index.recorded().clusters());
      Cluster ofA1 = clusters.stream().filter(c -> c.eventIds().contains("a1")).findFirst()
          .orElseThrow();
      assertEquals(List.of("a1", "a2"), ofA1.eventIds());
      assertEquals(T0, ofA1.firstMillis());
      float[] centroid = ofA1.centroid();
      double norm = 0;
      double toV = 0;
      for (int i = 0; i < DIM; i++) {
        norm += centroid[i] * centroid[i];
        toV += centroid[i] * v[i];
      }
      assertEquals(1.0, norm, 1e-5, "the centroid stays unit length");
      assertTrue(toV > 0.99, "the centroid stays near the queries, got " + toV);
    }
  }

  @Test
  void oneSessionSpammingAChunkEndsCapped() throws Exception {
    Random random = new Random(3);
    try (FeedbackIndex index = open()) {
      float[] v = Fixtures.randomUnit(random, DIM);
      for (int i = 0; i < 50; i++) {
        add(index, event("spam" + i, "spammer", Fixtures.near(v, 0.02, random), "bad",
            Outcome.SUCCESS, T0 + i));
      }
      add(index, event("honest", "honest", Fixtures.near(v, 0.02, random), "bad",
          Outcome.SUCCESS, T0));
      assertEquals(2, index.recorded().clusters().size());
      FeedbackStats stats = index.recorded().stats();
      assertEquals(51, stats.events());
      List<PastQuery> hits = index.similar(v, 0.9f, 10);
      assertEquals(50, hits.stream().mapToInt(PastQuery::events).max().orElseThrow());
      ChunkEvidence spam = hits.stream().filter(h -> h.events() == 50).findFirst().orElseThrow()
          .chunks().get("bad");
      assertEquals(new ChunkEvidence(3, 3, 3, 0), spam, "capped at 3, its click rate of 1 kept");
      double totalClicks = hits.stream().mapToDouble(h -> h.chunks().get("bad").clicks()).sum();
      assertEquals(4.0, totalClicks, 1e-9);
    }
  }

  @Test
  void compactionMergesNearIdenticalClustersAcrossSessions() throws Exception {
    try (FeedbackIndex index = open()) {
      Random random = new Random(42);
      int centers = 5;
      int members = 8;
      float[][] center = new float[centers][];
      for (int c = 0; c < centers; c++) {
        center[c] = Fixtures.randomUnit(random, DIM);
      }
      for (int m = 0; m < members; m++) {
        for (int c = 0; c < centers; c++) {
          AddResult result = add(index, event("e-" + c + "-" + m, "s-" + c + "-" + m,
              Fixtures.near(center[c], 0.03, random), "chunk" + c, Outcome.SUCCESS, T0 + m));
          assertEquals(AddResult.ADDED, result, "sessions differ: no merge on add");
        }
      }
      CompactionReport report = index.compact();
      assertEquals("compacted 40 → 5", report.toString());
      assertEquals(35, report.merged());
      assertEquals(5, index.recorded().clusters().size());
      assertEquals(40, index.recorded().stats().events());
      List<Cluster> clusters = new ArrayList<>();
      clusters.addAll(index.recorded().clusters());
      for (Cluster cluster : clusters) {
        assertEquals(members, cluster.events());
        assertEquals(members, cluster.sessions().size());
        Map<String, ChunkEvidence> chunks = cluster.chunks();
        assertEquals(1, chunks.size(), "one center's chunk only: " + cluster);
        assertEquals(members, chunks.values().iterator().next().clicks(), 1e-9);
      }
      assertEquals("compacted 5 → 5", index.compact().toString());
      assertEquals(0, index.forgetSession("s-3-5"),
          "after compaction forgetting one session takes its event out of the merged cluster");
      assertEquals(5, index.recorded().clusters().size());
      assertTrue(!index.recorded().contains("e-3-5") && index.recorded().contains("e-3-0"));
      Cluster rebuilt = clusters(index).stream().filter(c -> c.eventIds().contains("e-3-0"))
          .findFirst().orElseThrow();
      assertEquals(members - 1, rebuilt.events(), "the others' events stay, merged");
      assertTrue(!rebuilt.sessions().contains("s-3-5"));
      assertEquals(members - 1, rebuilt.chunks().get("chunk3").clicks(), 1e-9);
      List<List<String>> derived = clusters(index).stream().map(Cluster::eventIds).toList();
      try (FeedbackIndex reopened = reopen(index)) {
        assertEquals(derived, clusters(reopened).stream().map(Cluster::eventIds).toList(),
            "a reopened index derives the same clusters");
      }
    }
  }

  private static List<Cluster> clusters(FeedbackIndex index) {
    return index.recorded().clusters();
  }

  /** Commits and closes {@code index}, and opens its folder again. */
  private FeedbackIndex reopen(FeedbackIndex index) throws Exception {
    index.commit(Map.of());
    index.close();
    return open();
  }
}
