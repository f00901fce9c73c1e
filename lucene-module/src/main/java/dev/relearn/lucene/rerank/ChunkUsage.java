package dev.relearn.lucene.rerank;

/**
 * The query-independent usage features of one chunk, from its learned values at one time: see
 * {@link UsageSignals}. Computed once per chunk and search ({@link FeatureExtractor#usage}), so
 * that a chunk's score and the features it is explained with use the very same values.
 *
 * @param logPrior {@link UsageSignals#logPrior}
 * @param recency {@link UsageSignals#recency}
 * @param logUses {@code ln(1+uses)}, for {@link UsageSignals#frequency} within a window
 */
record ChunkUsage(double logPrior, double recency, double logUses) {
  /** This chunk's frequency in a window whose most used vouched chunk has {@code logMaxUses}. */
  double frequency(double logMaxUses) {
    return UsageSignals.frequencyOfLogs(logUses, logMaxUses);
  }
}
