/**
 * The feedback event: what was shown, what was used, how the task ended, and the query only as a
 * vector. Also its binary form, the signal classes, the learning thresholds, per-session caps,
 * session hashing and the optional protection of stored query vectors.
 */
package dev.relearn.feedback.event;
