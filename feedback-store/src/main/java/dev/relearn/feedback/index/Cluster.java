package dev.relearn.feedback.index;

import dev.relearn.lucene.feedback.ChunkEvidence;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * One query cluster: a query vector (the centroid of the merged events) and
 * what its events taught, per session and per chunk. Immutable; the centroid is copied in and
 * out, and never appears in {@link #toString()}.
 *
 * <p>Evidence is stored as of {@link #lastMillis()}: when events merge, older evidence is first
 * decayed to the newest event's time. It is not decayed to "now"; {@link Decay} does that.
 *
 * @param id the cluster id, random, given when its first event founded it
 * @param centroid the unit-length, count-weighted mean of its events' query vectors
 * @param eventIds every event merged into it, oldest merge first
 * @param sessions every session that contributed an event, even one that taught nothing
 * @param evidence per session (a subset of {@code sessions}), per chunk id, the capped evidence
 * @param firstMillis the earliest event time
 * @param lastMillis the latest event time
 * @param tally counts by signal class and outcome; as many events as {@code eventIds}
 */
public record Cluster(String id, float[] centroid, List<String> eventIds, Set<String> sessions,
    Map<String, Map<String, ChunkEvidence>> evidence, long firstMillis, long lastMillis,
    EventTally tally) {
  /** Validates and copies everything, naming the bad value. */
  public Cluster {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(centroid, "centroid");
    Objects.requireNonNull(tally, "tally");
    if (id.isBlank()) {
      throw new IllegalArgumentException("cluster id must not be blank");
    }
    if (centroid.length == 0) {
      throw new IllegalArgumentException("cluster " + id + " has an empty centroid");
    }
    for (int i = 0; i < centroid.length; i++) {
      if (!Float.isFinite(centroid[i])) {
        throw new IllegalArgumentException("cluster " + id + " centroid has " + centroid[i]
            + " at component " + i);
      }
    }
    centroid = centroid.clone();
    eventIds = List.copyOf(eventIds);
    if (eventIds.isEmpty() || new HashSet<>(eventIds).size() != eventIds.size()) {
      throw new IllegalArgumentException("cluster " + id
          + " needs at least one event id and no repeats, got " + eventIds.size() + " ids");
    }
    if (tally.events() != eventIds.size()) {
      throw new IllegalArgumentException("cluster " + id + " tallies " + tally.events()
          + " events but holds " + eventIds.size() + " event ids");
    }
    sessions = sortedCopy(sessions);
    if (sessions.isEmpty()) {
      throw new IllegalArgumentException("cluster " + id + " needs at least one session");
    }
    evidence = deepCopy(evidence);
    for (String session : evidence.keySet()) {
      if (!sessions.contains(session)) {
        throw new IllegalArgumentException("cluster " + id + " has evidence of session "
            + session + " which is not among its sessions");
      }
    }
    if (firstMillis < 0 || lastMillis < firstMillis) {
      throw new IllegalArgumentException("cluster " + id + " needs 0 <= first <= last, got: first="
          + firstMillis + ", last=" + lastMillis);
    }
  }

  private static SortedSet<String> sortedCopy(Set<String> values) {
    SortedSet<String> copy = new TreeSet<>();
    for (String value : values) {
      if (value == null || value.isBlank()) {
        throw new IllegalArgumentException("session hashes must not be blank, got: '" + value
            + "'");
      }
      copy.add(value);
    }
    return Collections.unmodifiableSortedSet(copy);
  }

  private static Map<String, Map<String, ChunkEvidence>> deepCopy(
      Map<String, Map<String, ChunkEvidence>> evidence) {
    SortedMap<String, Map<String, ChunkEvidence>> copy = new TreeMap<>();
    evidence.forEach((session, chunks) -> {
      SortedMap<String, ChunkEvidence> inner = new TreeMap<>();
      chunks.forEach((chunkId, value) -> {
        if (chunkId == null || chunkId.isBlank() || value == null) {
          throw new IllegalArgumentException("evidence needs a chunk id and a value, got: '"
              + chunkId + "' -> " + value);
        }
        inner.put(chunkId, value);
      });
      if (!inner.isEmpty()) {
        copy.put(session, Collections.unmodifiableSortedMap(inner));
      }
    });
    return Collections.unmodifiableSortedMap(copy);
  }

  /** A copy of the centroid. */
  @Override
  public float[] centroid() {
    return centroid.clone();
  }

  /** The centroid itself, not a copy: the table, its graph and merges share it, never change it. */
  float[] sharedCentroid() {
    return centroid;
  }

  /** How many events were merged into this cluster. */
  public int events() {
    return eventIds.size();
  }

  /** Whether any event taught something. */
  public boolean learned() {
    return !evidence.isEmpty();
  }

  /** The evidence per chunk, summed over sessions (each already capped), as of the last event. */
  public Map<String, ChunkEvidence> chunks() {
    SortedMap<String, ChunkEvidence> total = new TreeMap<>();
    evidence.values().forEach(chunks -> chunks.forEach((chunkId, value) ->
        total.merge(chunkId, value, ChunkEvidence::plus)));
    return Collections.unmodifiableSortedMap(total);
  }

  /** Equality by content, comparing the centroid's components. */
  @Override
  public boolean equals(Object other) {
    return other instanceof Cluster c && id.equals(c.id)
        && java.util.Arrays.equals(centroid, c.centroid) && eventIds.equals(c.eventIds)
        && sessions.equals(c.sessions) && evidence.equals(c.evidence)
        && firstMillis == c.firstMillis && lastMillis == c.lastMillis && tally.equals(c.tally);
  }

  @Override
  public int hashCode() {
    return Objects.hash(id, eventIds, lastMillis);
  }

  /** A description without the centroid. */
  @Override
  public String toString() {
    return "Cluster[" + id + ", events=" + eventIds.size() + ", sessions=" + sessions.size()
        + ", chunks=" + chunks().size() + ", first=" + firstMillis + ", last=" + lastMillis + "]";
  }
}
