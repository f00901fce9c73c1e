package dev.relearn.engine;

import dev.relearn.engine.config.ConfigLoader;
import dev.relearn.engine.config.RelearnConfig;
import dev.relearn.lucene.files.FileTrees;
import dev.relearn.lucene.files.OwnerOnly;
import dev.relearn.lucene.files.ShieldedLockFactory;
import dev.relearn.lucene.files.StorageOpener;
import dev.relearn.lucene.schema.IndexMetadata;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.channels.ClosedByInterruptException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.store.Directory;
import org.apache.lucene.util.IOUtils;

/**
 * Puts an engine together: the embedder of the index's model and encoding, the configuration and
 * weights, the chunk index ({@link ChunkIndexFolder}), all in {@link EngineParts}, then the
 * feedback half. When a step fails, what was opened is closed and a folder it created deleted:
 * whole once it held the write lock, else only while empty (another process creating the same
 * folder at once may be using it). {@link #reopen} opens the parts that replace stopped ones.
 */
final class EngineOpener {
  private EngineOpener() {}

  /** Opens (or, read-write, creates) the index in {@code dir}; see {@link Relearn#open}. */
  static Relearn open(Path dir, RelearnOptions options) throws IOException {
    return open(dir, options, StorageOpener.REAL);
  }

  /**
   * {@link #open(Path, RelearnOptions)} writing through {@code storage}: tests inject faults. A
   * read-write open denied a file of the folder is an {@link IndexNotWritableException}.
   */
  static Relearn open(Path dir, RelearnOptions options, StorageOpener storage)
      throws IOException {
    Objects.requireNonNull(storage, "storage");
    Objects.requireNonNull(options, "options");
    Path folder = Objects.requireNonNull(dir, "dir").toAbsolutePath().normalize();
    try {
      return open(folder, options, storage, firstMissing(folder));
    } catch (AccessDeniedException e) {
      if (options.readOnly() || !IndexNotWritableException.within(e, folder)) {
        throw e;
      }
      throw new IndexNotWritableException(folder, e);
    } catch (ClosedByInterruptException e) { // Java closed a file on the caller's interrupt
      throw (InterruptedIOException) new InterruptedIOException("opening the index at " + folder
          + " was interrupted; nothing was opened, and nothing acknowledged is lost")
          .initCause(e);
    }
  }

  private static Relearn open(Path folder, RelearnOptions options, StorageOpener storage,
      Path created) throws IOException {
    if (Files.isRegularFile(folder)) {
      throw new IllegalArgumentException("index folder " + folder + " is a file, not a folder");
    }
    if (options.readOnly() && !Files.isDirectory(folder)) {
      throw new IllegalArgumentException("no relearn index at " + folder + " (no such folder);"
          + " create one by indexing into it (Relearn.index, or relearn index --index " + folder
          + " PATH)");
    }
    RelearnConfig config = ConfigLoader.load(folder); // a bad setting stops before any folder
    Files.createDirectories(folder);
    if (created != null) {
      OwnerOnly.restrict(folder); // learned use counts live here too; a folder given is left as is
    }
    Directory directory = storage.directory(folder, ShieldedLockFactory.INSTANCE);
    boolean locked = false; // whether this open held the write lock: the folder is its own
    try {
      // the last commit's, or null; a format this Lucene does not read is refused, naming versions
      IndexMetadata existing = IndexMetadata.read(directory);
      if (existing == null && !options.readOnly()) {
        IndexFolderCheck.requireUsable(folder); // before anything is written into it
      }
      EmbedderHolder embedder = EmbedderHolder.resolve(existing, options, folder.toString(),
          IndexEncoding.choose(existing, config, folder));

      SavedWeights weights = SavedWeights.load(folder, config.weights().adaptive());
      if (options.readOnly() && existing == null) {
        throw new IllegalArgumentException("no relearn index at " + folder
            + "; create one by indexing into it (Relearn.index, or relearn index --index " + folder
            + " PATH)");
      }
      IndexWriter writer = options.readOnly() ? null : ChunkIndexFolder.openWriter(folder,
          directory, embedder.metadata(), options.lockHolder());
      locked = writer != null;
      SearcherManager searchers = writer == null ? ChunkIndexFolder.searchers(directory)
          : searchersOrClose(writer);
      EngineParts parts = new EngineParts(folder, options, storage, directory, writer, searchers,
          embedder, config, weights);
      Relearn relearn = new Relearn(parts);
      try { // the feedback half, once the engine exists; if it fails, the engine is closed
        parts.openFeedback(relearn);
        return relearn;
      } catch (IOException | RuntimeException | Error e) { // an Error too: the lock is released
        IOUtils.closeWhileSuppressingExceptions(e, relearn::close);
        throw e;
      }
    } catch (IOException | RuntimeException | Error e) {
      directory.close();
      if (created != null) {
        deleteCreated(created, folder, locked, e);
      }
      throw e;
    }
  }

  /**
   * Opens the parts that replace {@code stopped}'s (closed by the caller) from the last commits,
   * keeping the embedder, configuration and weights: writable, or read-only parts that stand in
   * while writers cannot be reopened. What this opened is closed again if a step fails.
   */
  static EngineParts reopen(Relearn engine, EngineParts stopped, boolean writable)
      throws IOException {
    Path folder = stopped.dir();
    Directory directory = stopped.storage().directory(folder, ShieldedLockFactory.INSTANCE);
    EngineParts parts;
    try {
      IndexWriter writer = !writable ? null : ChunkIndexFolder.openWriter(folder, directory,
          stopped.embedder().metadata(), stopped.options().lockHolder());
      parts = stopped.successor(directory, writer, writer != null ? searchersOrClose(writer)
          : ChunkIndexFolder.searchers(directory));
    } catch (IOException | RuntimeException | Error e) {
      IOUtils.closeWhileSuppressingExceptions(e, directory);
      throw e;
    }
    try {
      parts.openFeedback(engine);
      return parts;
    } catch (IOException | RuntimeException | Error e) {
      IOUtils.closeWhileSuppressingExceptions(e, parts::closeStorage);
      throw e;
    }
  }

  /** The outermost of {@code folder} and its parents that does not exist, or null if it does. */
  private static Path firstMissing(Path folder) {
    if (Files.exists(folder)) {
      return null;
    }
    Path missing = folder;
    while (missing.getParent() != null && !Files.exists(missing.getParent())) {
      missing = missing.getParent();
    }
    return missing;
  }

  /**
   * Deletes the folders a failed opening created: {@code created} {@code whole}, else {@code
   * index} and its parents up to {@code created} while empty; keeps a failure with {@code cause}.
   */
  private static void deleteCreated(Path created, Path index, boolean whole, Throwable cause) {
    try {
      if (whole) {
        FileTrees.delete(created);
        return;
      }
      for (Path folder = index; folder.startsWith(created); folder = folder.getParent()) {
        Files.delete(folder);
      }
    } catch (DirectoryNotEmptyException e) {
      return; // another process, creating the same index at once, has written into it: its own
    } catch (IOException | RuntimeException | Error e) {
      cause.addSuppressed(e);
    }
  }

  /** The writer's searchers; when they cannot be opened, the writer (and its lock) is closed. */
  private static SearcherManager searchersOrClose(IndexWriter writer) throws IOException {
    try {
      return ChunkIndexFolder.searchers(writer);
    } catch (IOException | RuntimeException | Error e) {
      IOUtils.closeWhileSuppressingExceptions(e, writer);
      throw e;
    }
  }
}
