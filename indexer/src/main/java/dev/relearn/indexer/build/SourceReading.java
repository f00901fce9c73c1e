package dev.relearn.indexer.build;

import dev.relearn.indexer.source.ChunkSource;
import dev.relearn.indexer.source.DirectorySource;
import dev.relearn.indexer.source.EmptyFolderException;
import dev.relearn.indexer.source.SourceProblem;
import dev.relearn.lucene.schema.Chunk;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.lucene.index.DirectoryReader;

/**
 * What one {@link IndexBuilder} run reads before it writes: the source as read (a folder under its
 * root key, or a part of an indexed folder: {@link DirectorySource#within}; a record file under
 * the path it is indexed by: {@link HeldSource}), the chunks to write, how many are unchanged,
 * the problems, and the indexed chunks the new ones may replace. Only the chunks to write are
 * kept, so an unchanged source costs the memory of its ids, not its text. An
 * indexed origin inside a folder source hands over its chunks ({@link NestedOrigins}). A folder
 * (or part) left with nothing to index reads as empty when the index holds chunks of it, so they
 * are deleted; one never indexed is an error ({@link EmptyFolderException}).
 *
 * <p>A folder's file is not chunked when one of its indexed chunks (all of this origin, under
 * their current ids) carries the {@link FileStamp} of the file's hash and those chunks: they
 * count as unchanged. Every chunk written gets its file's stamp; a file whose chunks are all
 * unchanged but unstamped has its first one rewritten with it ({@link #restamped}). Every {@link
 * #NOTE_INTERVAL_NANOS} a long read notes how far it got.
 */
final class SourceReading {
  /** How often a long read notes its progress. */
  static final long NOTE_INTERVAL_NANOS = Duration.ofSeconds(5).toNanos();

  /** The source as read: its origin is the run's. */
  final ChunkSource source;
  /** The folder's root key, or null for a source whose ids are given (JSONL, BEIR). */
  final String rootKey;
  /** The path indexed as a part of the indexed folder {@link #source}, or null. */
  final String part;
  /** The indexed chunks the new ones may replace (and delete when vanished). */
  final ExistingChunks existing;
  /** The ids of every chunk read. */
  final Set<String> ids = new HashSet<>();
  private final Set<String> paths = new HashSet<>();
  /** The chunks that are new or changed, in reading order. */
  final List<Chunk> toWrite = new ArrayList<>();
  /** The problems met, in reading order. */
  final List<SourceProblem> problems = new ArrayList<>();
  /** How many chunks read are indexed exactly as they are. */
  int unchanged;
  /** The {@link FileStamp} of each folder file chunked, by path: what its chunks carry. */
  final Map<String, String> stamps = new HashMap<>();
  /** The ids of unchanged chunks written only to carry their file's stamp. */
  final Set<String> restamped = new HashSet<>();
  private ChunkedFile chunking; // the folder file whose chunks are being read, or null

  private SourceReading(ChunkSource source, String rootKey, String part,
      ExistingChunks existing) {
    this.source = source instanceof DirectorySource folder
        ? folder.withUnchangedFiles(this::unchangedFile) : source;
    this.rootKey = rootKey;
    this.part = part;
    this.existing = existing;
  }

