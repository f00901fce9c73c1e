package dev.relearn.lucene.feedback;

import java.util.Map;

/**
 * What was learned from one past query, or from a merged cluster of near-identical past queries,
 * that resembles the current one. The past query's text is not known: only its vector was kept.
 *
 * @param similarity dot product of the past and the current query vectors, in [-1, 1] (0.001
 *     beyond either end is accepted as rounding)
 * @param events how many feedback events this evidence merges (at least 1)
 * @param chunks per chunk id (the re-ranker's id-field value), the evidence gathered (already
 *     decayed and capped)
 * @param lastMillis when the latest of its events happened (informational: the re-ranker's
 *     boost does not use it; decay is the lookup's job, already in {@code chunks})
 */
public record PastQuery(float similarity, int events, Map<String, ChunkEvidence> chunks,
    long lastMillis) {
  /** Validates and copies. */
  public PastQuery {
    if (!(similarity >= -1.001f && similarity <= 1.001f)) {
      throw new IllegalArgumentException("similarity must be in [-1, 1], got: " + similarity);
    }
    if (events < 1) {
      throw new IllegalArgumentException("events must be at least 1, got: " + events);
    }
    chunks = Map.copyOf(chunks);
  }
}
