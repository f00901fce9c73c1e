/**
 * The second stage of a relearn search: a learned re-ranker in separate pieces, after o19s LTR.
 * {@link dev.relearn.lucene.rerank.Candidate} is a first-stage hit with what the index knows of
 * it; {@link dev.relearn.lucene.rerank.FeatureExtractor} (with {@code BoostEstimator}, {@code
 * UsageSignals} and the window's {@code MinMaxNormaliser}s in {@code WindowStats}) computes its
 * {@link dev.relearn.lucene.rerank.CandidateFeatures}, Lucene-free; {@link
 * dev.relearn.lucene.rerank.LinearModel} scores them, one weight per {@link
 * dev.relearn.lucene.rerank.Feature}, and explains the score exactly; {@link
 * dev.relearn.lucene.rerank.LearnedRescorer}, a stateless Lucene {@code Rescorer}, reads the
 * index, scores the window and sorts it into a {@link dev.relearn.lucene.rerank.RerankWindow}.
 *
 * <p>The invariant: with no feedback evidence, neutral learned values and no request context,
 * every term but relevance is exactly {@code +0.0}, relevance is a monotone transform of the
 * first-stage score and ties keep the first-stage order, so the order is the first stage's.
 * The formula, its symbols ({@code w}, {@code x}, {@code s = n/(n+k)}, {@code b}, the caps) and
 * every default are in docs/RANKING.md; the javadoc here names them and does not restate it.
 */
package dev.relearn.lucene.rerank;
