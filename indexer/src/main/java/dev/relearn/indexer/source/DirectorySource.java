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
import java.util.function.BiPredicate;
import java.util.function.Consumer;

/**
 * A folder of Markdown, plain text and source code (see {@link FileTypes}), or one such file.
 *
 * <p>A walk skips well-known build and tool folders, {@code .gitignore}d paths, symbolic links,
 * unknown file types and binary files without a word; files over 4 MiB, not valid UTF-8 or
 * unreadable, and files and folders whose names the file system's encoding cannot hold, are
 * reported as problems and skipped. A file named directly is read whatever its
 * extension (unknown types as text); a binary one is reported.
 *
 * <p>Chunk paths are {@code /}-separated and start with the source's <em>root key</em>, one
 * segment naming the root ({@code a/README.md} for folder {@code /tmp/a}, {@code a/notes.txt} for
 * file {@code /tmp/a/notes.txt}), so that the same relative path in two folders gives different
 * ids; the index builder gives each root a key no other uses ({@link #rootKeys()}). A <em>part</em>
 * of a folder ({@link #within}) reads only one file or subfolder of it, with the folder's origin
 * and paths, so re-indexing one file updates that folder's chunks. A file whose text and
 * chunkers' {@link Chunkers#fingerprint()} hash as its {@link #withUnchangedFiles unchanged files}
 * test knows is not chunked.
 */
public final class DirectorySource implements ChunkSource {
  private static final int HASH_CHARS = 8;
  private static final String NAMELESS = "root";

