package dev.relearn.engine.weights;

import java.util.Locale;

/** The three ranking signals a search combines, in the fixed order used by arrays and files. */
public enum Signal {
  /** Lexical relevance (BM25). */
  BM25,
  /** Semantic relevance (vector similarity). */
  VECTOR,
  /** The boost learned from past feedback on the chunk. */
  LEARNED;

  /** The lower-case name used in files and messages. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
