package dev.relearn.lucene.schema;

import java.io.IOException;
import org.apache.lucene.index.LeafReader;

/**
 * Where a search reads its hits' learned values: the doc values, or something in front of them
 * (relearn's feedback store offers its in-memory aggregates, so that a new signal is visible
 * before its doc-values update is written). Values are read per
 * segment, documents in increasing order.
 */
@FunctionalInterface
public interface LearnedValuesSource {
  /** Straight from the doc values. */
  LearnedValuesSource DOC_VALUES = LeafLearnedValues::of;

  /** A reader for the documents of {@code leaf}. */
  LeafValues forLeaf(LeafReader leaf) throws IOException;

  /** Reads one segment's documents, in increasing doc order. */
  @FunctionalInterface
  interface LeafValues {
    /** The learned values of {@code doc} (a segment-local id). */
    LearnedValues read(int doc) throws IOException;
  }
}
