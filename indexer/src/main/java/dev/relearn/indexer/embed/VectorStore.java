package dev.relearn.indexer.embed;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Set;

/**
 * A persistent cache of document embeddings, keyed by the SHA-256 of the embedded text, one file
 * per model ({@code <dir>/<modelId>.vectors}). Unchanged chunks are therefore never embedded
 * twice, across runs and across indexes that share the folder.
 *
 * <p>Format ({@link VectorRecords}): a header (magic, dimension, model id), then fixed-size
 * records of hash, vector and a CRC32. A torn tail (a kill during a write) is truncated on open
 * and a damaged record is skipped; either only costs a re-embedding. Memory holds each record's
 * position, not its vector (a tenth of the size), and {@link #get} reads the record back. When
 * another process holds the file's lock, the file is read-only for as long as this process has
 * it open, and what is put is kept in memory. The file only grows until {@link #compact}
 * rewrites it with the vectors still needed; the records an index call wrote before it committed
 * are noted ({@link #beginCall}, {@link UnfinishedRuns}) so that a compaction can keep them for
 * that call's next run. Only document text hashes and vectors are stored, never query text.
 *
 * <p>All the stores of one JVM on one file share it ({@link OpenVectorFiles}): one channel and
 * one lock, released when the last of them closes (a JVM's file locks are POSIX locks, which
 * closing any channel on the file would release), so two indexes in one process can share a
 * cache folder, both writing to it. Thread-safe: the stores' reads, writes and compactions take
 * turns.
 */
public final class VectorStore implements AutoCloseable {
  private final VectorFile shared;
  /** Between {@link #beginCall} and {@link #callCommitted} or {@link #callFailed}. */
  private boolean inCall;
  private boolean closed;

  private VectorStore(VectorFile shared) {
    this.shared = shared;
  }

  /** The file of {@code modelId}'s vectors in the cache folder {@code dir}. */
  public static Path fileIn(Path dir, String modelId) {
    return dir.resolve(modelId.replaceAll("[^A-Za-z0-9._-]", "_") + ".vectors");
  }

  /**
   * Opens or creates the store for {@code modelId} in {@code dir}, sharing the file with the
   * stores of this JVM that have it open.
   *
   * @throws IOException naming the folder when it cannot be created or written, or the file
   *     when it belongs to another model or dimension
   */
  public static VectorStore open(Path dir, String modelId, int dimension) throws IOException {
    return new VectorStore(OpenVectorFiles.acquire(dir, modelId, dimension));
  }

  /**
   * At most how many vectors {@code modelId}'s file in {@code dir} holds, from its size alone
   * (without opening or locking it); 0 when there is none.
   */
  public static long vectorsAtMost(Path dir, String modelId, int dimension) throws IOException {
    Path file = fileIn(dir, modelId);
    if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
      return 0;
    }
    long records = Files.size(file) - VectorRecords.header(modelId, dimension).remaining();
    return Math.max(0, records / VectorRecords.recordBytes(dimension));
  }

  /** The shared file, for a call that reads or writes it: refused once this store is closed. */
  private VectorFile usable() {
    if (closed) {
      throw new IllegalStateException("the vector store of " + shared.file() + " is closed");
    }
    return shared;
  }

  /**
   * The cached vector for a text's hex SHA-256, or null; read from the file (after writing what
   * is buffered, if the record is among it). A record found damaged since the file was opened
   * counts as missing, and in {@link #droppedRecords()}.
   */
  public synchronized float[] get(String textSha256) throws IOException {
    return usable().get(textSha256);
  }

  /** Adds a vector; it reaches the file at the next {@link #flush()} (or when the buffer fills). */
  public synchronized void put(String textSha256, float[] vector) throws IOException {
    usable().put(textSha256, vector, inCall);
  }

  /** Writes buffered records to the file. */
  public synchronized void flush() throws IOException {
    usable().flush();
  }

  /**
   * An index call begins: the vectors it puts from now are noted as unfinished (in {@link
   * UnfinishedRuns}, when the first one is put) until {@link #callCommitted()}. Nothing happens
   * on a read-only store, or when this store's call began already.
   */
  public synchronized void beginCall() {
    if (!inCall) {
      inCall = usable().beginCall();
    }
  }

  /**
   * The index call committed: its vectors are the index's chunks' now (and no longer noted once
   * no other store's call that overlapped it is in flight).
   */
  public synchronized void callCommitted() throws IOException {
    endCall(true);
  }

  /**
   * The index call failed without committing: the vectors it put stay noted as unfinished, so
   * that an automatic compaction keeps them for its next run.
   */
  public synchronized void callFailed() throws IOException {
    endCall(false);
  }

  private void endCall(boolean committed) throws IOException {
    if (inCall) {
      inCall = false;
      usable().endCall(committed);
    }
  }

  /** Whether no index call is under way on the file, through any store of this JVM. */
  public boolean idle() {
    return shared.idle();
  }

  /** Vectors put by index calls that did not finish (at most: some may be live since). */
  public int unfinishedVectors() {
    return shared.unfinishedVectors();
  }

  /**
   * Rewrites the file with only the vectors of {@code liveHashes} (hex SHA-256s of the texts the
   * index's chunks embed) and, with {@code keepUnfinished}, those that index calls which did not
   * commit put: into a new file beside it, forced to disk and moved over it, so that a kill at
   * any point leaves the old file or the new one, whole. Every store on the file then reads and
   * appends to the new file, whose lock was taken before the move.
   *
   * @throws IllegalStateException if the file is read-only (another process holds it) or an
   *     index call is under way on it (through any store of this JVM)
   */
  public VectorCompaction compact(Set<String> liveHashes, boolean keepUnfinished)
      throws IOException {
    return usable().compact(liveHashes, keepUnfinished);
  }

  /** The cache file. */
  public Path file() {
    return shared.file();
  }

  /** Number of cached vectors. */
  public int size() {
    return shared.size();
  }

  /** Damaged records skipped: when the file was opened, or found so by {@link #get} later. */
  public int droppedRecords() {
    return shared.droppedRecords();
  }

  /** Whether the store can add to its file (false when another process holds it). */
  public boolean writable() {
    return shared.writable();
  }

  /**
   * Writes what this store put to the file and forces it; the file is closed, and its lock
   * released, when the last store of this JVM on it closes. A call still under way counts as
   * failed. Closing again does nothing.
   */
  @Override
  public synchronized void close() throws IOException {
    if (closed) {
      return;
    }
    try {
      endCall(false);
    } finally {
      closed = true;
      OpenVectorFiles.release(shared);
    }
  }
}
