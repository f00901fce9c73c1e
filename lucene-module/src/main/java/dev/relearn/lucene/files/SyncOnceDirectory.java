package dev.relearn.lucene.files;

import java.io.IOException;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FilterDirectory;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.IndexOutput;

/**
 * A directory that fsyncs each file it wrote once: {@link #sync} skips the files this instance
 * has not written since it last synced them. Lucene's commit asks its directory to sync every
 * file of the index, and {@code FSDirectory} fsyncs each one; on ext4 an fsync of an unchanged
 * file still flushes the disk's cache (0.27 ms p50 here, 4 ms p90 under load). A chunk index
 * with learned doc values holds hundreds of files (each segment's doc-values updates), so every
 * commit cost about 600 fsyncs, which made indexing one changed file wait 0.3 to 1.5 s.
 *
 * <p>Lucene's files are written once and never changed, so a file synced stays synced; one
 * written again under a name deleted before is written through {@link #createOutput} and synced
 * again. Files already there when the directory opened were synced by the commit that holds
 * them (a file no commit holds is deleted by the next writer). The metadata sync of a commit
 * ({@link #syncMetaData}) is always made.
 */
public final class SyncOnceDirectory extends FilterDirectory {
  private final Set<String> unsynced = ConcurrentHashMap.newKeySet();

  /** Syncs the files written through it, once, in {@code in}. */
  public SyncOnceDirectory(Directory in) {
    super(in);
  }

  @Override
  public IndexOutput createOutput(String name, IOContext context) throws IOException {
    unsynced.add(name);
    return in.createOutput(name, context);
  }

  @Override
  public IndexOutput createTempOutput(String prefix, String suffix, IOContext context)
      throws IOException {
    IndexOutput output = in.createTempOutput(prefix, suffix, context);
    unsynced.add(output.getName());
    return output;
  }

  @Override
  public void copyFrom(Directory from, String src, String dest, IOContext context)
      throws IOException {
    unsynced.add(dest);
    in.copyFrom(from, src, dest, context);
  }

  @Override
  public void rename(String source, String dest) throws IOException {
    in.rename(source, dest);
    if (unsynced.remove(source)) {
      unsynced.add(dest);
    }
  }

  @Override
  public void deleteFile(String name) throws IOException {
    in.deleteFile(name);
    unsynced.remove(name);
  }

  /** Fsyncs those of {@code names} written since they were last synced; none twice. */
  @Override
  public void sync(Collection<String> names) throws IOException {
    List<String> written = names.stream().filter(unsynced::contains).toList();
    in.sync(written);
    written.forEach(unsynced::remove);
  }
}
