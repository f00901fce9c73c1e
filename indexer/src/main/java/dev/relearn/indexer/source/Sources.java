package dev.relearn.indexer.source;

import dev.relearn.indexer.chunk.Chunkers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Objects;

/** Opens a path as a {@link ChunkSource} of a given or detected {@link SourceFormat}. */
public final class Sources {

  private Sources() {}

  /**
   * Opens {@code path} with the default chunkers; see {@link #open(Path, SourceFormat, Chunkers)}.
   */
  public static ChunkSource open(Path path, SourceFormat format) {
    return open(path, format, new Chunkers());
  }

  /**
   * Opens {@code path} as {@code format}; {@link SourceFormat#AUTO} is resolved by {@link
   * #detect}.
   *
   * @param chunkers cut files of a {@link SourceFormat#FILES} source
   * @throws IllegalArgumentException naming the path when it does not exist or does not suit the
   *     format
   */
  public static ChunkSource open(Path path, SourceFormat format, Chunkers chunkers) {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(format, "format");
    Objects.requireNonNull(chunkers, "chunkers");
    requireFileOrFolder(path);
    SourceFormat resolved = format == SourceFormat.AUTO ? detect(path) : format;
    return switch (resolved) {
      case FILES -> new DirectorySource(path, chunkers);
      case JSONL -> new JsonlSource(path);
      case BEIR -> new BeirCorpusSource(path);
      case AUTO -> throw new IllegalStateException("detect returned AUTO for " + path);
    };
  }

  /**
   * The format of {@code path}: a folder with {@code corpus.jsonl(.gz)} or such a file is {@link
   * SourceFormat#BEIR}; another {@code *.jsonl(.gz)} file is {@link SourceFormat#JSONL}; any other
   * folder or file is {@link SourceFormat#FILES}.
   *
   * @throws IllegalArgumentException naming the path when it does not exist
   */
  public static SourceFormat detect(Path path) {
    requireFileOrFolder(path);
    if (Files.isDirectory(path)) {
      return BeirCorpusSource.findCorpus(path) != null ? SourceFormat.BEIR : SourceFormat.FILES;
    }
    Path fileName = path.toAbsolutePath().normalize().getFileName();
    String name = fileName == null ? "" : fileName.toString().toLowerCase(Locale.ROOT);
    if (BeirCorpusSource.CORPUS_FILES.contains(name)) {
      return SourceFormat.BEIR;
    }
    if (name.endsWith(".jsonl") || name.endsWith(".jsonl.gz")) {
      return SourceFormat.JSONL;
    }
    return SourceFormat.FILES;
  }

  /**
   * Why {@code path}, which does not exist, cannot be read, for people: {@code "no such file or
   * folder: PATH"}, or for a symbolic link whose target is missing (or a loop of links), so.
   */
  public static String missing(Path path) {
    return (Files.isSymbolicLink(path)
        ? "a symbolic link to nothing (its target is missing, or links loop): "
        : "no such file or folder: ") + path;
  }

  /** Refuses a path that is missing, or a pipe, socket or device (reading one could block). */
  private static void requireFileOrFolder(Path path) {
    if (!Files.exists(path)) {
      throw new IllegalArgumentException(missing(path));
    }
    if (!Files.isDirectory(path) && !Files.isRegularFile(path)) {
      throw new IllegalArgumentException("not a regular file or folder: " + path
          + " (a pipe, socket or device cannot be indexed)");
    }
  }
}
