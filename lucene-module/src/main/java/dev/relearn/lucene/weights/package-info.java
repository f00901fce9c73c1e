/**
 * Online-learned ranking weights over the three signals a search combines (bm25, vector,
 * learned), per query class, from explicit ratings ("adaptive routing"). Lucene-free pure Java.
 *
 * <ul>
 *   <li>{@link dev.relearn.lucene.weights.QueryClassifier} turns query text into a {@link
 *       dev.relearn.lucene.weights.QueryClass} at the API boundary; only the class is kept, never
 *       the text;
 *   <li>{@link dev.relearn.lucene.weights.AdaptiveWeights} keeps per-class weights and statistics,
 *       applies ratings (moving average with learning rate 0.1, warm-up of 5 ratings, bounds
 *       [0.1, 0.9], decay 0.95 per day), saves and loads them, and seeds them from historical
 *       feedback. Its class comment documents the update rule and both file formats;
 *   <li>{@link dev.relearn.lucene.weights.Weights} are always valid: each in [0.1, 0.9], sum 1;
 *   <li>{@link dev.relearn.lucene.weights.Ratings} maps thumbs and stars to [−1, 1].
 * </ul>
 */
package dev.relearn.lucene.weights;