  /**
   * Reads {@code source} against the index of {@code reader}, noting on {@code progress} every
   * {@code noteNanos} how many chunks and files it has read.
   */
  static SourceReading read(DirectoryReader reader, ChunkSource source, Progress progress,
      long noteNanos) throws IOException {
    Set<String> indexed = IndexOrigins.count(reader).keySet();
    if (!(source instanceof DirectorySource given)) {
      ChunkSource records = HeldSource.of(indexed, source);
      return new SourceReading(records, null, null, ExistingChunks.read(reader,
          List.of(records.origin()), null)).readAll(progress, noteNanos).withoutOthersIds(reader);
    }
    Path root = NestedOrigins.asIndexed(indexed, Path.of(given.origin()));
    DirectorySource folder = root.toString().equals(given.origin()) ? given : given.at(root);
    String enclosing = NestedOrigins.enclosing(indexed, root);
    if (enclosing != null) {
      DirectorySource inside = folder.within(Path.of(enclosing));
      SourceReading reading = readFolder(reader, inside, folder.origin(), progress, noteNanos);
      String prefix = reading.rootKey + "/" + inside.scope();
      // the part's chunks, and the folder's chunks of files gone whose text the part now has
      // (a file renamed into it: they hand over what they learned)
      Set<String> texts = reading.toWrite.stream().map(Chunk::sha256).collect(Collectors.toSet());
      Path folderRoot = Path.of(enclosing);
      reading.existing.retain(entry -> entry.path().equals(prefix)
          || entry.path().startsWith(prefix + "/") || (texts.contains(entry.sha256())
              && !Files.exists(DirectorySource.fileOf(folderRoot, entry.path()))));
      if (!reading.ids.isEmpty() || !reading.problems.isEmpty()) {
        return reading;
      } // else the folder's walk skips this part: it is a source of its own, taking over the
      // folder's chunks of it (a file newly ignored, say); with nothing to index, they go
      if (!reading.existing.isEmpty()) {
        SourceReading own = readOwn(reader, folder, progress, noteNanos);
        if (own == null) {
          return reading;
        }
        own.existing.addAll(reading.existing);
        return own;
      }
    }
    SourceReading reading = readFolder(reader, folder, null, progress, noteNanos);
    List<String> nested = NestedOrigins.inside(indexed, root);
    if (!nested.isEmpty()) {
      Set<Path> files = reading.paths.stream().map(path -> DirectorySource.fileOf(root, path))
          .collect(Collectors.toSet());
      ExistingChunks handed = ExistingChunks.read(reader, nested, null);
      handed.retain(entry -> NestedOrigins.covers(files, entry));
      reading.existing.addAll(handed);
    }
    return reading;
  }

  /** {@code folder} read as a source of its own, or null when it has nothing to index. */
  private static SourceReading readOwn(DirectoryReader reader, DirectorySource folder,
      Progress progress, long noteNanos) throws IOException {
    try {
      SourceReading own = readFolder(reader, folder, null, progress, noteNanos);
      return own.ids.isEmpty() && own.problems.isEmpty() ? null : own;
    } catch (EmptyFolderException e) { // never indexed on its own, and nothing to index now
      return null;
    }
  }

  /** Reads a folder (a part: against only its own chunks) under its root key. */
  private static SourceReading readFolder(DirectoryReader reader, DirectorySource folder,
      String part, Progress progress, long noteNanos) throws IOException {
    RootKeys.Choice choice = RootKeys.choose(reader, folder.origin(), folder.rootKeys());
    List<String> origins = new ArrayList<>(List.of(folder.origin()));
    origins.addAll(choice.adopted());
    ExistingChunks existing = ExistingChunks.read(reader, origins, choice.key(), folder.scope());
    SourceReading reading = new SourceReading(folder.withRootKey(choice.key()), choice.key(),
        part, existing);
    try {
      reading.readAll(progress, noteNanos);
      if (!folder.scope().isEmpty()) { // and those of files moved in: they hand over learning
        existing.addSameText(reader, origins, choice.key(), reading.toWrite);
      }
      return reading;
    } catch (EmptyFolderException e) {
      if (reading.existing.isEmpty()) {
        throw e; // never indexed: a wrong path, most likely
      }
      return reading; // every file gone, ignored or unreadable: its chunks are deleted
    }
  }

  /** Reads the source, noting how far it got at most once per {@code noteNanos}. */
  private SourceReading readAll(Progress progress, long noteNanos) throws IOException {
    long[] lastNote = {System.nanoTime()};
    source.read(chunk -> {
      accept(chunk);
      long now = System.nanoTime();
      if (now - lastNote[0] >= noteNanos) {
        lastNote[0] = now;
        progress.note(String.format(Locale.ROOT, "reading: %,d chunks of %,d files so far",
            ids.size(), paths.size()));
      }
    }, problems::add);
    finishFile();
    if (!source.skipped().isEmpty()) {
      progress.note(source.skipped());
    }
    return this;
  }

