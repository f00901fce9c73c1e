/**
 * Simple simulated feedback through the public API ({@link
 * dev.relearn.eval.learning.SimulatedFeedback}): each query's relevant top results are used, no
 * click model. {@code relearn bench --feedback-split} records it before timing the learned mode.
 * The learning experiments themselves are in {@code experiment}.
 */
package dev.relearn.eval.learning;
