/**
 * The first stage of a relearn search: BM25 and vector candidates, fused, loaded as hits with
 * each stage's score and rank.
 */
package dev.relearn.lucene.search;
