package dev.relearn.indexer.embed;

import dev.relearn.lucene.files.OwnerOnly;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.zip.CRC32;

/**
 * A persistent cache of document embeddings, keyed by the SHA-256 of the embedded text, one file
 * per model ({@code <dir>/<modelId>.vectors}). Unchanged chunks are therefore never embedded
 * twice, across runs and across indexes that share the folder.
 *
 * <p>Format: a header (magic, dimension, model id), then fixed-size records of hash, vector and a
 * CRC32. A torn tail (a kill during a write) is truncated on open and a damaged record is
 * skipped; either only costs a re-embedding. When another process holds the file's lock, this
 * store is read-only for its lifetime. Only document text hashes and vectors are stored, never
 * query text. Not thread-safe: callers synchronise.
 */
public final class VectorStore implements AutoCloseable {
  private static final int MAGIC = 0x524c5643; // "RLVC"
  private static final int HASH_BYTES = 32;

  private final Path file;
  private final int dimension;
  private final Map<String, float[]> vectors = new HashMap<>();
  private final FileChannel channel;
  private final FileLock lock;
  private final int recordBytes;
  private final ByteBuffer pending;
  private int dropped;

  private VectorStore(Path file, int dimension, FileChannel channel, FileLock lock) {
    this.file = file;
    this.dimension = dimension;
    this.channel = channel;
    this.lock = lock;
    this.recordBytes = HASH_BYTES + 4 * dimension + 4;
    this.pending = ByteBuffer.allocate(recordBytes * 64).order(ByteOrder.LITTLE_ENDIAN);
  }

  /** Opens or creates the store for {@code modelId} in {@code dir}. */
  public static VectorStore open(Path dir, String modelId, int dimension) throws IOException {
    Files.createDirectories(dir);
    Path file = dir.resolve(modelId.replaceAll("[^A-Za-z0-9._-]", "_") + ".vectors");
    FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE,
        StandardOpenOption.READ, StandardOpenOption.WRITE);
    OwnerOnly.restrict(file);
    FileLock lock;
    try {
      lock = channel.tryLock();
    } catch (OverlappingFileLockException e) {
      lock = null; // held by this JVM through another store: share it read-only
    }
    VectorStore store = new VectorStore(file, dimension, channel, lock);
    try {
      store.load(modelId);
    } catch (IOException | RuntimeException e) {
      store.close();
      throw e;
    }
    return store;
  }

  private void load(String modelId) throws IOException {
    byte[] id = modelId.getBytes(StandardCharsets.UTF_8);
    ByteBuffer header = ByteBuffer.allocate(12 + id.length).order(ByteOrder.LITTLE_ENDIAN);
    header.putInt(MAGIC).putInt(dimension).putInt(id.length).put(id).flip();
    long size = channel.size();
    if (size == 0) {
      if (lock != null) {
        channel.write(header, 0);
      }
      channel.position(header.capacity());
      return;
    }
    ByteBuffer existing = ByteBuffer.allocate(header.capacity());
    channel.read(existing, 0);
    if (!existing.flip().equals(header)) {
      throw new IOException("embedding cache " + file + " does not belong to model '" + modelId
          + "' with " + dimension + " dims; move it away to rebuild it");
    }
    long position = header.capacity();
    ByteBuffer record = ByteBuffer.allocate(recordBytes).order(ByteOrder.LITTLE_ENDIAN);
    while (position + recordBytes <= size) {
      record.clear();
      channel.read(record, position);
      record.flip();
      if (!readRecord(record)) {
        dropped++;
      }
      position += recordBytes;
    }
    if (position < size && lock != null) {
      channel.truncate(position); // a torn tail from an interrupted write
    }
    channel.position(position);
  }

  private boolean readRecord(ByteBuffer record) {
    CRC32 crc = new CRC32();
    crc.update(record.array(), 0, recordBytes - 4);
    if ((int) crc.getValue() != record.getInt(recordBytes - 4)) {
      return false;
    }
    byte[] hash = new byte[HASH_BYTES];
    record.get(hash);
    float[] vector = new float[dimension];
    record.asFloatBuffer().get(vector);
    vectors.put(HexFormat.of().formatHex(hash), vector);
    return true;
  }

  /** The cached vector for a text's hex SHA-256, or null. The array is a copy. */
  public float[] get(String textSha256) {
    float[] vector = vectors.get(textSha256);
    return vector == null ? null : vector.clone();
  }

  /** Adds a vector; it reaches the file at the next {@link #flush()} (or when the buffer fills). */
  public void put(String textSha256, float[] vector) throws IOException {
    if (vector.length != dimension) {
      throw new IllegalArgumentException(
          "vector has " + vector.length + " dims; this cache holds " + dimension);
    }
    if (vectors.putIfAbsent(textSha256, vector.clone()) != null || lock == null) {
      return;
    }
    int start = pending.position();
    pending.put(HexFormat.of().parseHex(textSha256));
    for (float v : vector) {
      pending.putFloat(v);
    }
    CRC32 crc = new CRC32();
    crc.update(pending.array(), start, recordBytes - 4);
    pending.putInt((int) crc.getValue());
    if (!pending.hasRemaining()) {
      flush();
    }
  }

  /** Writes buffered records to the file. */
  public void flush() throws IOException {
    pending.flip();
    while (pending.hasRemaining()) {
      channel.write(pending);
    }
    pending.clear();
  }

  /** Number of cached vectors. */
  public int size() {
    return vectors.size();
  }

  /** Damaged records skipped when the file was opened. */
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
