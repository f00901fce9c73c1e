package dev.relearn.engine.search;

import dev.relearn.lucene.fusion.Fusion;
import dev.relearn.lucene.schema.ChunkKind;
import java.util.Objects;

/**
 * One search, validated. Build it with {@link #of(String)} and the {@code with*} methods.
 *
 * @param text the query text; it is analysed and embedded, never parsed as query syntax, and never
 *     kept
 * @param mode which retrievers to use
 * @param k how many hits to return
 * @param candidates how many candidates each first-stage retriever returns (N)
 * @param fusion how hybrid mode combines the two lists
 * @param pathPrefix only chunks whose path starts with this, or null (or blank) for any
 * @param kind only chunks of this kind, or null
 */
public record SearchRequest(
    String text, SearchMode mode, int k, int candidates, Fusion fusion, String pathPrefix,
    ChunkKind kind) {
  /** The longest query accepted, in characters ({@link #length code points}). */
  public static final int MAX_QUERY_CHARS = 10_000;
  /** The most hits or candidates a request may ask for. */
  public static final int MAX_K = 10_000;
  /** Default number of hits. */
  public static final int DEFAULT_K = 10;
  /** Default candidates per retriever. */
  public static final int DEFAULT_CANDIDATES = 100;
  /** The longest path prefix accepted, in code points (Linux's longest path). */
  public static final int MAX_PATH_PREFIX_CHARS = 4_096;

  /** Validates; messages name the bad value but never echo the query text. */
  public SearchRequest {
    Objects.requireNonNull(text, "query text");
    Objects.requireNonNull(mode, "mode");
    Objects.requireNonNull(fusion, "fusion");
    requireSearchable("query", text);
    if (length(text) > MAX_QUERY_CHARS) {
      throw new IllegalArgumentException("query is " + length(text)
          + " characters long; the limit is " + MAX_QUERY_CHARS);
    }
    if (k < 1 || k > MAX_K) {
      throw new IllegalArgumentException("k must be in [1, " + MAX_K + "], got: " + k);
    }
    if (candidates < 1 || candidates > MAX_K) {
      throw new IllegalArgumentException(
          "candidates must be in [1, " + MAX_K + "], got: " + candidates);
    }
    if (pathPrefix != null && length(pathPrefix) > MAX_PATH_PREFIX_CHARS) {
      throw new IllegalArgumentException("path prefix is " + length(pathPrefix)
          + " characters long; the limit is " + MAX_PATH_PREFIX_CHARS);
    }
    if (pathPrefix != null && pathPrefix.isBlank()) { // any path, as HTTP and MCP read it
      pathPrefix = null;
    }
  }

  /**
   * The length of {@code text} as every text limit of relearn counts it: in Unicode code points,
   * as JSON Schema's {@code maxLength} does, so that an emoji (two UTF-16 units) counts once.
   */
  public static int length(String text) {
    return text.codePointCount(0, text.length());
  }

  /**
   * Whether {@code text} has something to search for: a character that is not white space, a
   * control character (as U+0001) or an invisible format character (as U+200B). A request
   * without one is refused; a UI can check this before it makes one.
   */
  public static boolean searchable(String text) {
    return text.codePoints().anyMatch(c -> !Character.isWhitespace(c)
        && !Character.isSpaceChar(c) && Character.getType(c) != Character.CONTROL
        && Character.getType(c) != Character.FORMAT);
  }

  /**
   * Refuses {@code text}, the query of a search or of feedback called {@code what}, unless it is
   * {@link #searchable}: every front (Java, CLI, HTTP, MCP) says so in these words.
   *
   * @throws IllegalArgumentException naming {@code what}, never echoing the text
   */
  public static void requireSearchable(String what, String text) {
    if (!searchable(text)) {
      throw new IllegalArgumentException(what + " has no searchable text: it is empty or only"
          + " spaces and control characters");
    }
  }

  /**
   * A hybrid request for the top 10 of 100 candidates per retriever, fused by {@link
   * Fusion#byQueryClass}: min-max at alpha 0.5, or 0.3 when every word looks like code.
   */
  public static SearchRequest of(String text) {
    return new SearchRequest(text, SearchMode.HYBRID, DEFAULT_K, DEFAULT_CANDIDATES,
        Fusion.byQueryClass(), null, null);
  }

  /** This request with another mode. */
  public SearchRequest withMode(SearchMode mode) {
    return new SearchRequest(text, mode, k, candidates, fusion, pathPrefix, kind);
  }

  /** This request with another k. */
  public SearchRequest withK(int k) {
    return new SearchRequest(text, mode, k, candidates, fusion, pathPrefix, kind);
  }

  /** This request with another candidate count per retriever. */
  public SearchRequest withCandidates(int candidates) {
    return new SearchRequest(text, mode, k, candidates, fusion, pathPrefix, kind);
  }

  /** This request with another fusion. */
  public SearchRequest withFusion(Fusion fusion) {
    return new SearchRequest(text, mode, k, candidates, fusion, pathPrefix, kind);
  }

  /** This request restricted to a path prefix and/or kind (null for no restriction). */
  public SearchRequest withFilter(String pathPrefix, ChunkKind kind) {
    return new SearchRequest(text, mode, k, candidates, fusion, pathPrefix, kind);
  }

  /**
   * As {@link #withFilter(String, ChunkKind)}, with the kind by its label (null for any).
   *
   * @throws IllegalArgumentException naming an unknown kind
   */
  public SearchRequest withFilterLabel(String pathPrefix, String kind) {
    return withFilter(pathPrefix, kind == null ? null : ChunkKind.fromLabel(kind));
  }

  /** Candidates each retriever must return: at least {@code k}. */
  public int retrieverDepth() {
    return Math.max(k, candidates);
  }

  /** A description without the query text, safe for logs. */
  @Override
  public String toString() {
    return "SearchRequest[mode=" + mode.label() + ", k=" + k + ", candidates=" + candidates
        + ", fusion=" + fusion.describe() + ", pathPrefix=" + pathPrefix + ", kind=" + kind
        + ", queryChars=" + text.length() + "]";
  }
}
