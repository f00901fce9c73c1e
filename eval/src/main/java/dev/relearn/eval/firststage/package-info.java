/** First-stage evaluation: BM25, vector and hybrid search scored on BEIR splits. */
package dev.relearn.eval.firststage;
