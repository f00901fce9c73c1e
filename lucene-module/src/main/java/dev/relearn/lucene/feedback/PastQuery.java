package dev.relearn.lucene.feedback;

import dev.relearn.lucene.schema.Require;
import java.util.Map;
import java.util.Set;

/**
 * What was learned from one past query, or from a merged cluster of near-identical past queries,
 * that resembles the current one. The past query's text is not known: only its vector was kept.
 *
 * <p>Its evidence counts now as {@code chunks} times {@code scale}: a lookup that decays evidence
 * with age says so through {@code scale} instead of copying every chunk's counts ({@link
 * #evidence} gives them scaled).
 *
 * @param similarity dot product of the past and the current query vectors, in [-1, 1] (0.001
 *     beyond either end is accepted as rounding)
 * @param events how many feedback events this evidence merges (at least 1)
 * @param chunks per chunk id (the re-ranker's id-field value), the evidence gathered (already
 *     capped), before {@code scale}
 * @param lastMillis when the latest of its events happened (informational: the re-ranker's
 *     boost does not use it; decay is the lookup's job, through {@code scale})
 * @param scale how much every count of {@code chunks} counts now, in [0, 1]: the decay since
 *     {@code lastMillis}, or 1 for none
 * @param sessions the (hashed) sessions whose events it merges, so that one session's many past
 *     queries count as one voice; empty when unknown, and then it counts as a session of its own
 * @param share how much its sessions' voice counts, in (0, 1]: 1 for sessions within their event
 *     budget; a session that sent more events than the budget shares it among them (the lookup
 *     says how much, e.g. {@code budget / events}). It scales the evidence like {@code scale},
 *     and it is what each of its sessions counts for in the re-ranker's per-session limits
 */
public record PastQuery(float similarity, int events, Map<String, ChunkEvidence> chunks,
    long lastMillis, double scale, Set<String> sessions, double share) {
  /** Validates and copies. */
  public PastQuery {
    if (!(similarity >= -1.001f && similarity <= 1.001f)) {
      throw new IllegalArgumentException("similarity must be in [-1, 1], got: " + similarity);
    }
    Require.atLeastOne("events", events);
    Require.inUnitInterval("scale", scale);
    if (!(share > 0 && share <= 1)) {
      throw new IllegalArgumentException("share must be in (0, 1], got: " + share);
    }
    chunks = Map.copyOf(chunks);
    sessions = Set.copyOf(sessions);
  }

  /** Whether its sessions are within their event budget: {@code share} 1. */
  public boolean withinBudget() {
    return share == 1.0;
  }

  /** A past query whose sessions count in full ({@code share} 1). */
  public PastQuery(float similarity, int events, Map<String, ChunkEvidence> chunks,
      long lastMillis, double scale, Set<String> sessions) {
    this(similarity, events, chunks, lastMillis, scale, sessions, 1.0);
  }

  /** A past query of unknown sessions whose evidence counts in full ({@code scale} 1). */
  public PastQuery(float similarity, int events, Map<String, ChunkEvidence> chunks,
      long lastMillis) {
    this(similarity, events, chunks, lastMillis, 1.0, Set.of());
  }

  /** {@code chunkId}'s evidence as it counts now (scaled), or null when there is none. */
  public ChunkEvidence evidence(String chunkId) {
    ChunkEvidence gathered = chunks.get(chunkId);
    return gathered == null || scale == 1.0 ? gathered : gathered.scaled(scale);
  }
}
