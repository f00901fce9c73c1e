package dev.relearn.engine;

import dev.relearn.lucene.files.FilterFileChannel;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/**
 * A file channel (the feedback log's) whose writes and fsyncs {@link StorageFaults} may fail; a
 * failed write stores what the fault allows (a full disk's prefix) first.
 */
final class FaultyFileChannel extends FilterFileChannel {
  private final String name;
  private final StorageFaults faults;

  FaultyFileChannel(FileChannel in, String name, StorageFaults faults) {
    super(in);
    this.name = name;
    this.faults = faults;
  }

  @Override
  public int write(ByteBuffer src, long position) throws IOException {
    int length = src.remaining();
    int allowed = faults.beforeWrite(name, length);
    if (allowed < length) {
      if (allowed > 0) {
        in.write(src.slice(src.position(), allowed), position);
      }
      throw faults.writeFailure(name, allowed);
    }
    return in.write(src, position);
  }

  @Override
  public int write(ByteBuffer src) throws IOException {
    int length = src.remaining();
    int allowed = faults.beforeWrite(name, length);
    if (allowed < length) {
      if (allowed > 0) {
        in.write(src.slice(src.position(), allowed));
      }
      throw faults.writeFailure(name, allowed);
    }
    return in.write(src);
  }

  @Override
  public long write(ByteBuffer[] srcs, int offset, int length) throws IOException {
    long written = 0;
    for (int i = offset; i < offset + length; i++) {
      written += write(srcs[i]);
    }
    return written;
  }

  @Override
  public void force(boolean metaData) throws IOException {
    faults.beforeSync(name);
    in.force(metaData);
  }
}
