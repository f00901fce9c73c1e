/**
 * The second stage of a relearn search: a learned re-ranker, built as separate pieces in the
 * manner of o19s LTR (features, model, ranker).
 *
 * <ul>
 *   <li>{@link dev.relearn.lucene.rerank.Candidate}: a first-stage hit and what the index knows
 *       about it (chunk id, path, kind, learned values);
 *   <li>{@link dev.relearn.lucene.rerank.BoostEstimator}, {@link
 *       dev.relearn.lucene.rerank.UsageSignals} and {@link
 *       dev.relearn.lucene.rerank.FeatureExtractor}: Lucene-free feature computation into {@link
 *       dev.relearn.lucene.rerank.CandidateFeatures};
 *   <li>{@link dev.relearn.lucene.rerank.MinMaxNormaliser}: the normaliser, a step of its own:
 *       the window's first-stage and stage scores min-max normalised (held by {@link
 *       dev.relearn.lucene.rerank.WindowStats});
 *   <li>{@link dev.relearn.lucene.rerank.Feature} and {@link
 *       dev.relearn.lucene.rerank.LinearModel}: the named features, one weight per feature (a
 *       {@code double[]} indexed by the enum's ordinal), a score that is their dot product with
 *       the boost capped, and an exact Lucene {@code Explanation} of it;
 *   <li>{@link dev.relearn.lucene.rerank.LearnedRescorer}: the Lucene {@code Rescorer} that reads
 *       the index ({@code CandidateReader}), scores every candidate of the window with the
 *       pieces above and sorts them into a {@link dev.relearn.lucene.rerank.RerankWindow}, an
 *       immutable value that explains every score; the rescorer itself is stateless.
 * </ul>
 *
 * <p>The invariant that holds the design together: with no feedback evidence, neutral learned
 * values and no request context, every term except relevance is exactly {@code +0.0}, relevance is
 * a monotone transform of the first-stage score, and ties keep the first-stage order, so the
 * re-ranked order is exactly the first stage's.
 *
 * <p>The formula, its symbols ({@code w}, {@code x}, {@code s = n/(n+k)}, {@code b}, the caps)
 * and every default are in docs/RANKING.md; the javadoc here names them and does not restate it.
 */
package dev.relearn.lucene.rerank;
