/**
 * The feedback event log: an append-only, checksummed, generation-based log in the style of
 * Elasticsearch's translog. {@link dev.relearn.feedback.log.Translog} appends opaque payloads
 * (encoded feedback events, which may contain query vectors: nothing here ever logs or prints a
 * payload), acknowledges them once durable (with group commit), replays them after a restart or a
 * crash — cutting off a torn tail and skipping damaged records — and drops generations the caller
 * has made durable elsewhere.
 *
 * <p>Typical life cycle: {@code open}, {@code replay} into the feedback index, then {@code append}
 * per event; periodically {@code rollGeneration}, commit the index, {@code trimUpTo} the rolled
 * sequence number.
 */
package dev.relearn.feedback.log;
