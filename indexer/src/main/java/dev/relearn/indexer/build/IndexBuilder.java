package dev.relearn.indexer.build;

import dev.relearn.indexer.source.ChunkSource;
import dev.relearn.indexer.source.DirectorySource;
import dev.relearn.lucene.embed.Embedder;
import dev.relearn.lucene.schema.Chunk;
import dev.relearn.lucene.schema.ChunkSchema;
import dev.relearn.lucene.schema.IndexMetadata;
import dev.relearn.lucene.schema.LearnedValues;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.locks.Lock;
import java.util.function.Function;
import java.util.stream.IntStream;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;

/**
 * Brings the index in line with one source, incrementally.
 *
 * <ul>
 *   <li>A chunk already indexed with the same id, content hash and lines is left alone (not
 *       re-embedded, learned values untouched); one that only moved is rewritten with its vector.
 *   <li>A new or changed chunk takes the vector of an indexed chunk with the same content hash
 *       ({@link DocumentVectors}), else is embedded. It keeps the learned values of the chunk it
 *       replaces ({@link Predecessors}): the same id, else (in a folder) a vanished chunk with the
 *       same text, so a renamed or moved file keeps what its chunks learned, else one at the same
 *       path and heading, or path and lines.
 *   <li>A folder's file whose hash and chunks match its {@link FileStamp} is not chunked again
 *       ({@link SourceReading}).
 *   <li>Chunks of the same origin that the source no longer has are deleted; a run never deletes
 *       or replaces chunks of another origin that still exists (a JSONL or BEIR record whose id
 *       such an origin has is a problem, not indexed; one whose origin is gone takes it over).
 * </ul>
 *
 * <p>A folder source ({@link DirectorySource}) gets a root key no other origin's paths start with
 * ({@link RootKeys}), so ids of two folders never collide; its chunks indexed before root keys move
 * to their new ids with their learned values ({@link IndexReport#renamed()}, for the feedback
 * store), and a vanished folder hands its key and chunks to the next folder indexed under it (a
 * moved folder). No file is indexed under two origins ({@link NestedOrigins}): a file inside an
 * indexed folder updates that folder's chunks ({@link IndexReport#part()}), and a folder indexed
 * around indexed ones takes over their chunks and learned values.
 *
 * <p>Every {@link #COMMIT_EVERY} embedded chunks are committed, so a killed or failed run keeps
 * them; the rest, and the deletions, go in its last commit (none if nothing changed). A commit
 * holds the writes lock from its first write, so another writer (the feedback store) neither
 * commits nor shows half of it, and tells {@link Renames} first; a failed commit rolls the writer
 * back, closing it ({@link FailedWrites}). A faulty embedder fails the run before its chunk is
 * written; problems in single files or lines are reported and skipped.
 */
public final class IndexBuilder {
  /**
   * Embedded chunks per intermediate commit: a run stopped by a kill loses at most this many
   * embeddings (about half a minute of bge-small on two cores).
   */
  public static final int COMMIT_EVERY = 500;

  private final IndexWriter writer;
  private final ChunkSchema schema;
  private final DocumentVectors vectors;
  private final Progress progress;
  private final Lock writes;
  private final Renames renames;
  private Function<String, LearnedValues> known = id -> LearnedValues.NEUTRAL;
  private int commitEvery = COMMIT_EVERY;

  /** Told of a run's renamed chunks before the commit that holds their new ids. */
  @FunctionalInterface
  public interface Renames {
    /**
     * {@code renamed} (old id to new id, not empty) are about to be committed; the writes lock is
     * held. A failure stops the run before its commit.
     */
    void renaming(Map<String, String> renamed) throws IOException;
  }

