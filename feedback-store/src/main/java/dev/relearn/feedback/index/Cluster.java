package dev.relearn.feedback.index;

import dev.relearn.lucene.feedback.ChunkEvidence;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * One query cluster: the centroid of the merged events' query vectors and what they taught, per
 * session and per chunk, packed ({@link PackedEvidence}). Immutable; the centroid is copied in and
 * out, never in {@link #toString()}. Evidence is as of {@link #lastMillis()} (older evidence is
 * decayed to it on a merge; {@link Decay} takes it to "now").
 */
public final class Cluster {
  private final String id;
  private final float[] centroid;
  private final List<String> eventIds;
  private final Set<String> sessions;
  private final PackedEvidence evidence;
  private final long firstMillis;
  private final long lastMillis;
  private final EventTally tally;

  /** Validates (naming the bad value) and copies everything; the accessors say what each is. */
  public Cluster(String id, float[] centroid, List<String> eventIds, Set<String> sessions,
      Map<String, Map<String, ChunkEvidence>> evidence, long firstMillis, long lastMillis,
      EventTally tally) {
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
    this.id = id;
    this.centroid = centroid.clone();
    this.eventIds = List.copyOf(eventIds);
    if (this.eventIds.isEmpty() || new HashSet<>(eventIds).size() != eventIds.size()) {
      throw new IllegalArgumentException("cluster " + id
          + " needs at least one event id and no repeats, got " + eventIds.size() + " ids");
    }
    if (tally.events() != eventIds.size()) {
      throw new IllegalArgumentException("cluster " + id + " tallies " + tally.events()
          + " events but holds " + eventIds.size() + " event ids");
    }
    this.sessions = sortedCopy(sessions);
    if (this.sessions.isEmpty()) {
      throw new IllegalArgumentException("cluster " + id + " needs at least one session");
    }
    this.evidence = PackedEvidence.of(sortedCopy(evidence));
    for (String session : this.evidence.sessions()) {
      if (!this.sessions.contains(session)) {
        throw new IllegalArgumentException("cluster " + id + " has evidence of session "
            + session + " which is not among its sessions");
      }
    }
    if (firstMillis < 0 || lastMillis < firstMillis) {
      throw new IllegalArgumentException("cluster " + id + " needs 0 <= first <= last, got: first="
          + firstMillis + ", last=" + lastMillis);
    }
    this.firstMillis = firstMillis;
    this.lastMillis = lastMillis;
    this.tally = tally;
  }

  private static Set<String> sortedCopy(Set<String> values) {
    TreeSet<String> copy = new TreeSet<>();
    for (String value : values) {
      if (value == null || value.isBlank()) {
        throw new IllegalArgumentException("session hashes must not be blank, got: '" + value
            + "'");
      }
      copy.add(value);
    }
    return copy.size() == 1 ? Set.of(copy.first()) : Collections.unmodifiableSortedSet(copy);
  }

  private static SortedMap<String, SortedMap<String, ChunkEvidence>> sortedCopy(
      Map<String, Map<String, ChunkEvidence>> evidence) {
    SortedMap<String, SortedMap<String, ChunkEvidence>> copy = new TreeMap<>();
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
        copy.put(session, inner);
      }
    });
    return copy;
  }

  /** The cluster id, random, given when its first event founded it. */
  public String id() {
    return id;
  }

  /** A copy of the centroid: the unit-length, count-weighted mean of its events' vectors. */
  public float[] centroid() {
    return centroid.clone();
  }

  /** The centroid itself, not a copy: the table, its graph and merges share it, never change it. */
  float[] sharedCentroid() {
    return centroid;
  }

  /** Every event merged into it, oldest merge first. */
  public List<String> eventIds() {
    return eventIds;
  }

  /** Every session that contributed an event, even one that taught nothing; sorted. */
  public Set<String> sessions() {
    return sessions;
  }

  /** Per session that taught something, per chunk id, the capped evidence; sorted maps. */
  public Map<String, Map<String, ChunkEvidence>> evidence() {
    return evidence.unpacked();
  }

  /** The earliest event time. */
  public long firstMillis() {
    return firstMillis;
  }

  /** The latest event time. */
  public long lastMillis() {
    return lastMillis;
  }

  /** Counts by signal class and outcome. */
  public EventTally tally() {
    return tally;
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
    return evidence.summed();
  }

  /** Equality by content, comparing the centroid's components. */
  @Override
  public boolean equals(Object other) {
    return other instanceof Cluster c && id.equals(c.id)
        && Arrays.equals(centroid, c.centroid) && eventIds.equals(c.eventIds)
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
