package dev.relearn.lucene.rerank;

import dev.relearn.lucene.search.StageScore;

/**
 * A first-stage hit as the rescorer receives it, before the index is read.
 *
 * @param doc the Lucene doc id in the searcher's reader
 * @param score the first-stage score; NaN is allowed here and neutralised later
 * @param bm25 the BM25 stage's view, or null
 * @param vector the vector stage's view, or null
 */
record FirstStageHit(int doc, double score, StageScore bm25, StageScore vector) {}
