package dev.relearn.opensearch.search;

import java.nio.charset.StandardCharsets;
import org.opensearch.cluster.metadata.Metadata;
import org.opensearch.core.common.Strings;

/**
 * The name of one chunk index, as searches and feedback take it: the learned-values and
 * past-queries indexes are named after it ({@link LearnedValuesIndex#of}, {@link
 * PastQueriesIndex#of}), so an alias, a pattern or a list of indexes would read or write the
 * learned indexes of a name that is no index: none, or many indexes' at once; and a name too
 * long to name them would fail every learning pass.
 */
public final class ChunkIndexName {
  /**
   * The most bytes of the name of a chunk index that learns: OpenSearch's 255 for an index name,
   * less what its past queries' name adds.
   */
  public static final int MAX_BYTES = 255 - PastQueriesIndex.of("").length();

  private ChunkIndexName() {
  }

  /**
   * Checks that the indexes beside chunk index {@code name} can be named: at most {@link
   * #MAX_BYTES} UTF-8 bytes.
   *
   * @return {@code name}
   * @throws IllegalArgumentException naming it, when it is longer
   */
  public static String requireRoomBeside(String name) {
    if (name.getBytes(StandardCharsets.UTF_8).length > MAX_BYTES) {
      throw new IllegalArgumentException("[index] must be at most " + MAX_BYTES + " bytes, for the"
          + " names of the indexes beside it: " + name);
    }
    return name;
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
