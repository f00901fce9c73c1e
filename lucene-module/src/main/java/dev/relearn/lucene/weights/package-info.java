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
 *       feedback. Its class comment documents the update rule; the file formats are below;
 *   <li>{@link dev.relearn.lucene.weights.Weights} are always valid: each in [0.1, 0.9], sum 1;
 *   <li>{@link dev.relearn.lucene.weights.Ratings} maps thumbs and stars to [−1, 1].
 * </ul>
 *
 * <h2>The weights file</h2>
 *
 * {@link dev.relearn.lucene.weights.AdaptiveWeights#save} writes a small line-oriented UTF-8 text
 * file, atomically (a temporary file in the same folder, flushed to disk, then moved over the
 * target). Format version 3:
 *
 * <pre>
 * relearn-adaptive-weights 3
 * # comments and blank lines are ignored
 * applied 9f86d081884c7d65      zero or more ids of ratings applied once (see AdaptiveWeights)
 * class identifier              one block per class that has ratings
 * samples 12                    ratings, at least 1
 * positives 8                   ratings above 0
 * negatives 3                   ratings below 0 (positives + negatives &lt;= samples)
 * last-millis 1712345678901     time of the latest rating, epoch milliseconds
 * ema 0.4 0.3 0.3               the moving average: bm25 vector learned
 * history 1712345678000 0.36 0.34 0.3   zero or more weight changes, oldest first
 * end
 * end-of-file classes 1 applied 1   always the last line: how many class blocks and applied ids
 * </pre>
 *
 * Each key occurs once per block, except {@code history}; numbers use Java's notation. The
 * current weights are not stored: they follow from the moving average, the sample count and the
 * configuration. On load the moving average is brought within the configured bounds and only the
 * newest {@code historyLimit} changes are kept. Anything else that is wrong (a bad header or
 * version, an unknown class or key, a bad number, invalid weights, a missing key or {@code end},
 * a trailer whose counts disagree with the file) is a {@link
 * dev.relearn.lucene.weights.WeightsFileException} naming the file and the line.
 *
 * <p>A file cut short is refused, never read as fewer classes or applied ids (which the next save
 * would make permanent): a cut inside a line shows as a last line without its newline, a cut
 * between lines as a missing {@code end-of-file} line, and the message says the file was cut
 * short and how to get out (restore it, or delete it to start the weights afresh; feedback is
 * kept). Files written by earlier versions are still read as they are and rewritten as version 3
 * by the next save: version 2 (the same without the {@code end-of-file} line) and version 1
 * (also without {@code applied} lines). Having no trailer, they show only a cut inside a line or
 * inside a class block.
 *
 * <h2>The seed file (cold start)</h2>
 *
 * {@link dev.relearn.lucene.weights.AdaptiveWeights#seed(java.io.Reader)} replays historical
 * feedback through the update rule. One rating per line, comma-separated:
 *
 * <pre>
 * class,rating,c_bm25,c_vector,c_learned[,millis]
 * question,1,0.2,0.9,0.4
 * keywords,-0.5,1,0.1,0.0,1712345678000
 * </pre>
 *
 * {@code class} is a {@link dev.relearn.lucene.weights.QueryClass#label() label} (any case),
 * {@code rating} in [−1, 1], each contribution in [0, 1], the optional {@code millis} the epoch
 * milliseconds of the rating, from 2000-01-01 to a day after the seed is given (a line without
 * it is dated at that time; a future date would decay the class's learning away). Blank
 * lines, lines starting with '#' and a first line naming the columns as above are skipped. The
 * whole input is checked before anything is applied: a bad line is a {@link
 * dev.relearn.lucene.weights.WeightsFileException} naming the line, and nothing changes.
 */
package dev.relearn.lucene.weights;
