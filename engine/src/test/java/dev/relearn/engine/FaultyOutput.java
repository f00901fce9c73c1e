package dev.relearn.engine;

import java.io.IOException;
import org.apache.lucene.store.IndexOutput;

/** An index output whose writes {@link StorageFaults} may fail, a full disk after a prefix. */
final class FaultyOutput extends IndexOutput {
  private final IndexOutput out;
  private final StorageFaults faults;

  FaultyOutput(IndexOutput out, StorageFaults faults) {
    super("faulty(" + out + ")", out.getName());
    this.out = out;
    this.faults = faults;
  }

  @Override
  public void writeByte(byte b) throws IOException {
    int allowed = faults.beforeWrite(getName(), 1);
    if (allowed < 1) {
      throw faults.writeFailure(getName(), allowed);
    }
    out.writeByte(b);
  }

  @Override
  public void writeBytes(byte[] b, int offset, int length) throws IOException {
    int allowed = faults.beforeWrite(getName(), length);
    if (allowed < length) {
      if (allowed > 0) {
        out.writeBytes(b, offset, allowed);
      }
      throw faults.writeFailure(getName(), allowed);
    }
    out.writeBytes(b, offset, length);
  }

  @Override
  public void close() throws IOException {
    out.close();
  }

  @Override
  public long getFilePointer() {
    return out.getFilePointer();
  }

  @Override
  public long getChecksum() throws IOException {
    return out.getChecksum();
  }
}
