package dev.relearn.feedback.log;

import dev.relearn.lucene.files.FilterFileChannel;
import dev.relearn.lucene.files.StorageOpener;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.FileChannel;
import java.nio.file.FileSystems;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.LockFactory;

/**
 * A file channel that passes everything to a real one, except for the faults its {@link Faults}
 * inject: a write that stores half its bytes and then fails, a write that stores all of them
 * and is then interrupted, a failing fsync, a failing truncation. Counts fsyncs and remembers the file size each one covered.
 */
final class FaultyChannel extends FilterFileChannel {
  /** The faults to inject, shared by every channel of one opener. */
  static final class Faults {
    final AtomicInteger forces = new AtomicInteger();
    final AtomicReference<IOException> nextWrite = new AtomicReference<>();
    final AtomicReference<IOException> nextOpen = new AtomicReference<>();
    /** The next write stores all its bytes, then its thread is interrupted, as by a caller. */
    final AtomicBoolean interruptAfterWrite = new AtomicBoolean();
    volatile IOException force;
    volatile IOException truncate;
    volatile long lastForcedSize = -1;

    /** An opener whose channels inject these faults; {@link #nextOpen} fails the next open. */
    StorageOpener opener() {
      return new StorageOpener() {
        @Override
        public Directory directory(Path folder, LockFactory locks) throws IOException {
          return REAL.directory(folder, locks);
        }

        @Override
        public FileChannel channel(Path file, Set<? extends OpenOption> options,
            FileAttribute<?>... attributes) throws IOException {
          IOException failure = nextOpen.getAndSet(null);
          if (failure != null) {
            throw failure;
          }
          return new FaultyChannel(FileChannel.open(file, options, attributes), Faults.this);
        }
      };
    }
  }

  private final Faults faults;

  private FaultyChannel(FileChannel delegate, Faults faults) {
    super(delegate);
    this.faults = faults;
  }

  @Override
  public int write(ByteBuffer src, long position) throws IOException {
    IOException failure = faults.nextWrite.getAndSet(null);
    if (failure != null) {
      ByteBuffer half = src.slice(src.position(), src.remaining() / 2);
      in.write(half, position);
      throw failure;
    }
    if (faults.interruptAfterWrite.getAndSet(false)) {
      int written = 0;
      while (src.hasRemaining()) {
        written += in.write(src, position + written);
      }
      Thread.currentThread().interrupt(); // as NIO does when the interrupt comes mid-write
      close();
      throw new ClosedByInterruptException();
    }
    return in.write(src, position);
  }

  @Override
  public void force(boolean metaData) throws IOException {
    IOException failure = faults.force;
    if (failure != null) {
      throw failure;
    }
    long size = in.size();
    in.force(metaData);
    faults.lastForcedSize = size;
    faults.forces.incrementAndGet();
  }

  @Override
  public FileChannel truncate(long size) throws IOException {
    IOException failure = faults.truncate;
    if (failure != null) {
      throw failure;
    }
    in.truncate(size);
    return this;
  }

  /** Whether this process can create files in a folder without write permission (root can). */
  static boolean ignoresPermissions(Path readOnlyDir) {
    if (!FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
      return true;
    }
    Path probe = readOnlyDir.resolve("probe");
    try {
      java.nio.file.Files.createFile(probe);
      java.nio.file.Files.delete(probe);
      return true;
    } catch (IOException e) {
      return false;
    }
  }
}
