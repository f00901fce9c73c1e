/**
 * The first stage of a relearn search: BM25 and vector candidates, fused, loaded as hits with
 * each stage's score and rank and a snippet ({@link dev.relearn.engine.search.HybridSearcher}).
 * Also the request and result types every mode shares, the learned one included.
 */
package dev.relearn.engine.search;
