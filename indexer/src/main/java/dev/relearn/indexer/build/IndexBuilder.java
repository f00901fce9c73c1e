package dev.relearn.indexer.build;

import dev.relearn.indexer.source.ChunkSource;
import dev.relearn.indexer.source.DirectorySource;
import dev.relearn.lucene.schema.Chunk;
import dev.relearn.lucene.schema.ChunkSchema;
import dev.relearn.lucene.schema.LearnedValues;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;

/**
 * Brings the index in line with one source, incrementally.
 *
 * <ul>
 *   <li>A chunk whose id, content hash and line range are already indexed is left alone: not
 *       re-embedded, not rewritten, its learned values untouched. One that only moved is rewritten
 *       with its cached vector.
 *   <li>A new or changed chunk is embedded (or taken from the vector cache) and written. It keeps
 *       the learned values of the chunk it replaces ({@link Predecessors}): the same id, or else
 *       a vanished chunk at the same path and heading, or at the same path and lines, or else (in
 *       a folder) one with the same text, so that renaming or moving a file keeps what its chunks
 *       learned.
 *   <li>Chunks of the same origin that the source no longer has are deleted. A folder's run
 *       never deletes or replaces chunks of another origin that still exists (JSONL and BEIR
 *       ids are the user's: a record whose id another origin has replaces that chunk).
 * </ul>
 *
 * <p>A folder source ({@link DirectorySource}) gets a root key no other origin's paths start with
 * ({@link RootKeys}), so its ids cannot collide with another folder's. Its chunks indexed before
 * paths began with the root key are moved to their new ids with their learned values, and
 * reported in {@link IndexReport#renamed()} so that the feedback store follows. A folder that
 * no longer exists hands its root key, with its chunks and their learned values, to the next
 * folder indexed under that key (a moved folder), as if they were one origin.
 *
 * <p>No file is indexed under two origins ({@link NestedOrigins}): a file or folder inside an
 * indexed folder updates that folder's chunks of it ({@link IndexReport#part()}), and a folder
 * indexed around indexed files or folders takes over their chunks, learned values and all.
 *
 * <p>All vectors are computed and checked before the first write, so an embedder failure leaves
 * the index unchanged. One commit ends the run, unless nothing changed; the writes lock is held
 * from the first write to that commit, so that whoever else writes to the index (the feedback
 * store) neither commits nor shows half of the run; a run that fails from its first write to
 * its commit rolls the writer back to the last commit, closing it ({@link FailedWrites}).
 * Problems in single files or lines are reported and skipped; everything else is indexed.
 */
public final class IndexBuilder {
  private final IndexWriter writer;
  private final ChunkSchema schema;
  private final DocumentVectors vectors;
  private final Progress progress;
  private final Lock writes;
  private final Renames renames;

  /** Told of a run's renamed chunks before the commit that holds their new ids. */
  @FunctionalInterface
  public interface Renames {
    /** Ignores renames. */
    Renames NONE = renamed -> {};

    /**
     * {@code renamed} (old id to new id, not empty) are about to be committed; the writes lock is
     * held. A failure stops the run before its commit.
     */
    void renaming(Map<String, String> renamed) throws IOException;
  }

  /** Builds into {@code writer}, which must use {@code schema}'s analyzer and similarity. */
  public IndexBuilder(IndexWriter writer, ChunkSchema schema, DocumentVectors vectors,
      Progress progress) {
    this(writer, schema, vectors, progress, new ReentrantLock(), Renames.NONE);
  }

  /**
   * Builds into {@code writer} holding {@code writes} from the first write to the commit (the
   * lock under which others that share the writer commit it or refresh its readers), and tells
   * {@code renames} of renamed chunks before that commit.
   */
  public IndexBuilder(IndexWriter writer, ChunkSchema schema, DocumentVectors vectors,
      Progress progress, Lock writes, Renames renames) {
    this.writer = writer;
    this.schema = schema;
    this.vectors = vectors;
    this.progress = progress;
    this.writes = Objects.requireNonNull(writes, "writes");
    this.renames = Objects.requireNonNull(renames, "renames");
  }

