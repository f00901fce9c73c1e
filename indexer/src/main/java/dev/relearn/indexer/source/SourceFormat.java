package dev.relearn.indexer.source;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** How a path given to {@link Sources#open} is read. */
public enum SourceFormat {
  /** Decide from the path: a BEIR corpus, a JSONL file, or else files. */
  AUTO,
  /** A folder (or one file) of Markdown, text and source code. */
  FILES,
  /** A JSONL file of records, one JSON object per line. */
  JSONL,
  /** A BEIR corpus: {@code corpus.jsonl} or {@code corpus.jsonl.gz}, or the folder holding it. */
  BEIR;

  /** The lower-case name used on the command line. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * Parses a label such as {@code "jsonl"}, case-insensitively.
   *
   * @throws IllegalArgumentException naming the bad value and the accepted ones
   */
  public static SourceFormat fromLabel(String label) {
    for (SourceFormat format : values()) {
      if (format.label().equalsIgnoreCase(label)) {
        return format;
      }
    }
    throw new IllegalArgumentException("unknown source format: '" + label + "'; expected one of "
        + Arrays.stream(values()).map(SourceFormat::label).collect(Collectors.joining(", ")));
  }
}