  /**
   * Builds into {@code writer}, which must use {@code schema}'s analyzer and similarity, with
   * vectors from the index or {@code embedder} ({@link DocumentVectors}), holding
   * {@code writes} from the first write to the commit (the lock under which others that share the
   * writer commit it or refresh its readers), and tells {@code renames} of renamed chunks before
   * that commit.
   */
  public IndexBuilder(IndexWriter writer, ChunkSchema schema, Embedder embedder,
      Progress progress, Lock writes, Renames renames) {
    this.writer = writer;
    this.schema = schema;
    this.vectors = new DocumentVectors(embedder);
    this.progress = progress;
    this.writes = Objects.requireNonNull(writes, "writes");
    this.renames = Objects.requireNonNull(renames, "renames");
  }

  /**
   * Gives a chunk that replaces none the learned values {@code known} has for its id (the
   * feedback store's, say: feedback on an id the index lacked counts once the chunk comes, or
   * comes back), rather than neutral ones.
   */
  public IndexBuilder withKnownLearned(Function<String, LearnedValues> known) {
    this.known = Objects.requireNonNull(known, "known");
    return this;
  }

  /**
   * Commits every {@code chunks} embedded chunks, so that a run stopped later keeps them; {@link
   * #COMMIT_EVERY} unless changed here.
   */
  IndexBuilder commitEvery(int chunks) {
    if (chunks < 1) {
      throw new IllegalArgumentException("commitEvery must be >= 1, got: " + chunks);
    }
    this.commitEvery = chunks;
    return this;
  }

  /** Indexes {@code source} and commits. */
  public IndexReport index(ChunkSource source) throws IOException {
    long start = System.nanoTime();
    SourceReading reading;
    float[][] chunkVectors;
    try (DirectoryReader reader = DirectoryReader.open(writer)) {
      reading = SourceReading.read(reader, source, progress, SourceReading.NOTE_INTERVAL_NANOS);
      chunkVectors = vectors.fromIndex(reader, recordedModel(), reading.toWrite);
    }
    ExistingChunks existing = reading.existing;
    List<Chunk> toWrite = reading.toWrite;
    Map<String, List<ExistingChunks.Entry>> vanished = existing.vanished(reading.ids);
    Run run = new Run(reading, chunkVectors,
        Predecessors.find(toWrite, existing, vanished, reading.rootKey != null),
        IndexOrigins.unfinished(IndexOrigins.liveData(writer)).contains(
            reading.source.origin()));
    List<Integer> misses = IntStream.range(0, toWrite.size())
        .filter(i -> chunkVectors[i] == null).boxed().toList();
    int reused = toWrite.size() - misses.size();
    if (reused > 0) {
      progress.note("vectors: " + reused + " of " + toWrite.size() + " from the index, "
          + misses.size() + " to embed");
    }
    List<Integer> unwritten = embed(run, misses);
    DeferredProgress writing = new DeferredProgress(progress);
    // Lucene builds the HNSW graph as documents are added and merged: for large sources this
    // takes longer than taking vectors from the index or hashing them, so it has its own task.
    if (!unwritten.isEmpty()) {
      writing.start("writing", unwritten.size());
    }
    commit(run, unwritten, vanished, writing, true);
    writing.rethrow(); // committed: the path is whole
    if (!unwritten.isEmpty()) {
      progress.finish();
    }
    long millis = (System.nanoTime() - start) / 1_000_000L;
    return new IndexReport(reading.source.origin(), reading.part, run.added, run.updated,
        reading.unchanged, run.deleted, misses.size(), reused,
        reading.problems, run.renamed, millis);
  }

  /**
   * Embeds the chunks at {@code misses}, committing every {@link #commitEvery} of them; returns
   * the indexes of the chunks still to write, in order.
   */
  private List<Integer> embed(Run run, List<Integer> misses) throws IOException {
    List<Integer> pending = new ArrayList<>();
    int cutShort = 0;
    if (!misses.isEmpty()) {
      progress.start("embedding", misses.size());
      try {
        for (int done = 0; done < misses.size(); done++) {
          int i = misses.get(done);
          cutShort += vectors.cutShort(run.chunks.get(i)) ? 1 : 0;
          run.vectors[i] = vectors.embed(run.chunks.get(i));
          pending.add(i);
          if (pending.size() == commitEvery && done + 1 < misses.size()) {
            commit(run, pending, Map.of(), new DeferredProgress(Progress.NONE), false);
            run.written.addAll(pending);
            pending.clear();
          }
          progress.advance(done + 1);
        }
      } finally {
        progress.finish();
      }
    }
    if (cutShort > 0) {
      progress.note(cutShort + " of the chunks embedded are longer than the model's "
          + vectors.window() + "-token window: their vectors cover their start only (BM25 all of"
          + " them)");
    }
    return IntStream.range(0, run.chunks.size()).filter(i -> !run.written.contains(i)).boxed()
        .toList();
  }

