package dev.relearn.lucene.rerank;

import dev.relearn.lucene.schema.ChunkKind;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * What the request says about where the user is working, for the context-match feature: a chunk
 * matches when its path starts with one of {@code pathPrefixes} or its kind is one of {@code
 * kinds}. Unlike a filter, a context only nudges the ranking. A {@link LearnedRescorer} reads the
 * path and kind from the stored {@code ChunkSchema.PATH} and {@code KIND} fields; in an index
 * without them no chunk matches.
 *
 * @param pathPrefixes path prefixes, none empty (an empty prefix would match everything)
 * @param kinds chunk kinds
 */
public record RerankContext(List<String> pathPrefixes, Set<ChunkKind> kinds) {
  /** No context: the feature is 0 for every chunk. */
  public static final RerankContext NONE = new RerankContext(List.of(), Set.of());

  /** Validates and copies. */
  public RerankContext {
    pathPrefixes = List.copyOf(Objects.requireNonNull(pathPrefixes, "pathPrefixes"));
    kinds = Set.copyOf(Objects.requireNonNull(kinds, "kinds"));
    for (String prefix : pathPrefixes) {
      if (prefix.isEmpty()) {
        throw new IllegalArgumentException("context path prefix must not be empty, got: ''");
      }
    }
  }

  /** True when there is nothing to match. */
  public boolean isEmpty() {
    return pathPrefixes.isEmpty() && kinds.isEmpty();
  }

  /**
   * Whether a chunk matches.
   *
   * @param path the chunk's path, or null if unknown
   * @param kindLabel the chunk's kind label as stored in the index, or null if unknown
   */
  public boolean matches(String path, String kindLabel) {
    if (path != null) {
      for (String prefix : pathPrefixes) {
        if (path.startsWith(prefix)) {
          return true;
        }
      }
    }
    if (kindLabel != null) {
      for (ChunkKind kind : kinds) {
        if (kind.label().equals(kindLabel)) {
          return true;
        }
      }
    }
    return false;
  }
}