  /** Indexes {@code source} and commits. */
  public IndexReport index(ChunkSource source) throws IOException {
    long start = System.nanoTime();
    int embeddedBefore = vectors.embedded();
    int cachedBefore = vectors.cached();
    SourceReading reading;
    try (DirectoryReader reader = DirectoryReader.open(writer)) {
      reading = SourceReading.read(reader, source, progress, SourceReading.NOTE_INTERVAL_NANOS);
    }
    ExistingChunks existing = reading.existing();
    List<Chunk> toWrite = reading.toWrite();

    List<float[]> chunkVectors = vectors.vectorsFor(toWrite, progress);

    Map<String, List<ExistingChunks.Entry>> vanished = existing.vanished(reading.ids());
    Map<String, String> renamed = new HashMap<>();
    Written written;
    DeferredProgress writing = new DeferredProgress(progress);
    writes.lock();
    try {
      written = write(toWrite, chunkVectors, existing, vanished, reading.rootKey() != null,
          renamed, writing);
      if (!renamed.isEmpty()) {
        renames.renaming(Map.copyOf(renamed));
      }
      if (writer.hasUncommittedChanges()) {
        writer.commit();
      }
    } catch (IOException | RuntimeException | Error e) {
      FailedWrites.rollBack(writer, e);
      throw e;
    } finally {
      writes.unlock();
    }
    writing.rethrow(); // committed: the path is whole
    if (!toWrite.isEmpty()) {
      progress.finish();
    }
    long millis = (System.nanoTime() - start) / 1_000_000L;
    return new IndexReport(reading.source().origin(), reading.part(), written.added(),
        written.updated(), reading.unchanged(), written.deleted(),
        vectors.embedded() - embeddedBefore, vectors.cached() - cachedBefore, reading.problems(),
        renamed, millis);
  }

  /**
   * Writes {@code toWrite} (each replacing its predecessor, whose id goes to {@code renamed} when
   * it differs) and deletes what vanished.
   */
  private Written write(List<Chunk> toWrite, List<float[]> chunkVectors, ExistingChunks existing,
      Map<String, List<ExistingChunks.Entry>> vanished, boolean matchText,
      Map<String, String> renamed, DeferredProgress progress) throws IOException {
    int added = 0;
    int updated = 0;
    // Lucene builds the HNSW graph as documents are added and merged: for large sources this
    // takes longer than embedding cached or hashed vectors, so it has a progress task of its own.
    if (!toWrite.isEmpty()) {
      progress.start("writing", toWrite.size());
    }
    List<ExistingChunks.Entry> predecessors =
        Predecessors.find(toWrite, existing, vanished, matchText);
    for (int i = 0; i < toWrite.size(); i++) {
      Chunk chunk = toWrite.get(i);
      ExistingChunks.Entry predecessor = predecessors.get(i);
      if (predecessor != null && !predecessor.id().equals(chunk.id())) {
        writer.deleteDocuments(ChunkSchema.idTerm(predecessor.id()));
        renamed.put(predecessor.id(), chunk.id());
      }
      LearnedValues learned = predecessor == null ? LearnedValues.NEUTRAL : predecessor.learned();
      writer.updateDocument(ChunkSchema.idTerm(chunk.id()),
          schema.document(chunk, chunkVectors.get(i), learned));
      if (predecessor == null) {
        added++;
      } else {
        updated++;
      }
      progress.advance(i + 1);
    }
    int deleted = 0; // of this origin, and of adopted ones that no longer exist
    for (List<ExistingChunks.Entry> gone : vanished.values()) {
      for (ExistingChunks.Entry entry : gone) {
        writer.deleteDocuments(ChunkSchema.idTerm(entry.id()));
        deleted++;
      }
    }
    return new Written(added, updated, deleted);
  }

  /** How many chunks a run added, updated (replacing a predecessor) and deleted. */
  private record Written(int added, int updated, int deleted) {}
}
