/**
 * First-stage evaluation: BM25, vector and hybrid search scored on BEIR splits ({@link
 * dev.relearn.eval.firststage.FirstStageEvaluation}), and what a split's judgments leave out
 * ({@link dev.relearn.eval.firststage.JudgmentCoverage}).
 */
package dev.relearn.eval.firststage;
