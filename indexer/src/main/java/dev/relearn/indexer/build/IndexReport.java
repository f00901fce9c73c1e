package dev.relearn.indexer.build;

import dev.relearn.indexer.source.SourceProblem;
import dev.relearn.lucene.schema.Require;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What one indexing run did.
 *
 * @param origin the indexed source
 * @param part the file or folder indexed when it is a part of the indexed folder {@code origin}
 *     (it then updated that folder's chunks of it, and the counts are of that part), else null
 * @param added chunks that were new
 * @param updated chunks whose content changed (their learned values were carried over)
 * @param unchanged chunks left as they were (but for a file stamp: {@code SourceReading})
 * @param deleted chunks of this origin that are gone from the source
 * @param embedded texts the model embedded in this run
 * @param reusedVectors vectors taken from the index (chunks of the same content) instead
 * @param problems files or lines that could not be indexed; everything else was
 * @param renamed changed chunks that got a new id: old id to new id (their learned values moved)
 * @param millis wall time
 */
public record IndexReport(String origin, String part, int added, int updated, int unchanged,
    int deleted, int embedded, int reusedVectors, List<SourceProblem> problems,
    Map<String, String> renamed, long millis) {
  /** Copies the collections and rejects negative counts. */
  public IndexReport {
    problems = List.copyOf(problems);
    renamed = Map.copyOf(renamed);
    for (int count : new int[] {added, updated, unchanged, deleted, embedded, reusedVectors}) {
      Require.nonNegative("counts", count);
    }
  }

  /** Chunks of this origin (or part) now in the index. */
  public int chunks() {
    return added + updated + unchanged;
  }

  /** One line for people, e.g. {@code "5183 chunks: 5183 added, ... (12.3 s)"}. */
  public String summary() {
    return String.format(Locale.ROOT, "%s: %s (%d added, %d updated, %d unchanged,"
        + " %d deleted); %d embedded, %d from the index; %s; %.1f s",
        part == null ? origin : part + " (part of " + origin + ")", count(chunks(), "chunk"), added,
        updated, unchanged, deleted, embedded, reusedVectors, count(problems.size(), "problem"),
        millis / 1000.0);
  }

  /**
   * What to tell when the source held nothing and its chunks went (a truncated export, say), as
   * the index mirrors its sources; null otherwise.
   */
  public String emptiedWarning() {
    if (chunks() > 0 || deleted == 0) {
      return null;
    }
    return (part == null ? origin : part) + " holds nothing now: its "
        + count(deleted, "indexed chunk") + (deleted == 1 ? " was" : " were") + " deleted"
        + " (feedback on them is kept, and counts again if they come back)";
  }

  /** {@code n} and {@code noun}, plural unless {@code n} is 1: {@code "2 chunks"}. */
  static String count(int n, String noun) {
    return n + " " + noun + (n == 1 ? "" : "s");
  }
}
