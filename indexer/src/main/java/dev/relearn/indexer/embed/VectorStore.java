package dev.relearn.indexer.embed;

import dev.relearn.lucene.files.OwnerOnly;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
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
 * another process holds the file's lock, this store is read-only for its lifetime and keeps what
 * is put in memory. The file only grows until {@link #compact} rewrites it with the vectors still
 * needed; the records an index call wrote before it committed are noted ({@link #beginCall},
 * {@link UnfinishedRuns}) so that a compaction can keep them for that call's next run. Only
 * document text hashes and vectors are stored, never query text. Not thread-safe: callers
 * synchronise.
 */
public final class VectorStore implements AutoCloseable {
  private final Path file;
  private final String modelId;
  private final int dimension;
  private final int recordBytes;
  private final ByteBuffer pending;
  /** Where each record starts in the file, by text hash. */
  private Map<String, Long> offsets = new HashMap<>();
  /** Vectors put into a read-only store: they cannot reach the file. */
  private final Map<String, float[]> unsaved = new HashMap<>();
  private FileChannel channel;
  private FileLock lock;
  /** Null when read-only. */
  private UnfinishedRuns runs;
  /** Between {@link #beginCall} and {@link #callCommitted} or {@link #callFailed}. */
  private boolean inCall;
  /** The file's length without {@link #pending}: where the next flushed record lands. */
  private long flushedEnd;
  private int dropped;

  private VectorStore(Path file, String modelId, int dimension, FileChannel channel,
      FileLock lock) {
    this.file = file;
    this.modelId = modelId;
    this.dimension = dimension;
    this.channel = channel;
    this.lock = lock;
    this.recordBytes = VectorRecords.recordBytes(dimension);
    this.pending = ByteBuffer.allocate(recordBytes * 64).order(ByteOrder.LITTLE_ENDIAN);
  }

  /** The file of {@code modelId}'s vectors in the cache folder {@code dir}. */
  public static Path fileIn(Path dir, String modelId) {
    return dir.resolve(modelId.replaceAll("[^A-Za-z0-9._-]", "_") + ".vectors");
  }

  /**
   * Opens or creates the store for {@code modelId} in {@code dir}.
   *
   * @throws IOException naming the folder when it cannot be created or written
   */
  public static VectorStore open(Path dir, String modelId, int dimension) throws IOException {
    Path file = fileIn(dir, modelId);
    FileChannel channel = VectorRecords.openFile(dir, file);
    FileLock lock;
    try {
      OwnerOnly.restrict(file);
      lock = channel.tryLock();
    } catch (OverlappingFileLockException e) {
      lock = null; // held by this JVM through another store: share it read-only
    } catch (IOException | RuntimeException e) {
      channel.close();
      throw e;
    }
    VectorStore store = new VectorStore(file, modelId, dimension, channel, lock);
    try {
      store.load();
      if (lock != null) {
        Files.deleteIfExists(VectorFileRewrite.tempOf(file)); // left by a stopped compaction
        store.runs = UnfinishedRuns.load(file, store.flushedEnd);
      }
    } catch (IOException | RuntimeException e) {
      store.close();
      throw e;
    }
    return store;
  }

  private void load() throws IOException {
    ByteBuffer header = VectorRecords.header(modelId, dimension);
    long size = channel.size();
    if (size == 0) {
      if (lock != null) {
        channel.write(header, 0);
      }
      flushedEnd = header.capacity();
      channel.position(flushedEnd);
      return;
    }
    ByteBuffer existing = ByteBuffer.allocate(header.capacity());
    channel.read(existing, 0);
    if (!existing.flip().equals(header)) {
      throw new IOException("embedding cache " + file + " does not belong to model '" + modelId
          + "' with " + dimension + " dims; move it away to rebuild it");
    }
    long position = header.capacity();
    ByteBuffer record = VectorRecords.recordBuffer(recordBytes);
    while (position + recordBytes <= size) {
      if (VectorRecords.read(channel, position, record)) {
        offsets.putIfAbsent(VectorRecords.hash(record), position);
      } else {
        dropped++;
      }
      position += recordBytes;
    }
    if (position < size && lock != null) {
      channel.truncate(position); // a torn tail from an interrupted write
    }
    flushedEnd = position;
    channel.position(position);
  }

  /**
   * The cached vector for a text's hex SHA-256, or null; read from the file (after writing what
   * is buffered, if the record is among it). A record found damaged since the store was opened
   * counts as missing, and in {@link #droppedRecords()}.
   */
  public float[] get(String textSha256) throws IOException {
    Long offset = offsets.get(textSha256);
    if (offset == null) {
      float[] vector = unsaved.get(textSha256);
      return vector == null ? null : vector.clone();
    }
    if (offset >= flushedEnd) {
      flush();
    }
    ByteBuffer record = VectorRecords.recordBuffer(recordBytes);
    if (!VectorRecords.read(channel, offset, record)
        || !VectorRecords.hash(record).equals(textSha256)) {
      offsets.remove(textSha256);
      dropped++;
      return null;
    }
    float[] vector = new float[dimension];
    record.position(VectorRecords.HASH_BYTES);
    record.asFloatBuffer().get(vector);
    return vector;
  }

  /** Adds a vector; it reaches the file at the next {@link #flush()} (or when the buffer fills). */
  public void put(String textSha256, float[] vector) throws IOException {
    if (vector.length != dimension) {
      throw new IllegalArgumentException(
          "vector has " + vector.length + " dims; this cache holds " + dimension);
    }
    if (offsets.containsKey(textSha256) || unsaved.containsKey(textSha256)) {
      return;
    }
    if (lock == null) {
      unsaved.put(textSha256, vector.clone());
      return;
    }
    long at = flushedEnd + pending.position();
    if (inCall) {
      runs.begin(at); // noted before the record can reach the file
    }
    offsets.put(textSha256, at);
    VectorRecords.put(pending, textSha256, vector);
    if (!pending.hasRemaining()) {
      flush();
    }
  }

  /** Writes buffered records to the file. */
  public void flush() throws IOException {
    pending.flip();
    while (pending.hasRemaining()) {
      flushedEnd += channel.write(pending);
    }
    pending.clear();
  }

  /**
   * An index call begins: the vectors it puts from now are noted as unfinished (in {@link
   * UnfinishedRuns}, when the first one is put) until {@link #callCommitted()}. Nothing happens
   * on a read-only store.
   */
  public void beginCall() {
    inCall = lock != null;
  }

  /** The index call committed: its vectors are the index's chunks' now. */
  public void callCommitted() throws IOException {
    if (inCall) {
      inCall = false;
      runs.committed();
    }
  }

  /**
   * The index call failed without committing: the vectors it put stay noted as unfinished, so
   * that an automatic compaction keeps them for its next run.
   */
  public void callFailed() throws IOException {
    if (inCall) {
      inCall = false;
      flush();
      runs.abandoned(flushedEnd);
    }
  }

  /** Vectors put by index calls that did not finish (at most: some may be live since). */
  public int unfinishedVectors() {
    return runs == null ? 0 : (int) (runs.protectedBytes() / recordBytes);
  }

  /**
   * Rewrites the file with only the vectors of {@code liveHashes} (hex SHA-256s of the texts the
   * index's chunks embed) and, with {@code keepUnfinished}, those that index calls which did not
   * commit put: into a new file beside it, forced to disk and moved over it, so that a kill at
   * any point leaves the old file or the new one, whole. This store then reads and appends to
   * the new file, whose lock it took before the move.
   *
   * @throws IllegalStateException if the store is read-only (another process holds the file)
   *     or an index call is under way
   */
  public VectorCompaction compact(Set<String> liveHashes, boolean keepUnfinished)
      throws IOException {
    if (lock == null) {
      throw new IllegalStateException("embedding cache " + file + " is held by another process,"
          + " which may still add to it; not compacted");
    }
    if (inCall) {
      throw new IllegalStateException("an index call is writing to " + file + "; not compacted");
    }
    flush();
    int before = offsets.size();
    VectorFileRewrite rewrite = VectorFileRewrite.write(file, channel, offsets, recordBytes,
        VectorRecords.header(modelId, dimension), liveHashes, runs, keepUnfinished);
    FileChannel old = channel;
    channel = rewrite.channel();
    lock = rewrite.lock();
    offsets = rewrite.offsets();
    flushedEnd = rewrite.end();
    dropped += rewrite.damaged();
    channel.position(flushedEnd);
    try {
      old.close(); // the old file's lock goes with it; the new file's was taken before the move
    } finally {
      runs.replace(rewrite.unfinished());
    }
    return new VectorCompaction(file, before, offsets.size(), rewrite.unfinishedKept(),
        rewrite.unfinishedDropped(), rewrite.bytesBefore(), flushedEnd);
  }

  /** The cache file. */
  public Path file() {
    return file;
  }

  /** Number of cached vectors. */
  public int size() {
    return offsets.size() + unsaved.size();
  }

  /** Damaged records skipped: when the file was opened, or found so by {@link #get} later. */
  public int droppedRecords() {
    return dropped;
  }

  /** Whether this store can add to its file (false when another process holds it). */
  public boolean writable() {
    return lock != null;
  }

  @Override
  public void close() throws IOException {
    try {
      if (lock != null) {
        flush();
        channel.force(false);
      }
    } finally {
      channel.close();
    }
  }
}
