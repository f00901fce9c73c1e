package dev.relearn.lucene.schema;

import java.io.IOException;
import org.apache.lucene.index.LeafReader;

/**
 * Where a search reads a hit's learned values: the doc values, or something in front of them
 * (relearn's feedback store puts an in-memory overlay there so a new signal is visible before its
 * doc-values update is written).
 */
@FunctionalInterface
public interface LearnedValuesSource {
  /** Straight from the doc values. */
  LearnedValuesSource DOC_VALUES = LearnedValues::read;

  /** The learned values of {@code doc} in {@code leaf}. */
  LearnedValues read(LeafReader leaf, int doc) throws IOException;
}
