/**
 * Retrieval metrics with trec_eval's semantics: {@link dev.relearn.eval.metrics.Run runs},
 * {@link dev.relearn.eval.metrics.Qrels judgments}, {@link dev.relearn.eval.metrics.Metric metric
 * names} such as {@code ndcg@10}, and the {@link dev.relearn.eval.metrics.Evaluator} that scores a
 * run per query and averages.
 *
 * <p>Pure Java on purpose: nothing here knows about Lucene or the engine, so the numbers can be
 * checked by hand and compared with trec_eval or pytrec_eval.
 */
package dev.relearn.eval.metrics;
