/**
 * BEIR datasets as relearn evaluates them: {@link dev.relearn.eval.beir.BeirDataset} reads a
 * dataset folder's queries and qrels (the corpus is left to the indexer), and
 * {@link dev.relearn.eval.beir.SharedDatasets} finds the shared dataset folder.
 */
package dev.relearn.eval.beir;
