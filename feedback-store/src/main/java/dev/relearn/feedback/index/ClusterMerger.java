package dev.relearn.feedback.index;

import dev.relearn.feedback.event.FeedbackEvent;
import dev.relearn.feedback.event.SessionCap;
import dev.relearn.lucene.feedback.ChunkEvidence;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Builds clusters from events and merges clusters: the centroid is the count-weighted mean of both,
 * scaled to unit length; each side's evidence is decayed to the newer last event, then summed per
 * session and chunk and capped per session ({@link SessionCap}: clicks, successes and failures at
 * the cap, examinations at three times it, keeping the session's rates), so a session spamming one
 * chunk from near-identical queries moves it no further than the cap. An event stamped after now
 * (a clock set ahead) counts as of now: decayed to its time, the rest of the cluster would count
 * for nothing until then.
 */
final class ClusterMerger {
  private final double cap;
  private final Decay decay;
  private final InstantSource clock;

  ClusterMerger(double cap, Decay decay, InstantSource clock) {
    if (!(cap > 0) || Double.isInfinite(cap)) {
      throw new IllegalArgumentException("cap must be finite and > 0, got: " + cap);
    }
    this.cap = cap;
    this.decay = decay;
    this.clock = clock;
  }

  /** A single-event cluster of id {@code id}; {@code evidence} per chunk id, maybe empty. */
  Cluster create(String id, FeedbackEvent event, float[] unitVector,
      Map<String, ChunkEvidence> evidence) {
    Map<String, Map<String, ChunkEvidence>> bySession = new TreeMap<>();
    String session = event.sessionHash().intern(); // one instance, however many clusters
    if (!evidence.isEmpty()) {
      bySession.put(session, capped(evidence));
    }
    long at = Math.min(event.timestampMillis(), clock.millis());
    return new Cluster(id, unitVector, List.of(event.eventId()), Set.of(session), bySession, at,
        at, EventTally.of(event, !evidence.isEmpty()));
  }

  /** {@code cluster} with the event merged in; it keeps the cluster's id. */
  Cluster absorb(Cluster cluster, FeedbackEvent event, float[] unitVector,
      Map<String, ChunkEvidence> evidence) {
    return combine(cluster, create(cluster.id(), event, unitVector, evidence));
  }

  /** Both clusters as one, keeping {@code keep}'s id. */
  Cluster combine(Cluster keep, Cluster other) {
    long last = Math.max(keep.lastMillis(), other.lastMillis());
    Map<String, Map<String, ChunkEvidence>> sum = new TreeMap<>();
    add(sum, keep, decay.factor(keep.lastMillis(), last));
    add(sum, other, decay.factor(other.lastMillis(), last));
    sum.replaceAll((session, chunks) -> capped(chunks));
    List<String> eventIds = new ArrayList<>(keep.eventIds());
    eventIds.addAll(other.eventIds());
    Set<String> sessions = new HashSet<>(keep.sessions());
    sessions.addAll(other.sessions());
    return new Cluster(keep.id(), meanCentroid(keep, other), eventIds, sessions, sum,
        Math.min(keep.firstMillis(), other.firstMillis()), last,
        keep.tally().plus(other.tally()));
  }

  private static void add(Map<String, Map<String, ChunkEvidence>> sum, Cluster cluster,
      double factor) {
    cluster.evidence().forEach((session, chunks) -> {
      Map<String, ChunkEvidence> target = sum.computeIfAbsent(session, s -> new TreeMap<>());
      chunks.forEach((chunkId, value) -> target.merge(chunkId, value.scaled(factor),
          ChunkEvidence::plus));
    });
  }

  /** One session's evidence, each chunk capped keeping its rates (see the class comment). */
  Map<String, ChunkEvidence> capped(Map<String, ChunkEvidence> chunks) {
    Map<String, ChunkEvidence> out = new TreeMap<>();
    double examinationCap = cap * SessionCap.EXAMINATION_FACTOR;
    chunks.forEach((chunkId, value) -> {
      double use = SessionCap.factor(value.clicks(), cap, value.examinations(), examinationCap);
      double outcome = SessionCap.factor(value.successes(), cap, value.failures(), cap);
      out.put(chunkId, new ChunkEvidence(value.examinations() * use, value.clicks() * use,
          value.successes() * outcome, value.failures() * outcome));
    });
    return out;
  }


  private static float[] meanCentroid(Cluster a, Cluster b) {
    float[] x = a.sharedCentroid();
    float[] y = b.sharedCentroid();
    if (x.length != y.length) {
      throw new IllegalArgumentException("cannot merge cluster " + b.id() + " of " + y.length
          + " dimensions into cluster " + a.id() + " of " + x.length);
    }
    double wa = a.events();
    double wb = b.events();
    double[] mean = new double[x.length];
    double norm = 0;
    for (int i = 0; i < x.length; i++) {
      mean[i] = wa * x[i] + wb * y[i];
      norm += mean[i] * mean[i];
    }
    float[] out = new float[x.length];
    if (norm == 0) {
      return x; // opposite vectors of equal weight: no direction wins, keep the kept one's
    }
    double inv = 1.0 / Math.sqrt(norm);
    for (int i = 0; i < out.length; i++) {
      out[i] = (float) (mean[i] * inv);
    }
    return out;
  }
}
