package dev.relearn.lucene.files;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.util.Set;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.LockFactory;

/**
 * Opens the files that relearn's writers write: the Lucene directories of the chunk index and the
 * feedback events index, and the write channels of the feedback log. {@link
 * #REAL} is the file system; tests pass one that injects faults (failed writes, fsyncs and
 * renames, a full disk). Not a setting: the engine always uses {@link #REAL}.
 */
public interface StorageOpener {
  /**
   * The real file system: {@link FSDirectory#open(Path, LockFactory)}, each file fsynced once
   * ({@link SyncOnceDirectory}); {@link FileChannel}.
   */
  StorageOpener REAL = new StorageOpener() {
    @Override
    public Directory directory(Path folder, LockFactory locks) throws IOException {
      return new SyncOnceDirectory(FSDirectory.open(folder, locks));
    }

    @Override
    public FileChannel channel(Path file, Set<? extends OpenOption> options,
        FileAttribute<?>... attributes) throws IOException {
      return FileChannel.open(file, options, attributes);
    }
  };

  /** Opens the Lucene directory of {@code folder} with {@code locks}. */
  Directory directory(Path folder, LockFactory locks) throws IOException;

  /** Opens {@code file} like {@link FileChannel#open(Path, Set, FileAttribute[])}. */
  FileChannel channel(Path file, Set<? extends OpenOption> options,
      FileAttribute<?>... attributes) throws IOException;
}
