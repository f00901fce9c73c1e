package dev.relearn.indexer.build;

import dev.relearn.lucene.schema.Require;

/**
 * One source removed from an index (or that a dry run would remove).
 *
 * @param origin the source's origin: its absolute, normalised path
 * @param chunks its chunks that were (or would be) deleted
 */
public record RemoveReport(String origin, int chunks) {
  /** Rejects a blank origin and a negative count. */
  public RemoveReport {
    if (origin == null || origin.isBlank()) {
      throw new IllegalArgumentException("origin must not be blank, got: '" + origin + "'");
    }
    Require.nonNegative("chunks", chunks);
  }

  /** One line for people: {@code "/abs/docs: removed 42 chunks"}, or "would remove" when dry. */
  public String summary(boolean dryRun) {
    return origin + ": " + (dryRun ? "would remove " : "removed ")
        + IndexReport.count(chunks, "chunk");
  }
}