  private final Path root;
  private final Chunkers chunkers;
  private final String rootKey;
  private final String scope; // "" for all of root, else a /-separated path inside it
  private final BiPredicate<String, String> unchangedFiles;
  private String skipped = ""; // set by a read of the whole folder

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
      throw new IllegalArgumentException(Sources.missing(root));
    }
    this.rootKey = rootKeys().getFirst();
    this.scope = "";
    this.unchangedFiles = (path, hash) -> false; // every file is chunked
  }

  private DirectorySource(Path root, Chunkers chunkers, String rootKey, String scope,
      BiPredicate<String, String> unchangedFiles) {
    this.root = root;
    this.chunkers = chunkers;
    this.rootKey = rootKey;
    this.scope = scope;
    this.unchangedFiles = unchangedFiles;
  }

  /**
   * This source, asking {@code files} before it chunks a file whether its chunks are indexed as
   * it would yield them: {@code files.test(path, hash)} for the file at chunk path {@code path},
   * given {@code hash}, the SHA-256 of its text and the chunkers' fingerprint. A file it accepts
   * is not chunked.
   */
  public DirectorySource withUnchangedFiles(BiPredicate<String, String> files) {
    return new DirectorySource(root, chunkers, rootKey, scope,
        Objects.requireNonNull(files, "files"));
  }

  @Override
  public String origin() {
    return root.toString();
  }

  /**
   * The file below {@code folder} that a chunk path of a folder source ({@code key/relative})
   * names, normalised; null for a path without a key.
   */
  public static Path fileOf(Path folder, String chunkPath) {
    int slash = chunkPath.indexOf('/');
    return slash <= 0 ? null : folder.resolve(chunkPath.substring(slash + 1)
        .replace("/", folder.getFileSystem().getSeparator())).normalize();
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
   * A source for {@code root} instead, with these chunkers: the same folder reached by another
   * path, say.
   *
   * @throws IllegalArgumentException naming {@code root} when it does not exist
   */
  public DirectorySource at(Path root) {
    return new DirectorySource(root, chunkers);
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
    return new DirectorySource(root, chunkers, key, scope, unchangedFiles);
  }

  /**
   * This source's file or folder as a part of {@code folder}, which holds it: the result's origin,
   * root keys and paths are those of {@code folder}, and it reads only the files under {@link
   * #scope()} that a walk of {@code folder} reads (nothing if that walk skips them).
   *
   * @throws IllegalArgumentException naming both when {@code folder} is no folder above this
   *     source's root
   */
  public DirectorySource within(Path folder) {
    Path outer = folder.toAbsolutePath().normalize();
    if (!Files.isDirectory(outer) || !root.startsWith(outer) || root.equals(outer)) {
      throw new IllegalArgumentException(root + " is not inside the folder " + folder);
    }
    String inside = outer.relativize(root).toString().replace(root.getFileSystem()
        .getSeparator(), "/");
    // the folder's first root key, as a source of its own would get; the builder picks the one
    // the folder holds
    return new DirectorySource(outer, chunkers, nameOf(outer), inside, unchangedFiles);
  }

  /** The part of the root this source reads, {@code /}-separated; empty for all of it. */
  public String scope() {
    return scope;
  }

  private static String nameOf(Path folder) {
    Path name = folder == null ? null : folder.getFileName();
    return name == null || name.toString().isBlank() ? NAMELESS : name.toString();
  }

  /**
   * {@inheritDoc}
   *
   * @throws EmptyFolderException when a folder (not a part) holds nothing to index
   */
  @Override
  public void read(Consumer<Chunk> chunks, Consumer<SourceProblem> problems) throws IOException {
    if (!scope.isEmpty() || Files.isDirectory(root)) {
      readFolder(chunks, problems);
    } else {
      readNamedFile(chunks, problems);
    }
  }

  /** After a read of the whole folder: the files of types it does not index, for people. */
  @Override
  public String skipped() {
    return skipped;
  }

  private void readNamedFile(Consumer<Chunk> chunks, Consumer<SourceProblem> problems)
      throws IOException {
    String name = root.getFileName().toString();
    SourceFile file = new SourceFile(root, name, FileTypes.kindOf(name).orElse(ChunkKind.TEXT),
        Files.size(root));
    if (read(file, chunks, problems) instanceof TextFileReader.Binary binary) {
      problems.accept(new SourceProblem(name, 0,
          "binary file (NUL byte at offset " + binary.offset() + "); not indexed"));
    }
  }

  /**
   * Reads and chunks {@code file}, reporting why it cannot be; a binary file is not reported.
   *
   * @throws IllegalStateException naming the file when its chunker fails
   */
  private TextFileReader.Outcome read(SourceFile file, Consumer<Chunk> chunks,
      Consumer<SourceProblem> problems) {
    TextFileReader.Outcome outcome = TextFileReader.read(file.file(), file.size());
    if (outcome instanceof TextFileReader.Text text) {
      String path = rootKey + "/" + file.relativePath();
      String hash = Chunk.sha256Hex(chunkers.fingerprint() + '\u0000' + text.content());
      if (!unchangedFiles.test(path, hash)) {
        List<Chunk> cut;
        try {
          cut = chunkers.forKind(file.kind()).chunk(origin(), path, text.content());
        } catch (RuntimeException | StackOverflowError e) { // a fault of relearn's: stop, naming
          // the file (skipping it would delete its chunks, and all if the tokenizer is broken)
          throw new IllegalStateException("cannot chunk " + file.file() + " (" + e
              + "); please report this", e);
        }
        cut.forEach(chunks);
      }
    } else if (outcome instanceof TextFileReader.Failed failed) {
      problems.accept(new SourceProblem(file.relativePath(), 0, failed.reason()));
    }
    return outcome;
  }

  /** Whether {@code relativePath} is of the part this source reads: all of it for no part. */
  private boolean inScope(String relativePath) {
    return scope.isEmpty() || relativePath.equals(scope) || relativePath.startsWith(scope + "/");
  }

  /** Reads the files of the folder's walk in scope, and reports the problems in scope. */
  private void readFolder(Consumer<Chunk> chunks, Consumer<SourceProblem> problems)
      throws IOException {
    List<SourceProblem> reported = new ArrayList<>();
    Consumer<SourceProblem> counting = problem -> {
      reported.add(problem);
      if (inScope(problem.path())) {
        problems.accept(problem);
      }
    };
    DirectoryWalker walk = DirectoryWalker.walk(root, scope, counting);
    int texts = 0;
    int binary = 0;
    for (SourceFile file : walk.files) {
      if (!inScope(file.relativePath())) {
        continue;
      }
      switch (read(file, chunks, counting)) {
        case TextFileReader.Text text -> texts++;
        case TextFileReader.Binary ignoredBinary -> binary++;
        case TextFileReader.Failed failed -> { } // reported
      }
    }
    if (scope.isEmpty() && walk.unsupportedCount() > 0) {
      skipped = "not indexed: " + walk.unsupportedCount() + " file(s) of other types ("
          + walk.unsupportedTypes() + ")";
    }
    if (texts == 0 && scope.isEmpty()) { // a part may hold nothing the folder's walk reads
      throw new EmptyFolderException("folder " + root + " contains no indexable files"
          + " (looked for Markdown, text and source code; skipped: " + binary + " binary, "
          + walk.ignored + " ignored, " + walk.unsupportedCount() + " of other types, "
          + reported.size() + " with problems" + (reported.isEmpty() ? "" : ", such as "
          + reported.getFirst().path() + ": " + reported.getFirst().message()) + ")");
    }
  }
}
