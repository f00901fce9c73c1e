package dev.relearn.engine;

import dev.relearn.feedback.event.ShownResult;
import dev.relearn.engine.search.Hit;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What one search showed in a context: which tool ran it, its query text (in memory only, to
 * embed later feedback), the chunk ids with their 1-based ranks, and its order in the server.
 */
public record ShownList(Kind kind, String query, List<ShownResult> shown, long sequence) {
  /** Which tool produced a list. */
  public enum Kind {
    /** An explicit {@code search}: the list an agent is first given. */
    SEARCH,
    /** A wider {@code search_all}, the escape valve for when the first list missed. */
    WIDER
  }

  /** Validates and copies. */
  public ShownList {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(query, "query");
    shown = List.copyOf(shown);
  }

  /** What {@code hits} showed, ranked from 1, as a list of {@code kind}. */
  public static ShownList of(Kind kind, String query, List<Hit> hits, long sequence) {
    return new ShownList(kind, query, ranked(hits), sequence);
  }

  /** {@code hits} as shown results, ranked from 1. */
  static List<ShownResult> ranked(List<Hit> hits) {
    List<ShownResult> shown = new ArrayList<>(hits.size());
    for (Hit hit : hits) {
      shown.add(new ShownResult(hit.chunkId(), shown.size() + 1));
    }
    return shown;
  }

  /** Whether this list showed {@code chunkId}. */
  public boolean contains(String chunkId) {
    for (ShownResult result : shown) {
      if (result.chunkId().equals(chunkId)) {
        return true;
      }
    }
    return false;
  }

  /** A description without the query text. */
  @Override
  public String toString() {
    return "ShownList[kind=" + kind + ", queryChars=" + query.length() + ", shown="
        + shown.size() + ", sequence=" + sequence + "]";
  }
}