  /**
   * Writes the chunks at {@code indexes} (each replacing its predecessor, whose id goes to the
   * run's renames when it differs), deletes what {@code vanished} holds, tells {@link #renames}
   * and commits, the origin marked unfinished unless this is the run's {@code last} commit,
   * holding {@link #writes} throughout; rolls back on failure.
   */
  private void commit(Run run, List<Integer> indexes,
      Map<String, List<ExistingChunks.Entry>> vanished, DeferredProgress writing, boolean last)
      throws IOException {
    Map<String, String> renamed = new HashMap<>();
    writes.lock();
    try {
      for (int n = 0; n < indexes.size(); n++) {
        int i = indexes.get(n);
        Chunk chunk = run.chunks.get(i);
        ExistingChunks.Entry predecessor = run.predecessors.get(i);
        if (predecessor != null && !predecessor.id().equals(chunk.id())) {
          writer.deleteDocuments(ChunkSchema.idTerm(predecessor.id()));
          renamed.put(predecessor.id(), chunk.id());
        }
        LearnedValues learned =
            predecessor == null ? known.apply(chunk.id()) : predecessor.learned();
        writer.updateDocument(ChunkSchema.idTerm(chunk.id()), schema.document(chunk,
            run.vectors[i], learned, run.reading.stamps.get(chunk.path())));
        if (predecessor == null) {
          run.added++;
        } else if (!run.reading.restamped.contains(chunk.id())) {
          run.updated++;
        }
        writing.advance(n + 1);
      }
      for (List<ExistingChunks.Entry> gone : vanished.values()) {
        for (ExistingChunks.Entry entry : gone) { // of this origin, and of adopted ones gone
          writer.deleteDocuments(ChunkSchema.idTerm(entry.id()));
          run.deleted++;
        }
      }
      if (!renamed.isEmpty()) {
        renames.renaming(Map.copyOf(renamed));
      }
      // a part's last commit leaves its folder as the run found it: it does not finish it
      IndexOrigins.mark(writer, run.reading.source.origin(),
          !last || (run.reading.part != null && run.wasUnfinished));
      if (writer.hasUncommittedChanges()) {
        writer.commit();
      }
      run.renamed.putAll(renamed);
    } catch (IOException | RuntimeException | Error e) {
      FailedWrites.rollBack(writer, e);
      throw e;
    } finally {
      writes.unlock();
    }
  }

  /** The model and dimension the index records (in the writer's commit data), or null. */
  private IndexMetadata recordedModel() {
    return IndexMetadata.fromUserData(IndexOrigins.liveData(writer));
  }

  /** One run's chunks to write, their vectors and predecessors, and what it wrote so far. */
  private static final class Run {
    final SourceReading reading;
    final List<Chunk> chunks;
    final float[][] vectors;
    final List<ExistingChunks.Entry> predecessors;
    final boolean wasUnfinished; // the origin, when the run began
    final Set<Integer> written = new HashSet<>();
    final Map<String, String> renamed = new HashMap<>();
    int added;
    int updated;
    int deleted;

    Run(SourceReading reading, float[][] vectors, List<ExistingChunks.Entry> predecessors,
        boolean wasUnfinished) {
      this.reading = reading;
      this.chunks = reading.toWrite;
      this.vectors = vectors;
      this.predecessors = predecessors;
      this.wasUnfinished = wasUnfinished;
    }
  }
}
