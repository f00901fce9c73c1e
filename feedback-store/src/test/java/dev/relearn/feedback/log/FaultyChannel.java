package dev.relearn.feedback.log;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A file channel that passes everything to a real one, except for the faults its {@link Faults}
 * inject: a write that stores half its bytes and then fails, a failing fsync, a failing
 * truncation. Counts fsyncs and remembers the file size each one covered.
 */
final class FaultyChannel extends FileChannel {
  /** The faults to inject, shared by every channel of one opener. */
  static final class Faults {
    final AtomicInteger forces = new AtomicInteger();
    final AtomicReference<IOException> nextWrite = new AtomicReference<>();
    final AtomicReference<IOException> nextOpen = new AtomicReference<>();
    volatile IOException force;
    volatile IOException truncate;
    volatile long lastForcedSize = -1;

    /** An opener whose channels inject these faults; {@link #nextOpen} fails the next open. */
    ChannelOpener opener() {
      return (file, options, attributes) -> {
        IOException failure = nextOpen.getAndSet(null);
        if (failure != null) {
          throw failure;
        }
        return new FaultyChannel(FileChannel.open(file, options, attributes), this);
      };
    }
  }

  private final FileChannel delegate;
  private final Faults faults;

  private FaultyChannel(FileChannel delegate, Faults faults) {
    this.delegate = delegate;
    this.faults = faults;
  }

  @Override
  public int write(ByteBuffer src, long position) throws IOException {
    IOException failure = faults.nextWrite.getAndSet(null);
    if (failure != null) {
      ByteBuffer half = src.slice(src.position(), src.remaining() / 2);
      delegate.write(half, position);
      throw failure;
    }
    return delegate.write(src, position);
  }

  @Override
  public void force(boolean metaData) throws IOException {
    IOException failure = faults.force;
    if (failure != null) {
      throw failure;
    }
    long size = delegate.size();
    delegate.force(metaData);
    faults.lastForcedSize = size;
    faults.forces.incrementAndGet();
  }

  @Override
  public FileChannel truncate(long size) throws IOException {
    IOException failure = faults.truncate;
    if (failure != null) {
      throw failure;
    }
    delegate.truncate(size);
    return this;
  }

  @Override
  public int read(ByteBuffer dst) throws IOException {
    return delegate.read(dst);
  }

  @Override
  public long read(ByteBuffer[] dsts, int offset, int length) throws IOException {
    return delegate.read(dsts, offset, length);
  }

  @Override
  public int write(ByteBuffer src) throws IOException {
    return delegate.write(src);
  }

  @Override
  public long write(ByteBuffer[] srcs, int offset, int length) throws IOException {
    return delegate.write(srcs, offset, length);
  }

  @Override
  public long position() throws IOException {
    return delegate.position();
  }

  @Override
  public FileChannel position(long newPosition) throws IOException {
    delegate.position(newPosition);
    return this;
  }

  @Override
  public long size() throws IOException {
    return delegate.size();
  }

  @Override
  public long transferTo(long position, long count, WritableByteChannel target)
      throws IOException {
    return delegate.transferTo(position, count, target);
  }

  @Override
  public long transferFrom(ReadableByteChannel src, long position, long count)
      throws IOException {
    return delegate.transferFrom(src, position, count);
  }

  @Override
  public int read(ByteBuffer dst, long position) throws IOException {
    return delegate.read(dst, position);
  }

  @Override
  public MappedByteBuffer map(MapMode mode, long position, long size) throws IOException {
    return delegate.map(mode, position, size);
  }

  @Override
  public FileLock lock(long position, long size, boolean shared) throws IOException {
    return delegate.lock(position, size, shared);
  }

  @Override
  public FileLock tryLock(long position, long size, boolean shared) throws IOException {
    return delegate.tryLock(position, size, shared);
  }

  @Override
  protected void implCloseChannel() throws IOException {
    delegate.close();
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
