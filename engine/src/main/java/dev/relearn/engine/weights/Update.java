package dev.relearn.engine.weights;

import dev.relearn.lucene.fusion.QueryClass;

/**
 * The outcome of one rating.
 *
 * @param queryClass the class rated
 * @param before the class's weights before the rating
 * @param weights the class's weights after it
 * @param moved whether the weights changed (never during warm-up, nor for a neutral rating
 *     without time having passed)
 * @param samples the class's number of ratings, this one included
 */
public record Update(QueryClass queryClass, Weights before, Weights weights, boolean moved,
    long samples) {}
