package dev.relearn.opensearch.search;

import org.opensearch.cluster.metadata.Metadata;
import org.opensearch.core.common.Strings;

/**
 * The name of one chunk index, as searches and feedback take it: the learned-values and
 * past-queries indexes are named after it ({@link LearnedValuesIndex#of}, {@link
 * PastQueriesIndex#of}), so an alias, a pattern or a list of indexes would read or write the
 * learned indexes of a name that is no index: none, or many indexes' at once.
 */
public final class ChunkIndexName {
  private ChunkIndexName() {
  }

  /**
   * Checks that {@code name} is not an alias, a wildcard or date-math pattern, an exclusion or a
   * list of indexes in {@code metadata}; a name of no index at all passes, for the search or
   * feedback to answer that it is missing.
   *
   * @return {@code name}
   * @throws IllegalArgumentException naming it, when it may stand for other indexes
   */
  public static String requireOne(Metadata metadata, String name) {
    if (metadata.index(name) == null && (metadata.hasAlias(name) || name.equals("_all")
        || name.startsWith("-") // an exclusion; the characters of lists, patterns, date math:
        || Strings.INVALID_FILENAME_CHARS.stream().anyMatch(c -> name.indexOf(c) >= 0))) {
      throw new IllegalArgumentException("[index] must name one chunk index, not an alias, a"
          + " pattern or a list: " + name);
    }
    return name;
  }
}