  /**
   * Drops, as problems, the chunks whose given ids (JSONL, BEIR) are another origin's: writing
   * one would take that chunk over, with what feedback taught it. Chunks their origins give up
   * (moved here: {@link RecordOwners}) are taken over.
   */
  private SourceReading withoutOthersIds(DirectoryReader reader) throws IOException {
    List<String> added = toWrite.stream().map(Chunk::id).filter(id -> existing.get(id) == null)
        .toList();
    Map<String, String> origins = ExistingChunks.originsOf(reader, added);
    RecordOwners.release(reader, origins, existing);
    toWrite.removeIf(chunk -> {
      String other = origins.get(chunk.id());
      if (other == null) {
        return false;
      }
      ids.remove(chunk.id());
      problems.add(new SourceProblem(chunk.path(), 0, "chunk id " + chunk.id() + " is a chunk"
          + " of " + other + "; ids must be unique in the index, so this one is not indexed"));
      return true;
    });
    return this;
  }

  /**
   * Whether the folder file at {@code path}, hashing to {@code hash}, is indexed as it would be
   * chunked: if so its chunks are read as unchanged, else it is about to be chunked.
   */
  private boolean unchangedFile(String path, String hash) {
    finishFile();
    List<ExistingChunks.Entry> indexed = existing.ofPath(path);
    if (stamped(indexed, hash)) {
      indexed.forEach(entry -> ids.add(entry.id()));
      paths.add(path);
      unchanged += indexed.size();
      return true;
    }
    chunking = new ChunkedFile(path, hash);
    return false;
  }

  /** Whether one of {@code indexed} carries the stamp of a file hashing to {@code hash}. */
  private boolean stamped(List<ExistingChunks.Entry> indexed, String hash) {
    if (indexed.stream().allMatch(entry -> entry.fileStamp() == null)) {
      return false; // also when none is indexed
    }
    List<String> keys = new ArrayList<>(indexed.size());
    for (ExistingChunks.Entry entry : indexed) {
      if (!entry.id().equals(entry.key()) || !entry.origin().equals(source.origin())
          || ids.contains(entry.id())) {
        return false; // to be rewritten, or taken by a file read before
      }
      keys.add(entry.stampKey());
    }
    String stamp = FileStamp.of(hash, keys);
    return indexed.stream().anyMatch(entry -> stamp.equals(entry.fileStamp()));
  }

  /**
   * Records the stamp of the file whose chunks were just read; when none of them is to be
   * written, its first is, to carry it. A file with a duplicate chunk id gets no stamp.
   */
  private void finishFile() {
    ChunkedFile file = chunking;
    chunking = null;
    if (file == null || file.first == null || file.duplicate) {
      return;
    }
    stamps.put(file.path, FileStamp.of(file.hash, file.keys));
    if (!file.written) {
      toWrite.add(file.first);
      restamped.add(file.first.id());
    }
  }

  private void accept(Chunk chunk) {
    ChunkedFile file = chunking != null && chunking.path.equals(chunk.path()) ? chunking : null;
    if (!ids.add(chunk.id())) {
      if (file != null) {
        file.duplicate = true;
      }
      problems.add(new SourceProblem(chunk.path(), 0, "duplicate chunk id " + chunk.id()
          + "; only the first is indexed"));
      return;
    }
    paths.add(chunk.path());
    ExistingChunks.Entry old = existing.get(chunk.id());
    boolean same = old != null && old.sameAs(chunk);
    if (same) {
      unchanged++;
    } else {
      toWrite.add(chunk);
    }
    if (file != null) {
      file.add(chunk, !same);
    }
  }

  /** A folder file being chunked: its hash and what its chunks so far tell of it. */
  private static final class ChunkedFile {
    final String path;
    final String hash;
    final List<String> keys = new ArrayList<>();
    Chunk first;
    boolean written;
    boolean duplicate;

    ChunkedFile(String path, String hash) {
      this.path = path;
      this.hash = hash;
    }

    void add(Chunk chunk, boolean toWrite) {
      keys.add(FileStamp.key(chunk));
      if (first == null) {
        first = chunk;
      }
      written |= toWrite;
    }
  }
}
