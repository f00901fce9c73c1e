/**
 * Ranking weights over the three signals a search combines (bm25, vector, learned), learned
 * online per {@link dev.relearn.lucene.fusion.QueryClass} from explicit ratings; pure Java. {@link
 * dev.relearn.engine.weights.AdaptiveWeights} applies ratings (its class comment has the rule),
 * gives its {@link dev.relearn.engine.weights.WeightsState} to save and restores from it; {@link
 * dev.relearn.engine.weights.Weights} are always valid.
 *
 * <h2>The seed file (cold start)</h2>
 *
 * {@link dev.relearn.engine.weights.AdaptiveWeights#seed(java.nio.file.Path)} replays historical
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
