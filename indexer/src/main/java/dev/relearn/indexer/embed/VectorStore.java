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
import java.nio.file.LinkOption;
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
 * skipped; either only costs a re-embedding. Memory holds each record's position, not its
 * vector (a tenth of the size), and {@link #get} reads the record back. When another process
 * holds the file's lock, this store is read-only for its lifetime and keeps what is put in
 * memory. Only document text hashes and vectors are stored, never query text. Not thread-safe:
 * callers synchronise.
 */
public final class VectorStore implements AutoCloseable {
  private static final int MAGIC = 0x524c5643; // "RLVC"
  private static final int HASH_BYTES = 32;

  private final Path file;
  private final int dimension;
  /** Where each record starts in the file, by text hash. */
  private final Map<String, Long> offsets = new HashMap<>();
  /** Vectors put into a read-only store: they cannot reach the file. */
  private final Map<String, float[]> unsaved = new HashMap<>();
  private final FileChannel channel;
  private final FileLock lock;
  private final int recordBytes;
  private final ByteBuffer pending;
  /** The file's length without {@link #pending}: where the next flushed record lands. */
  private long flushedEnd;
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
    if (Files.isSymbolicLink(file)) {
      // in a shared cache folder, a link would make this process restrict and write its target
      throw new IOException("embedding cache " + file + " is a symbolic link; relearn does not"
          + " follow it: remove it, or choose another --vector-cache folder");
    }
    FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE,
        StandardOpenOption.READ, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
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
    ByteBuffer record = ByteBuffer.allocate(recordBytes).order(ByteOrder.LITTLE_ENDIAN);
    while (position + recordBytes <= size) {
      record.clear();
      channel.read(record, position);
      record.flip();
      if (intact(record)) {
        offsets.putIfAbsent(HexFormat.of().formatHex(record.array(), 0, HASH_BYTES), position);
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

  private boolean intact(ByteBuffer record) {
    CRC32 crc = new CRC32();
    crc.update(record.array(), 0, recordBytes - 4);
    return (int) crc.getValue() == record.getInt(recordBytes - 4);
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
    ByteBuffer record = ByteBuffer.allocate(recordBytes).order(ByteOrder.LITTLE_ENDIAN);
    while (record.hasRemaining()) {
      if (channel.read(record, offset + record.position()) < 0) {
        break;
      }
    }
    record.flip();
    if (record.remaining() < recordBytes || !intact(record)
        || !HexFormat.of().formatHex(record.array(), 0, HASH_BYTES).equals(textSha256)) {
      offsets.remove(textSha256);
      dropped++;
      return null;
    }
    float[] vector = new float[dimension];
    record.position(HASH_BYTES);
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
    int start = pending.position();
    offsets.put(textSha256, flushedEnd + start);
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
      flushedEnd += channel.write(pending);
    }
    pending.clear();
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
