package dev.relearn.engine.search;

import dev.relearn.lucene.fusion.StageScore;
import dev.relearn.lucene.schema.ChunkKind;
import dev.relearn.lucene.schema.LearnedValues;
import java.util.List;
import java.util.Objects;

/**
 * One search result.
 *
 * @param chunkId the stable chunk id
 * @param path where the chunk came from, starting with its indexed folder's root key
 * @param file the absolute path of the file it was cut from ({@link SourceFiles}), or null for a
 *     record of a JSONL or BEIR file
 * @param kind what it was cut from
 * @param title its title, or empty
 * @param headingPath the Markdown headings above it
 * @param startLine first line, or 0 for records
 * @param endLine last line
 * @param snippet a short excerpt of the text near the query's words
 * @param score the final score; higher is better
 * @param bm25 the BM25 stage's score and rank, or null if BM25 did not return it
 * @param vector the vector stage's score and rank, or null if the vector search did not return it
 * @param learned the chunk's learned values (neutral when nobody has used it)
 */
public record Hit(
    String chunkId, String path, String file, ChunkKind kind, String title,
    List<String> headingPath, int startLine, int endLine, String snippet, double score,
    StageScore bm25, StageScore vector, LearnedValues learned) {
  /** Validates and copies the heading path. */
  public Hit {
    Objects.requireNonNull(chunkId, "chunkId");
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(learned, "learned");
    headingPath = List.copyOf(headingPath);
    if (Double.isNaN(score)) {
      throw new IllegalArgumentException("score is NaN for chunk " + chunkId);
    }
  }
}
