/**
 * How far relearn trusts the vote of similar past queries, fit from the click log itself: {@link
 * dev.relearn.lucene.trust.VotePairs} turns one logged query into preferences (a clicked chunk over
 * an examined, skipped one, with the difference of their votes); {@link
 * dev.relearn.lucene.trust.TrustFit} fits a one-coefficient pairwise logistic model to them with
 * progressive validation; {@link dev.relearn.lucene.trust.Trust} is the result, which sets the
 * vote's weight in {@link dev.relearn.lucene.rerank.LinearModel}. Lucene-free and deterministic;
 * docs/RANKING.md gives the formulas.
 */
package dev.relearn.lucene.trust;
