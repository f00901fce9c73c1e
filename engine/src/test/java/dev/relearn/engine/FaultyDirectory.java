package dev.relearn.engine;

import java.io.IOException;
import java.util.Collection;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FilterDirectory;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.IndexOutput;

/**
 * A Lucene directory whose writes, fsyncs and renames {@link StorageFaults} may fail: its
 * outputs are {@link FaultyOutput}s, and {@link #sync}, {@link #syncMetaData} and {@link #rename}
 * ask first.
 */
final class FaultyDirectory extends FilterDirectory {
  private final StorageFaults faults;

  FaultyDirectory(Directory in, StorageFaults faults) {
    super(in);
    this.faults = faults;
  }

  @Override
  public IndexOutput createOutput(String name, IOContext context) throws IOException {
    return new FaultyOutput(in.createOutput(name, context), faults);
  }

  @Override
  public IndexOutput createTempOutput(String prefix, String suffix, IOContext context)
      throws IOException {
    return new FaultyOutput(in.createTempOutput(prefix, suffix, context), faults);
  }

  @Override
  public void sync(Collection<String> names) throws IOException {
    faults.beforeSync(String.join(", ", names));
    in.sync(names);
  }

  @Override
  public void syncMetaData() throws IOException {
    faults.beforeSync("the directory's metadata");
    in.syncMetaData();
  }

  @Override
  public void rename(String source, String dest) throws IOException {
    faults.beforeRename(source, dest);
    in.rename(source, dest);
  }
}
