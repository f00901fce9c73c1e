/**
 * The feedback event log: an append-only, checksummed, generation-based log in the style of
 * Elasticsearch's translog ({@link dev.relearn.feedback.log.Translog}). Payloads (encoded events,
 * with query vectors) are never logged or printed.
 */
package dev.relearn.feedback.log;
