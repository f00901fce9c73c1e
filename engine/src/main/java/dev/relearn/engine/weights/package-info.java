/**
 * Online-learned ranking weights over the three signals a search combines (bm25, vector,
 * learned), per query class, from explicit ratings ("adaptive routing"). Lucene-free pure Java.
 *
 * <ul>
 *   <li>{@link dev.relearn.lucene.fusion.QueryClassifier} turns query text into a {@link
 *       dev.relearn.lucene.fusion.QueryClass} at the API boundary; only the class is kept, never
 *       the text;
 *   <li>{@link dev.relearn.engine.weights.AdaptiveWeights} keeps per-class weights and statistics,
 *       applies ratings (moving average with learning rate 0.1, warm-up of 5 ratings, bounds
 *       [0.1, 0.9], decay 0.95 per day), gives and restores its state, and seeds them from
 *       historical feedback. Its class comment documents the update rule;
 *   <li>{@link dev.relearn.engine.weights.Weights} are always valid: each in [0.1, 0.9], sum 1;
 *   <li>{@link dev.relearn.engine.weights.Ratings} maps thumbs and stars to [−1, 1].
 * </ul>
 *
 * <h2>Saved state</h2>
 *
 * {@link dev.relearn.engine.weights.AdaptiveWeights#state} is what is worth saving (a {@link
 * dev.relearn.engine.weights.WeightsState}: each rated class's statistics and the applied rating
 * ids) and {@link dev.relearn.engine.weights.AdaptiveWeights#restore} goes on from it; the engine
 * keeps it in a JSON file. The current weights follow from the moving average, the sample count
 * and the configuration: on restore the moving average is brought within the configured bounds
 * and only the newest {@code historyLimit} changes are kept.
 *
 * <h2>The seed file (cold start)</h2>
 *
 * {@link dev.relearn.engine.weights.AdaptiveWeights#seed(java.io.Reader)} replays historical
 * feedback through the update rule. One rating per line, comma-separated:
 *
 * <pre>
 * class,rating,c_bm25,c_vector,c_learned[,millis]
 * question,1,0.2,0.9,0.4
 * keywords,-0.5,1,0.1,0.0,1712345678000
 * </pre>
 *
 * {@code class} is a {@link dev.relearn.lucene.fusion.QueryClass#label() label} (any case),
 * {@code rating} in [−1, 1], each contribution in [0, 1], the optional {@code millis} the epoch
 * milliseconds of the rating, from 2000-01-01 to a day after the seed is given (a line without
 * it is dated at that time; a future date would decay the class's learning away). Blank
 * lines, lines starting with '#' and a first line naming the columns as above are skipped. The
 * whole input is checked before anything is applied: a bad line is a {@link
 * dev.relearn.engine.weights.WeightsFileException} naming the line, and nothing changes.
 */
package dev.relearn.engine.weights;
