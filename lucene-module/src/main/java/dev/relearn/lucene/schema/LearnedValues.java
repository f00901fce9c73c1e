package dev.relearn.lucene.schema;

import java.io.IOException;
import java.util.List;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.NumericDocValues;

/**
 * The learned per-chunk statistics, as stored in doc-values-only fields that are updated in place
 * with {@code IndexWriter.updateDocValues}. They are weighted counts, not tallies of events
 * (docs/RANKING.md section 3): fractional ones (impressions, clicks) are stored as the raw long bits of a
 * double; successes and failures are rounded to whole numbers.
 *
 * @param impressions times the chunk was shown, each weighted by the chance it was examined at its
 *     rank
 * @param clicks times it was used, each weighted by its signal class (1.25 for a use shown after
 *     an explicit search, 0.5 for one never shown) and the event's quality
 * @param successes the clicks' weights of the tasks it served that succeeded
 * @param failures the clicks' weights of the tasks it served that failed
 * @param lastUsedMillis epoch millis of the last use, 0 if never used
 */
public record LearnedValues(
    double impressions, double clicks, long successes, long failures, long lastUsedMillis) {

  /** The values of a chunk nobody has used yet. */
  public static final LearnedValues NEUTRAL = new LearnedValues(0, 0, 0, 0, 0);

  /** Rejects negative or non-finite counts, naming the bad value. */
  public LearnedValues {
    requireCount("impressions", impressions);
    requireCount("clicks", clicks);
    requireCount("successes", successes);
    requireCount("failures", failures);
    Require.nonNegative("lastUsedMillis", lastUsedMillis);
  }

  private static void requireCount(String name, double value) {
    if (!(value >= 0) || Double.isInfinite(value)) {
      throw new IllegalArgumentException(name + " must be a finite count >= 0, got: " + value);
    }
  }

  /** The doc-values fields holding these values, for a new document or for an in-place update. */
  public List<Field> toFields() {
    return List.of(
        new NumericDocValuesField(ChunkSchema.LEARNED_IMPRESSIONS,
            Double.doubleToRawLongBits(impressions)),
        new NumericDocValuesField(ChunkSchema.LEARNED_CLICKS, Double.doubleToRawLongBits(clicks)),
        new NumericDocValuesField(ChunkSchema.LEARNED_SUCCESSES, successes),
        new NumericDocValuesField(ChunkSchema.LEARNED_FAILURES, failures),
        new NumericDocValuesField(ChunkSchema.LEARNED_LAST_USED, lastUsedMillis));
  }

  /**
   * Reads one document's values with {@code advanceExact}; a document without a value reads as
   * neutral.
   */
  public static LearnedValues read(LeafReader leaf, int doc) throws IOException {
    return new LearnedValues(
        Double.longBitsToDouble(value(leaf, ChunkSchema.LEARNED_IMPRESSIONS, doc)),
        Double.longBitsToDouble(value(leaf, ChunkSchema.LEARNED_CLICKS, doc)),
        value(leaf, ChunkSchema.LEARNED_SUCCESSES, doc),
        value(leaf, ChunkSchema.LEARNED_FAILURES, doc),
        value(leaf, ChunkSchema.LEARNED_LAST_USED, doc));
  }

  private static long value(LeafReader leaf, String field, int doc) throws IOException {
    NumericDocValues values = DocValues.getNumeric(leaf, field);
    return values.advanceExact(doc) ? values.longValue() : 0L;
  }
}
