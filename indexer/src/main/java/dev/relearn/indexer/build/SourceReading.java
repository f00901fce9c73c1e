package dev.relearn.indexer.build;

import dev.relearn.indexer.source.ChunkSource;
import dev.relearn.indexer.source.DirectorySource;
import dev.relearn.indexer.source.EmptyFolderException;
import dev.relearn.indexer.source.SourceProblem;
import dev.relearn.lucene.schema.Chunk;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.lucene.index.DirectoryReader;

/**
 * What one {@link IndexBuilder} run reads before it writes: the source as read (a folder under
 * its root key, or a part of an indexed folder), the chunks to write, how many are unchanged, the
 * problems, and the indexed chunks the new ones may replace. Each chunk is compared with the
 * index as it is read and only those to write are kept, so an unchanged source costs the memory
 * of its ids, not of its text.
 *
 * <p>A folder source inside an indexed folder is read as that part ({@link
 * DirectorySource#within}), unless the folder's walk skips it; an indexed origin inside a folder
 * source hands over its chunks of the files the folder's run reads ({@link NestedOrigins}).
 *
 * <p>A folder, or a part of one, in which nothing is left to index (its files deleted, ignored or
 * unreadable) is read as empty when the index holds chunks of it, so that they are deleted, as
 * those of a single deleted file are; a folder never indexed with nothing to index is an error
 * ({@link EmptyFolderException}).
 *
 * <p>Reading a large tree takes a while before anything is embedded: every {@link
 * #NOTE_INTERVAL_NANOS} it notes how far it got.
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

  private SourceReading(ChunkSource source, String rootKey, String part,
      ExistingChunks existing) {
    this.source = source;
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
    if (!(source instanceof DirectorySource folder)) {
      return new SourceReading(source, null, null, ExistingChunks.read(reader,
          List.of(source.origin()), null)).readAll(progress, noteNanos);
    }
    Set<String> indexed = IndexOrigins.count(reader).keySet();
    Path root = Path.of(folder.origin());
    String enclosing = NestedOrigins.enclosing(indexed, root);
    if (enclosing != null) {
      DirectorySource inside = folder.within(Path.of(enclosing));
      SourceReading reading = readFolder(reader, inside, folder.origin(), progress, noteNanos);
      String prefix = reading.rootKey + "/" + inside.scope();
      reading.existing.retain(entry ->
          entry.path().equals(prefix) || entry.path().startsWith(prefix + "/"));
      if (!reading.ids.isEmpty() || !reading.problems.isEmpty() || !reading.existing.isEmpty()) {
        return reading; // with nothing left to read, its indexed chunks are deleted
      } // else the folder's walk skips this part: it is a source of its own
    }
    SourceReading reading = readFolder(reader, folder, null, progress, noteNanos);
    List<String> nested = NestedOrigins.inside(indexed, root);
    if (!nested.isEmpty()) {
      Set<Path> files = new HashSet<>();
      for (String path : reading.paths) {
        files.add(NestedOrigins.fileAt(root, path.substring(path.indexOf('/') + 1)));
      }
      ExistingChunks handed = ExistingChunks.read(reader, nested, null);
      handed.retain(entry -> NestedOrigins.covers(files, entry));
      reading.existing.addAll(handed);
    }
    return reading;
  }

  /** Reads a folder source under the root key it gets, against its own and adopted chunks. */
  private static SourceReading readFolder(DirectoryReader reader, DirectorySource folder,
      String part, Progress progress, long noteNanos) throws IOException {
    RootKeys.Choice choice = RootKeys.choose(reader, folder.origin(), folder.rootKeys());
    List<String> origins = new ArrayList<>(List.of(folder.origin()));
    origins.addAll(choice.adopted());
    SourceReading reading = new SourceReading(folder.withRootKey(choice.key()), choice.key(),
        part, ExistingChunks.read(reader, origins, choice.key()));
    try {
      return reading.readAll(progress, noteNanos);
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
    return this;
  }

  private void accept(Chunk chunk) {
    if (!ids.add(chunk.id())) {
      problems.add(new SourceProblem(chunk.path(), 0, "duplicate chunk id " + chunk.id()
          + "; only the first is indexed"));
      return;
    }
    paths.add(chunk.path());
    ExistingChunks.Entry old = existing.get(chunk.id());
    if (old != null && old.sameAs(chunk)) {
      unchanged++;
    } else {
      toWrite.add(chunk);
    }
  }
}
