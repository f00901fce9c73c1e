package dev.relearn.lucene.schema;

import java.util.Locale;

/** What a chunk was cut from; decides its chunker and its analysis. */
public enum ChunkKind {
  /** A section of a Markdown file, cut at headings. */
  MARKDOWN,
  /** A window of a source-code file; also gets identifier-split analysis. */
  CODE,
  /** A window of plain prose. */
  TEXT,
  /** One record of a JSONL or BEIR corpus, kept whole. */
  RECORD;

  /** The lower-case name used in the index, on the command line and in JSON. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * Parses a label such as {@code "code"}, case-insensitively.
   *
   * @throws IllegalArgumentException naming the bad value and the accepted ones
   */
  public static ChunkKind fromLabel(String label) {
    return Labels.parse(values(), ChunkKind::label, "chunk kind", label);
  }
}
