/**
 * Paired significance tests for comparing two systems query by query: Fisher's randomisation
 * (permutation) test, seeded, as recommended for IR by Smucker, Allan and Carterette (2007), and
 * Student's paired t-test. Pure Java: no index, no engine.
 */
package dev.relearn.eval.stats;
