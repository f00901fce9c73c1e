package dev.relearn.indexer.source;

import dev.relearn.indexer.chunk.Chunkers;
import dev.relearn.lucene.schema.Chunk;
import dev.relearn.lucene.schema.ChunkKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * A folder of Markdown, plain text and source code (see {@link FileTypes}), or one such file.
 *
 * <p>A folder walk skips well-known build and tool folders, {@code .gitignore}d paths, symbolic
 * links, unknown file types and binary files without a word; files over 4 MiB, files that are not
 * valid UTF-8 and unreadable files are reported as problems and skipped. A file named directly is
 * read whatever its extension (unknown types as text), and a binary one is reported.
 *
 * <p>Chunk paths are {@code /}-separated and start with the source's <em>root key</em>, one path
 * segment naming the root: for a folder {@code /tmp/a}, {@code a/README.md}; for a single file
 * {@code /tmp/a/notes.txt}, {@code a/notes.txt} (its folder's name). Ids derive from these paths,
 * so files at the same relative path in two indexed folders are different chunks. The index
 * builder gives each root a key no other root uses: the folder's name, else {@code name@parent},
 * else {@code name@} and 8 hex digits of a hash of the absolute path (see {@link #rootKeys()}).
 */
public final class DirectorySource implements ChunkSource {
  private static final int HASH_CHARS = 8;
  private static final String NAMELESS = "root";

  private final Path root;
  private final Chunkers chunkers;
  private final String rootKey;

  /** A source for {@code root} with the default chunkers. */
  public DirectorySource(Path root) {
    this(root, new Chunkers());
  }

  /**
   * A source for {@code root}, a folder or a file, whose paths start with the first of its {@link
   * #rootKeys()}.
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
    this.rootKey = rootKeys().getFirst();
  }

  private DirectorySource(DirectorySource source, String rootKey) {
    this.root = source.root;
    this.chunkers = source.chunkers;
    this.rootKey = rootKey;
  }

  @Override
  public String origin() {
    return root.toString();
  }

  /** The path segment this source's chunk paths start with. */
  public String rootKey() {
    return rootKey;
  }

  /**
   * The keys this root may use, preferred first: the name of the folder (for a single file, of
   * the folder holding it), then {@code name@parent} when there is a parent folder, then {@code
   * name@} and the first 8 hex digits of the SHA-256 of the absolute path. A root at the top of
   * the file system is named {@code root}.
   */
  public List<String> rootKeys() {
    Path folder = Files.isDirectory(root) ? root : root.getParent();
    String name = nameOf(folder);
    List<String> keys = new ArrayList<>(3);
    keys.add(name);
    Path parent = folder == null ? null : folder.getParent();
    if (parent != null && parent.getFileName() != null) {
      keys.add(name + "@" + parent.getFileName());
    }
    keys.add(name + "@" + Chunk.sha256Hex(origin()).substring(0, HASH_CHARS));
    return List.copyOf(keys);
  }

  /**
   * This source with paths under {@code key} instead.
   *
   * @throws IllegalArgumentException naming {@code key} when it is blank or holds a {@code /}
   */
  public DirectorySource withRootKey(String key) {
    Objects.requireNonNull(key, "key");
    if (key.isBlank() || key.contains("/")) {
      throw new IllegalArgumentException("a root key is one non-blank path segment, got: '"
          + key + "'");
    }
    return new DirectorySource(this, key);
  }

  private static String nameOf(Path folder) {
    Path name = folder == null ? null : folder.getFileName();
    return name == null || name.toString().isBlank() ? NAMELESS : name.toString();
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
      case TextFileReader.Text text -> emit(kind, rootKey + "/" + name, text.content(), chunks);
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
          emit(file.kind(), rootKey + "/" + file.relativePath(), text.content(), chunks);
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
