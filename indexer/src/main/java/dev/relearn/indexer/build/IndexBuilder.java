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
 * the index unchanged. One commit ends the run, unless nothing changed. Problems in single files
 * or lines are reported and skipped; everything else is indexed.
 */
public final class IndexBuilder {
  private final IndexWriter writer;
  private final ChunkSchema schema;
  private final DocumentVectors vectors;
  private final Progress progress;

  /** Builds into {@code writer}, which must use {@code schema}'s analyzer and similarity. */
  public IndexBuilder(IndexWriter writer, ChunkSchema schema, DocumentVectors vectors,
      Progress progress) {
    this.writer = writer;
    this.schema = schema;
    this.vectors = vectors;
    this.progress = progress;
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
    int added = 0;
    int updated = 0;
    Map<String, String> renamed = new HashMap<>();
    // Lucene builds the HNSW graph as documents are added and merged: for large sources this
    // takes longer than embedding cached or hashed vectors, so it has a progress task of its own.
    if (!toWrite.isEmpty()) {
      progress.start("writing", toWrite.size());
    }
    List<ExistingChunks.Entry> predecessors = Predecessors.find(toWrite, existing, vanished,
        reading.rootKey() != null);
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
    if (writer.hasUncommittedChanges()) {
      writer.commit();
    }
    if (!toWrite.isEmpty()) {
      progress.finish();
    }
    long millis = (System.nanoTime() - start) / 1_000_000L;
    return new IndexReport(reading.source().origin(), reading.part(), added, updated,
        reading.unchanged(), deleted, vectors.embedded() - embeddedBefore,
        vectors.cached() - cachedBefore, reading.problems(), renamed, millis);
  }
}
