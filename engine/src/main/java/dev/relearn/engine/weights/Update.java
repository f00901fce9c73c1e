package dev.relearn.engine.weights;

import dev.relearn.lucene.fusion.QueryClass;

/**
 * The outcome of one rating: the class's weights {@code before} and after, whether they {@code
 * moved} (never during warm-up), and its number of ratings, this one included.
 */
public record Update(QueryClass queryClass, Weights before, Weights weights, boolean moved,
    long samples) {}
