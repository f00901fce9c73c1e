package dev.relearn.feedback.learn;

import java.io.IOException;
import java.util.concurrent.atomic.LongAdder;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FilterDirectory;
import org.apache.lucene.store.FilterIndexOutput;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.IndexOutput;

/** A directory that counts every byte written to it, temporary files included. */
final class CountingDirectory extends FilterDirectory {
  private final LongAdder written = new LongAdder();

  CountingDirectory(Directory in) {
    super(in);
  }

  /** The bytes written to files closed so far. */
  long bytesWritten() {
    return written.sum();
  }

  /** The total size of the files in the directory now. */
  long sizeOnDisk() throws IOException {
    long size = 0;
    for (String file : listAll()) {
      size += fileLength(file);
    }
    return size;
  }

  @Override
  public IndexOutput createOutput(String name, IOContext context) throws IOException {
    return new Counting(super.createOutput(name, context));
  }

  @Override
  public IndexOutput createTempOutput(String prefix, String suffix, IOContext context)
      throws IOException {
    return new Counting(super.createTempOutput(prefix, suffix, context));
  }

  /** Adds a file's length to the count when it is closed. */
  private final class Counting extends FilterIndexOutput {
    private boolean closed;

    Counting(IndexOutput out) {
      super("counting(" + out + ")", out.getName(), out);
    }

    @Override
    public void close() throws IOException {
      if (!closed) {
        closed = true;
        written.add(getFilePointer());
      }
      super.close();
    }
  }
}
