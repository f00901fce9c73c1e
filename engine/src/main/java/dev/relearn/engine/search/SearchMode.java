package dev.relearn.engine.search;

import dev.relearn.lucene.schema.Labels;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** Which first-stage retrievers a search uses, and whether the learned second stage re-ranks. */
public enum SearchMode {
  /** BM25 only: over the analysed body, and its identifier-split copy for code. */
  BM25,
  /** Nearest neighbours of the query embedding only. */
  VECTOR,
  /** Both, fused. */
  HYBRID,
  /** Hybrid candidates re-ranked with what feedback taught (the second stage). */
  LEARNED;

  /** The lower-case name used on the command line and in JSON. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * Parses a label such as {@code "hybrid"}, case-insensitively.
   *
   * @throws IllegalArgumentException naming the bad value and the accepted ones
   */
  public static SearchMode fromLabel(String label) {
    return Labels.parse(values(), SearchMode::label, "search mode", label);
  }

  /**
   * As {@link #fromLabel}, where {@code auto} (or null) also names a mode: null, for the engine's
   * default ({@code learned} once the index has feedback, else {@code hybrid}).
   *
   * @throws IllegalArgumentException naming the bad value and the accepted ones, auto included
   */
  public static SearchMode fromLabelOrAuto(String label) {
    if (label == null || "auto".equalsIgnoreCase(label)) {
      return null;
    }
    try {
      return fromLabel(label);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("unknown search mode: '" + label + "'; expected one of"
          + " auto, " + Arrays.stream(values()).map(SearchMode::label)
              .collect(Collectors.joining(", ")), e);
    }
  }

  /** Whether this mode needs the query embedded. */
  public boolean needsVector() {
    return this != BM25;
  }
}
