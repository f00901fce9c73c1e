package dev.relearn.indexer.source;

import dev.relearn.indexer.chunk.Chunkers;
import dev.relearn.lucene.schema.Chunk;
import dev.relearn.lucene.schema.ChunkKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * A folder of Markdown, plain text and source code (see {@link FileTypes}), or one such file.
 *
 * <p>A folder walk skips well-known build and tool folders, {@code .gitignore}d paths, symbolic
 * links, unknown file types and binary files without a word; files over 4 MiB, files that are not
 * valid UTF-8 and unreadable files are reported as problems and skipped. A file named directly is
 * read whatever its extension (unknown types as text), and a binary one is reported. Chunk paths
 * are relative to the folder, {@code /}-separated; for a single file, its name.
 */
public final class DirectorySource implements ChunkSource {
  private final Path root;
  private final Chunkers chunkers;

  /** A source for {@code root} with the default chunkers. */
  public DirectorySource(Path root) {
    this(root, new Chunkers());
  }

  /**
   * A source for {@code root}, a folder or a file.
   *
   * @throws IllegalArgumentException naming {@code root} when it does not exist
   */
  public DirectorySource(Path root, Chunkers chunkers) {
    Objects.requireNonNull(root, "root");
    this.chunkers = Objects.requireNonNull(chunkers, "chunkers");
    this.root = root.toAbsolutePath().normalize();
    if (!Files.exists(this.root)) {
      throw new IllegalArgumentException("no such file or folder: " + root);
    }
  }

  @Override
  public String origin() {
    return root.toString();
  }

  @Override
  public void read(Consumer<Chunk> chunks, Consumer<SourceProblem> problems) throws IOException {
    if (Files.isDirectory(root)) {
      readFolder(chunks, problems);
    } else {
      readNamedFile(chunks, problems);
    }
  }

  private void readNamedFile(Consumer<Chunk> chunks, Consumer<SourceProblem> problems)
      throws IOException {
    String name = root.getFileName().toString();
    ChunkKind kind = FileTypes.kindOf(name).orElse(ChunkKind.TEXT);
    switch (TextFileReader.read(root, Files.size(root))) {
      case TextFileReader.Text text -> emit(kind, name, text.content(), chunks);
      case TextFileReader.Binary binary -> problems.accept(new SourceProblem(name, 0,
          "binary file (NUL byte at offset " + binary.offset() + "); not indexed"));
      case TextFileReader.Failed failed ->
          problems.accept(new SourceProblem(name, 0, failed.reason()));
    }
  }

  private void readFolder(Consumer<Chunk> chunks, Consumer<SourceProblem> problems)
      throws IOException {
    int[] reported = {0};
    Consumer<SourceProblem> counting = problem -> {
      reported[0]++;
      problems.accept(problem);
    };
    DirectoryWalker.Listing listing = DirectoryWalker.walk(root, counting);
    int read = 0;
    int binary = 0;
    for (SourceFile file : listing.files()) {
      switch (TextFileReader.read(file.file(), file.size())) {
        case TextFileReader.Text text -> {
          emit(file.kind(), file.relativePath(), text.content(), chunks);
          read++;
        }
        case TextFileReader.Binary ignoredBinary -> binary++;
        case TextFileReader.Failed failed ->
            counting.accept(new SourceProblem(file.relativePath(), 0, failed.reason()));
      }
    }
    if (read == 0) {
      throw new IllegalArgumentException("folder " + root + " contains no indexable files"
          + " (looked for Markdown, text and source code; skipped: " + binary + " binary, "
          + listing.ignored() + " ignored, " + listing.unsupported() + " of other types, "
          + reported[0] + " with problems)");
    }
  }

  private void emit(ChunkKind kind, String path, String text, Consumer<Chunk> chunks) {
    chunkers.forKind(kind).chunk(origin(), path, text).forEach(chunks);
  }
}
