package dev.relearn.lucene.files;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.util.Objects;

/**
 * A file channel that passes every call to another, as Lucene's {@code FilterDirectory} does for
 * directories: the base of channels that change a few calls, such as the tests' fault-injecting
 * ones given through a {@link StorageOpener} (test scope: lucene-module's test jar). Closing it
 * closes the other.
 */
public class FilterFileChannel extends FileChannel {
  /** The channel every call goes to. */
  protected final FileChannel in;

  /** A channel passing every call to {@code in}. */
  public FilterFileChannel(FileChannel in) {
    this.in = Objects.requireNonNull(in, "in");
  }

  @Override
  public int read(ByteBuffer dst) throws IOException {
    return in.read(dst);
  }

  @Override
  public long read(ByteBuffer[] dsts, int offset, int length) throws IOException {
    return in.read(dsts, offset, length);
  }

  @Override
  public int read(ByteBuffer dst, long position) throws IOException {
    return in.read(dst, position);
  }

  @Override
  public int write(ByteBuffer src) throws IOException {
    return in.write(src);
  }

  @Override
  public long write(ByteBuffer[] srcs, int offset, int length) throws IOException {
    return in.write(srcs, offset, length);
  }

  @Override
  public int write(ByteBuffer src, long position) throws IOException {
    return in.write(src, position);
  }

  @Override
  public long position() throws IOException {
    return in.position();
  }

  @Override
  public FileChannel position(long newPosition) throws IOException {
    in.position(newPosition);
    return this;
  }

  @Override
  public long size() throws IOException {
    return in.size();
  }

  @Override
  public FileChannel truncate(long size) throws IOException {
    in.truncate(size);
    return this;
  }

  @Override
  public void force(boolean metaData) throws IOException {
    in.force(metaData);
  }

  @Override
  public long transferTo(long position, long count, WritableByteChannel target)
      throws IOException {
    return in.transferTo(position, count, target);
  }

  @Override
  public long transferFrom(ReadableByteChannel src, long position, long count)
      throws IOException {
    return in.transferFrom(src, position, count);
  }

  @Override
  public MappedByteBuffer map(MapMode mode, long position, long size) throws IOException {
    return in.map(mode, position, size);
  }

  @Override
  public FileLock lock(long position, long size, boolean shared) throws IOException {
    return in.lock(position, size, shared);
  }

  @Override
  public FileLock tryLock(long position, long size, boolean shared) throws IOException {
    return in.tryLock(position, size, shared);
  }

  @Override
  protected void implCloseChannel() throws IOException {
    in.close();
  }
}
