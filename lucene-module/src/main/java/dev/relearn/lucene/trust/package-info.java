/**
 * How far relearn trusts the vote of similar past queries, fit from the click log itself.
 *
 * <ul>
 *   <li>{@link dev.relearn.lucene.trust.VotePairs}: one logged query's preferences, a clicked
 *       chunk over a chunk examined and skipped, each with the difference of their votes as
 *       other sessions' similar queries cast them;
 *   <li>{@link dev.relearn.lucene.trust.TrustFit}: a pairwise logistic model of those
 *       preferences with one coefficient, fit with progressive validation: each query's pairs
 *       are scored by the model fit on the queries before it, and the weight is granted only when
 *       those predictions beat "the vote says nothing";
 *   <li>{@link dev.relearn.lucene.trust.Trust}: the result, which sets the vote's weight in
 *       {@link dev.relearn.lucene.rerank.LinearModel}.
 * </ul>
 *
 * <p>Lucene-free and deterministic: the same pairs in the same order give the same trust.
 * docs/RANKING.md gives the formulas.
 */
package dev.relearn.lucene.trust;
