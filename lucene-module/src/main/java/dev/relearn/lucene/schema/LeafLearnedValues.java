package dev.relearn.lucene.schema;

import java.io.IOException;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.NumericDocValues;

/**
 * Reads the learned values of many documents of one segment with one iterator per field, as
 * doc values want: {@link #read} must be called with increasing doc ids. Opening the five
 * iterators per document instead costs far more than reading them.
 */
public final class LeafLearnedValues implements LearnedValuesSource.LeafValues {
  private final NumericDocValues impressions;
  private final NumericDocValues clicks;
  private final NumericDocValues successes;
  private final NumericDocValues failures;
  private final NumericDocValues lastUsed;
  private int lastDoc = -1;

  private LeafLearnedValues(LeafReader leaf) throws IOException {
    impressions = DocValues.getNumeric(leaf, ChunkSchema.LEARNED_IMPRESSIONS);
    clicks = DocValues.getNumeric(leaf, ChunkSchema.LEARNED_CLICKS);
    successes = DocValues.getNumeric(leaf, ChunkSchema.LEARNED_SUCCESSES);
    failures = DocValues.getNumeric(leaf, ChunkSchema.LEARNED_FAILURES);
    lastUsed = DocValues.getNumeric(leaf, ChunkSchema.LEARNED_LAST_USED);
  }

  /** A reader over {@code leaf}'s learned fields. */
  public static LeafLearnedValues of(LeafReader leaf) throws IOException {
    return new LeafLearnedValues(leaf);
  }

  /**
   * The values of {@code doc}; a document without values reads as neutral.
   *
   * @throws IllegalArgumentException if {@code doc} is below the previous call's
   */
  @Override
  public LearnedValues read(int doc) throws IOException {
    if (doc < lastDoc) {
      throw new IllegalArgumentException("docs must be read in increasing order, got " + doc
          + " after " + lastDoc);
    }
    lastDoc = doc;
    return new LearnedValues(
        Double.longBitsToDouble(value(impressions, doc)),
        Double.longBitsToDouble(value(clicks, doc)),
        value(successes, doc), value(failures, doc), value(lastUsed, doc));
  }

  private static long value(NumericDocValues values, int doc) throws IOException {
    return values.advanceExact(doc) ? values.longValue() : 0L;
  }
}
