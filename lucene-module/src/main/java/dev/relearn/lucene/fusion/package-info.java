/**
 * Fusion of the lexical (BM25) and semantic (vector) candidate lists: min-max convex combination
 * and reciprocal rank fusion. Lucene-free, so it is tested without an index.
 */
package dev.relearn.lucene.fusion;
