/**
 * The feedback event: what was shown, what was used, how the task ended, and the query only as a
 * vector. Also its binary form, the signal classes, the learning thresholds and session hashing.
 */
package dev.relearn.feedback.event;
