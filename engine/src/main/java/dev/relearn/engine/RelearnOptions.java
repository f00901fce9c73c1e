package dev.relearn.engine;

import dev.relearn.feedback.log.Durability;
import dev.relearn.lucene.embed.Embedder;
import dev.relearn.lucene.schema.Require;
import java.util.Locale;
import java.util.Objects;

/**
 * How an engine is opened. Start from {@link #defaults()}.
 *
 * @param model the built-in embedder, when {@code embedder} is null
 * @param embedder a caller-supplied embedder, or null to use {@code model}; the engine does not
 *     close a caller's embedder
 * @param queryCacheSize query embeddings kept in memory (LRU); 0 disables
 * @param embedThreads threads the embedding model may use, 1 to {@value #MAX_EMBED_THREADS}
 * @param queryInstruction whether bge-small queries get BGE's retrieval instruction
 * @param readOnly open the last commit for searching only; no write lock is taken
 * @param feedbackDurability REQUEST: acknowledged after an fsync; ASYNC: fsync every 200 ms, so
 *     feedback acknowledged within 200 ms of a crash may be lost
 * @param protectQueryVectors store query vectors rotated by a per-install secret and int8
 *     quantised (docs/PRIVACY.md); once on for an index, it stays on
 * @param lockHolder how a read-write engine names itself to a process that finds the index in
 *     use (such as {@code "relearn serve"}; null: {@code "java"}), at most {@value
 *     #MAX_LOCK_HOLDER_CHARS} characters; written to the folder, so no query text or secrets
 */
public record RelearnOptions(ModelChoice model, Embedder embedder, int queryCacheSize,
    int embedThreads, boolean queryInstruction, boolean readOnly,
    Durability feedbackDurability, boolean protectQueryVectors, String lockHolder) {

  /** The most embedding threads allowed: far above any useful count, below resource trouble. */
  public static final int MAX_EMBED_THREADS = 256;

  /** The longest {@code lockHolder} label. */
  public static final int MAX_LOCK_HOLDER_CHARS = 100;

  /** Validates; messages name the bad value. */
  public RelearnOptions {
    Objects.requireNonNull(model, "model");
    if (lockHolder != null && (lockHolder.isBlank()
        || lockHolder.length() > MAX_LOCK_HOLDER_CHARS
        || lockHolder.chars().anyMatch(Character::isISOControl))) {
      throw new IllegalArgumentException("lock holder label must be 1 to "
          + MAX_LOCK_HOLDER_CHARS + " characters without control characters, got: '"
          + lockHolder + "'");
    }
    Objects.requireNonNull(feedbackDurability, "feedbackDurability");
    Require.nonNegative("query cache size", queryCacheSize);
    if (embedThreads < 1 || embedThreads > MAX_EMBED_THREADS) {
      throw new IllegalArgumentException("embedding threads must be in [1, " + MAX_EMBED_THREADS
          + "], got: " + embedThreads);
    }
  }

  /**
   * bge-small (or the index's recorded model), a 100-query cache, as many embedding threads as
   * cores (at most 4), the query instruction on, read-write.
   */
  public static RelearnOptions defaults() {
    int threads = Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors()));
    return new RelearnOptions(ModelChoice.AUTO, null, 100, threads, true, false,
        Durability.REQUEST, false, null);
  }

  /** With another built-in model. */
  public RelearnOptions withModel(ModelChoice model) {
    return new RelearnOptions(model, embedder, queryCacheSize, embedThreads, queryInstruction,
        readOnly, feedbackDurability, protectQueryVectors, lockHolder);
  }

  /** With a caller-supplied embedder. */
  public RelearnOptions withEmbedder(Embedder embedder) {
    return new RelearnOptions(model, embedder, queryCacheSize, embedThreads, queryInstruction,
        readOnly, feedbackDurability, protectQueryVectors, lockHolder);
  }

  /** With another query cache size. */
  public RelearnOptions withQueryCacheSize(int size) {
    return new RelearnOptions(model, embedder, size, embedThreads, queryInstruction,
        readOnly, feedbackDurability, protectQueryVectors, lockHolder);
  }

  /** With another number of embedding threads. */
  public RelearnOptions withEmbedThreads(int threads) {
    return new RelearnOptions(model, embedder, queryCacheSize, threads, queryInstruction,
        readOnly, feedbackDurability, protectQueryVectors, lockHolder);
  }

  /** With the query instruction on or off. */
  public RelearnOptions withQueryInstruction(boolean on) {
    return new RelearnOptions(model, embedder, queryCacheSize, embedThreads, on, readOnly,
        feedbackDurability, protectQueryVectors, lockHolder);
  }

  /** Read-only or read-write. */
  public RelearnOptions withReadOnly(boolean readOnly) {
    return new RelearnOptions(model, embedder, queryCacheSize, embedThreads, queryInstruction,
        readOnly, feedbackDurability, protectQueryVectors, lockHolder);
  }

  /** With query-vector protection on or off. */
  public RelearnOptions withProtectedQueryVectors(boolean on) {
    return new RelearnOptions(model, embedder, queryCacheSize, embedThreads, queryInstruction,
        readOnly, feedbackDurability, on, lockHolder);
  }

  /** With another feedback durability. */
  public RelearnOptions withFeedbackDurability(Durability durability) {
    return new RelearnOptions(model, embedder, queryCacheSize, embedThreads, queryInstruction,
        readOnly, durability, protectQueryVectors, lockHolder);
  }

  /**
   * With another feedback durability by its label, {@code request} or {@code async} (any case).
   *
   * @throws IllegalArgumentException naming any other label
   */
  public RelearnOptions withFeedbackDurability(String label) {
    Objects.requireNonNull(label, "durability");
    return withFeedbackDurability(switch (label.toLowerCase(Locale.ROOT)) {
      case "request" -> Durability.REQUEST;
      case "async" -> Durability.ASYNC;
      default -> throw new IllegalArgumentException(
          "unknown feedback durability: '" + label + "'; expected request or async");
    });
  }

  /** With another label for the lock holder (null: {@code "java"}). */
  public RelearnOptions withLockHolder(String label) {
    return new RelearnOptions(model, embedder, queryCacheSize, embedThreads, queryInstruction,
        readOnly, feedbackDurability, protectQueryVectors, label);
  }
}
