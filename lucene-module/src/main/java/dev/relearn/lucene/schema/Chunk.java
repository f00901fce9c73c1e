package dev.relearn.lucene.schema;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;

/**
 * One indexable piece of a source: the unit that is searched, shown and learned about.
 *
 * @param id stable chunk id, unique in the index; survives re-indexing while the content is
 *     unchanged
 * @param origin the source this chunk came from (an indexed root folder or file); re-indexing that
 *     origin deletes its chunks that are gone
 * @param path the path shown to users, relative to the origin where there is one
 * @param kind what the chunk was cut from
 * @param title a title, or empty
 * @param headingPath where the chunk sits, outermost first: the Markdown headings above it (its
 *     own last), or the declarations enclosing a code window; empty where there are none
 * @param startLine first line, 1-based, or 0 when lines do not apply (records)
 * @param endLine last line, inclusive, {@code >= startLine}
 * @param tokenEstimate a cheap estimate of the model tokens in {@link #text()}
 * @param text the body text that is analysed and embedded
 */
public record Chunk(
    String id,
    String origin,
    String path,
    ChunkKind kind,
    String title,
    List<String> headingPath,
    int startLine,
    int endLine,
    int tokenEstimate,
    String text) {

  /** Validates every field; the message names the bad value. */
  public Chunk {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(origin, "origin");
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(title, "title");
    Objects.requireNonNull(text, "text");
    if (id.isBlank()) {
      throw new IllegalArgumentException("chunk id must not be blank (path: " + path + ")");
    }
    if (startLine < 0 || endLine < startLine) {
      throw new IllegalArgumentException(
          "bad line range " + startLine + "-" + endLine + " for chunk " + id);
    }
    Require.nonNegative("token estimate", tokenEstimate);
    headingPath = List.copyOf(headingPath);
  }

  /**
   * The heading path, the title and the text as one string, a line each: what BM25 and the
   * embedder see. The headings put the chunk in context (a section's parent sections, a method's
   * class); a last heading equal to the title is not repeated.
   */
  public String searchableText() {
    return searchableText(headingPath, title, text);
  }

  /** {@link #searchableText()} of a chunk with these heading path, title and text. */
  private static String searchableText(List<String> headingPath, String title, String text) {
    int headings = headingPath.size();
    if (headings > 0 && headingPath.get(headings - 1).equals(title)) {
      headings--;
    }
    if (headings == 0) {
      return title.isEmpty() ? text : title + "\n" + text;
    }
    StringBuilder out = new StringBuilder();
    for (String heading : headingPath.subList(0, headings)) {
      out.append(heading).append('\n');
    }
    if (!title.isEmpty()) {
      out.append(title).append('\n');
    }
    return out.append(text).toString();
  }

  /** Hex SHA-256 of everything that changes the chunk's embedding or analysis. */
  public String sha256() {
    return sha256Hex(kind.label() + '\u0000' + String.join("\u0001", headingPath) + '\u0000'
        + searchableText());
  }

  /** Hex SHA-256 of a UTF-8 string. */
  public static String sha256Hex(String value) {
    try {
      MessageDigest digest = MessageDigest.getInstance("SHA-256");
      return HexFormat.of().formatHex(digest.digest(value.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is required by every JDK", e);
    }
  }
}
