/**
 * BEIR datasets as relearn evaluates them: {@link dev.relearn.eval.beir.BeirDataset} reads a
 * dataset folder's queries and qrels (the corpus is left to the indexer),
 * {@link dev.relearn.eval.beir.SharedDatasets} finds the shared dataset folder, and
 * {@link dev.relearn.eval.beir.ExpectedMetrics} loads the regression bars kept as data.
 */
package dev.relearn.eval.beir;
