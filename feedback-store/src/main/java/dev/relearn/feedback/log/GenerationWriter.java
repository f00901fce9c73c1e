package dev.relearn.feedback.log;

import static dev.relearn.feedback.log.RecordFormat.HEADER_BYTES;

import dev.relearn.lucene.files.StorageOpener;
import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Set;
import java.util.zip.CRC32C;

/**
 * Writes records to one generation file with positional writes through a single channel, reusing
 * one direct buffer for every record (no per-record allocation). Not thread-safe:
 * {@link RecordAppender} serialises writes with its write lock and fsyncs with its sync lock; an
 * fsync may run concurrently with a write.
 *
 * <p>A thread interrupted during a channel operation closes the channel (NIO semantics); the
 * writer then reopens the file for the next operation, so one interrupted caller fails alone.
 */
final class GenerationWriter implements Closeable {
  private static final int INITIAL_BUFFER = 64 * 1024;

  /** What {@link #perform} does on the channel. */
  private enum Operation { WRITE, TRUNCATE, FORCE }

  private final long generation;
  private final Path file;
  private final StorageOpener opener;
  private final CRC32C crc = new CRC32C();
  private volatile FileChannel channel;
  private ByteBuffer frame = ByteBuffer.allocateDirect(INITIAL_BUFFER);
  private int frameBytes;
  private long position;
  private long maxSeq;
  private boolean truncatePending;
  private volatile boolean closed;

  private GenerationWriter(long generation, Path file, StorageOpener opener, FileChannel channel,
      long position) {
    this.generation = generation;
    this.file = file;
    this.opener = opener;
    this.channel = channel;
    this.position = position;
  }

  /** Creates a new, empty generation file (owner-only on POSIX), or continues an empty one. */
  static GenerationWriter open(long generation, Path file, StorageOpener opener, boolean create)
      throws IOException {
    try {
      FileChannel channel = create ? opener.channel(file, Set.of(StandardOpenOption.CREATE_NEW,
          StandardOpenOption.WRITE), LogFolder.fileAttributes())
          : opener.channel(file, Set.of(StandardOpenOption.WRITE));
      return new GenerationWriter(generation, file, opener, channel, 0);
    } catch (IOException e) {
      throw new IOException("cannot " + (create ? "create" : "open")
          + " the feedback log generation " + file + ": " + RecordFormat.describe(e), e);
    }
  }

  long generation() {
    return generation;
  }

  Path file() {
    return file;
  }

  /** The highest sequence number written here, 0 if none. */
  long maxSeq() {
    return maxSeq;
  }

  boolean isEmpty() {
    return position == 0;
  }

  /**
   * Writes one record after the last complete one. On failure nothing counts as written: call
   * {@link #rollback()}.
   */
  void write(long seq, byte[] payload) throws IOException {
    if (truncatePending) {
      rollback();
    }
    int length = payload.length;
    if (frame.capacity() < HEADER_BYTES + length) {
      frame = ByteBuffer.allocateDirect(Math.min(HEADER_BYTES + RecordFormat.MAX_PAYLOAD_BYTES,
          Math.max(HEADER_BYTES + length, frame.capacity() * 2)));
    }
    ByteBuffer buf = frame;
    buf.clear();
    buf.putInt(RecordFormat.MAGIC).putInt(length).putLong(seq).putInt(0).put(payload);
    buf.putInt(RecordFormat.CRC_OFFSET, RecordFormat.checksum(crc, buf, length));
    frameBytes = HEADER_BYTES + length;
    perform(Operation.WRITE);
    maxSeq = seq;
  }

  /**
   * Cuts off whatever a failed write left after the last complete record. A thread that is
   * interrupted cannot touch the channel: then the next write does it.
   */
  void rollback() throws IOException {
    if (Thread.currentThread().isInterrupted()) {
      truncatePending = true;
      return;
    }
    perform(Operation.TRUNCATE);
    truncatePending = false;
  }

  /**
   * Does the {@link #rollback} an interrupted thread left to the next write, if there was none
   * since: before the generation is rolled away from, as the next one reuses that record's number.
   */
  void settle() throws IOException {
    if (truncatePending) {
      perform(Operation.TRUNCATE);
      truncatePending = false;
    }
  }

  /**
   * Forces written records to disk ({@code force(false)}: the data and the file length). A
   * {@link ClosedByInterruptException} means this thread was interrupted: nothing is known.
   */
  void force() throws IOException {
    perform(Operation.FORCE);
  }

  /**
   * Runs one channel operation. If another thread's interrupt closed the channel, the file is
   * reopened and the operation repeated: written pages are still in the page cache, and an fsync
   * through a new descriptor writes them.
   */
  private void perform(Operation operation) throws IOException {
    FileChannel current = channel;
    if (!current.isOpen()) {
      current = reopen(current);
    }
    try {
      apply(operation, current);
    } catch (ClosedByInterruptException e) {
      throw e;
    } catch (ClosedChannelException e) {
      apply(operation, reopen(current));
    }
  }

  private void apply(Operation operation, FileChannel target) throws IOException {
    switch (operation) {
      case WRITE -> {
        ByteBuffer buf = frame;
        buf.limit(frameBytes).position(0);
        long at = position;
        while (buf.hasRemaining()) {
          at += target.write(buf, at);
        }
        position = at;
      }
      case TRUNCATE -> target.truncate(position);
      case FORCE -> target.force(false);
    }
  }

  private synchronized FileChannel reopen(FileChannel broken) throws IOException {
    if (closed) {
      throw new ClosedChannelException();
    }
    if (channel != broken) {
      return channel; // another thread reopened it already
    }
    try {
      broken.close();
      channel = opener.channel(file, Set.of(StandardOpenOption.WRITE));
      return channel;
    } catch (IOException e) {
      throw new IOException("cannot reopen the feedback log generation " + file + ": "
          + RecordFormat.describe(e), e);
    }
  }

  /** Closes and deletes the file of a generation that never came into use. */
  void discard(IOException failure) {
    try {
      close();
      Files.deleteIfExists(file);
    } catch (IOException e) {
      failure.addSuppressed(e);
    }
  }

  @Override
  public synchronized void close() throws IOException {
    closed = true;
    channel.close();
  }
}
