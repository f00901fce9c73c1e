/**
 * Fusion of the lexical (BM25) and semantic (vector) candidate lists: min-max convex combination
 * and reciprocal rank fusion, and relearn's default, which leans on BM25 for identifier queries
 * ({@link dev.relearn.lucene.fusion.QueryClassFusion}). Lucene-free, so it is tested without an
 * index.
 */
package dev.relearn.lucene.fusion;
