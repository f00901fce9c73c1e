package dev.relearn.indexer.source;

import dev.relearn.lucene.schema.Labels;
import java.util.Locale;

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
    return Labels.parse(values(), SourceFormat::label, "source format", label);
  }
}
