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
 * A vector cache file as this JVM has it open: its one channel and lock, where each record
 * starts, the records not yet written and the unfinished index calls. Every {@link VectorStore}
 * of the JVM on the file goes through the same instance ({@link OpenVectorFiles} counts them),
 * because a JVM's file locks are POSIX locks: closing any channel on the file would release
 * them. Every method is synchronised, so the stores' reads, writes and compactions take turns.
 *
 * <p>The index calls of all stores share one noted range ({@link UnfinishedRuns}): it opens at
 * the first vector a call puts and closes when the last call in flight ends, removed if every
 * call in it committed, else kept (all its records, some perhaps live, which costs nothing).
 */
final class VectorFile {
  private final Path file;
  private final String modelId;
  private final int dimension;
  private final int recordBytes;
  private final ByteBuffer pending;
  /** Where each record starts in the file, by text hash. */
  private Map<String, Long> offsets = new HashMap<>();
  /** Vectors put while read-only: they cannot reach the file. */
  private final Map<String, float[]> unsaved = new HashMap<>();
  private FileChannel channel;
  /** Null when read-only: another process holds the file. */
  private FileLock lock;
  /** Null when read-only. */
  private UnfinishedRuns runs;
  /** Index calls between {@link #beginCall} and {@link #endCall}. */
  private int callsInFlight;
  /** Whether a call that ended while others were in flight failed. */
  private boolean callFailed;
  /** The file's length without {@link #pending}: where the next flushed record lands. */
  private long flushedEnd;
  private int dropped;

  private VectorFile(Path file, String modelId, int dimension, FileChannel channel,
      FileLock lock) {
    this.file = file;
    this.modelId = modelId;
    this.dimension = dimension;
    this.channel = channel;
    this.lock = lock;
    this.recordBytes = VectorRecords.recordBytes(dimension);
    this.pending = ByteBuffer.allocate(recordBytes * 64).order(ByteOrder.LITTLE_ENDIAN);
  }

  /**
   * Opens or creates {@code file} in {@code dir}, locked unless another process holds it. The
   * caller makes sure that no other channel of this JVM is open on it.
   */
  static VectorFile open(Path dir, Path file, String modelId, int dimension) throws IOException {
    FileChannel channel = VectorRecords.openFile(dir, file);
    FileLock lock;
    try {
      OwnerOnly.restrict(file);
      lock = channel.tryLock();
    } catch (OverlappingFileLockException e) { // code outside relearn's stores locked it
      channel.close();
      throw new IOException("embedding cache " + file + " is locked elsewhere in this process,"
          + " not by a vector store (another link to the same file?)", e);
    } catch (IOException | RuntimeException e) {
      channel.close();
      throw e;
    }
    VectorFile open = new VectorFile(file, modelId, dimension, channel, lock);
    try {
      open.load();
      if (lock != null) {
        Files.deleteIfExists(VectorFileRewrite.tempOf(file)); // left by a stopped compaction
        open.runs = UnfinishedRuns.load(file, open.flushedEnd);
      }
    } catch (IOException | RuntimeException e) {
      channel.close();
      throw e;
    }
    return open;
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
      throw notThisModel(modelId, dimension);
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

  private IOException notThisModel(String otherModel, int otherDimension) {
    return new IOException("embedding cache " + file + " does not belong to model '" + otherModel
        + "' with " + otherDimension + " dims; move it away to rebuild it");
  }

  /** Refuses a store of another model or dimension (the file name can be the same). */
  synchronized void requireModel(String otherModel, int otherDimension) throws IOException {
    if (!modelId.equals(otherModel) || dimension != otherDimension) {
      throw notThisModel(otherModel, otherDimension);
    }
  }

  synchronized float[] get(String textSha256) throws IOException {
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

  /** Adds a vector; {@code inCall} when an index call puts it, which notes its range. */
  synchronized void put(String textSha256, float[] vector, boolean inCall) throws IOException {
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

  synchronized void flush() throws IOException {
    pending.flip();
    while (pending.hasRemaining()) {
      flushedEnd += channel.write(pending);
    }
    pending.clear();
  }

  /** An index call begins; returns whether it is noted (false when read-only). */
  synchronized boolean beginCall() {
    if (lock == null) {
      return false;
    }
    callsInFlight++;
    return true;
  }

  /**
   * A noted index call ended, {@code committed} or not. When it was the last in flight, the
   * range of the calls that overlapped it is removed if all of them committed, else kept.
   */
  synchronized void endCall(boolean committed) throws IOException {
    if (callsInFlight == 0) {
      throw new IllegalStateException("no index call is under way on " + file);
    }
    callsInFlight--;
    callFailed |= !committed;
    flush(); // a failed call's vectors reach the file for its next run
    if (callsInFlight == 0) {
      boolean failed = callFailed;
      callFailed = false;
      if (failed) {
        runs.abandoned(flushedEnd);
      } else {
        runs.committed();
      }
    }
  }

  /** Whether no index call is under way. */
  synchronized boolean idle() {
    return callsInFlight == 0;
  }

  synchronized int unfinishedVectors() {
    return runs == null ? 0 : (int) (runs.protectedBytes() / recordBytes);
  }

  /** See {@link VectorStore#compact}. */
  synchronized VectorCompaction compact(Set<String> liveHashes, boolean keepUnfinished)
      throws IOException {
    if (lock == null) {
      throw new IllegalStateException("embedding cache " + file + " is held by another process,"
          + " which may still add to it; not compacted");
    }
    if (callsInFlight > 0) {
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

  Path file() {
    return file;
  }

  synchronized int size() {
    return offsets.size() + unsaved.size();
  }

  synchronized int droppedRecords() {
    return dropped;
  }

  synchronized boolean writable() {
    return lock != null;
  }

  /** Writes what is buffered and forces it to disk; nothing when read-only. */
  synchronized void sync() throws IOException {
    if (lock != null) {
      flush();
      channel.force(false);
    }
  }

  /** Writes what is buffered, forces it and closes the channel: its lock goes with it. */
  synchronized void close() throws IOException {
    try {
      sync();
    } finally {
      channel.close();
    }
  }
}
