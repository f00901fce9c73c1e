package dev.relearn.engine;

import dev.relearn.engine.cluster.ClusterChunks;
import dev.relearn.indexer.build.IndexReport;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.ChunkSource;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.indexer.source.SourceProblem;
import dev.relearn.indexer.source.Sources;
import dev.relearn.lucene.embed.Embedder;
import dev.relearn.lucene.embed.VectorChecks;
import dev.relearn.lucene.schema.Chunk;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Indexes a source into a chunk index on a cluster, incrementally: chunks are cut and embedded
 * here (or take the stored vector of the origin's chunk of the same content), those the cluster
 * holds unchanged are left alone, the rest written in {@code _bulk} batches, the origin's vanished
 * chunks deleted; the last batch is refreshed.
 */
final class ClusterIndexing {
  /** Chunks embedded and written per {@code _bulk} request. */
  static final int BATCH = 64;

  private ClusterIndexing() {}

  static IndexReport index(ClusterChunks chunks, Embedder embedder, Path path,
      SourceFormat format, Progress progress) throws IOException {
    long start = System.nanoTime();
    ChunkSource source = Sources.open(path, format);
    List<Chunk> read = new ArrayList<>();
    List<SourceProblem> problems = new ArrayList<>();
    source.read(read::add, problems::add);
    Map<String, String> held = chunks.hashes(source.origin());
    List<Chunk> changed = new ArrayList<>();
    Set<String> ids = new HashSet<>();
    int added = 0;
    int updated = 0;
    for (Chunk chunk : read) {
      if (!ids.add(chunk.id())) {
        continue; // the sources give each chunk id once; a repeat would be written twice
      }
      String hash = held.get(chunk.id());
      if (hash == null) {
        added++;
        changed.add(chunk);
      } else if (!hash.equals(chunk.sha256())) {
        updated++;
        changed.add(chunk);
      }
    }
    List<String> deleted = held.keySet().stream().filter(id -> !ids.contains(id)).sorted()
        .toList();
    Map<String, String> idOfContent = new HashMap<>(); // a stored chunk of each content hash
    held.forEach((id, hash) -> idOfContent.putIfAbsent(hash, id));
    progress.start("embedding " + changed.size() + " chunks", changed.size());
    int reused = 0;
    for (int from = 0; from < changed.size() || from == 0; from += BATCH) {
      List<Chunk> batch = changed.subList(from, Math.min(changed.size(), from + BATCH));
      Vectors vectors = vectors(chunks, embedder, batch, idOfContent);
      reused += vectors.reused();
      boolean last = from + BATCH >= changed.size();
      chunks.write(batch, vectors.vectors(), last ? deleted : List.of(), last);
      progress.advance(Math.min(changed.size(), from + BATCH));
    }
    progress.finish();
    return new IndexReport(source.origin(), null, added, updated, ids.size() - added - updated,
        deleted.size(), changed.size() - reused, reused, problems, Map.of(),
        (System.nanoTime() - start) / 1_000_000);
  }

  /** A batch's vectors, in order, and how many of them were stored ones. */
  private record Vectors(List<float[]> vectors, int reused) {}

  /**
   * The vectors of {@code batch}: the stored vector of a chunk of the same content (a renamed or
   * moved file's, as embedded indexing reuses them) when the origin holds one, else embedded.
   */
  private static Vectors vectors(ClusterChunks chunks, Embedder embedder, List<Chunk> batch,
      Map<String, String> idOfContent) throws IOException {
    Map<String, float[]> stored = chunks.vectors(batch.stream()
        .map(chunk -> idOfContent.get(chunk.sha256())).filter(Objects::nonNull).toList());
    List<Chunk> misses = batch.stream()
        .filter(chunk -> !stored.containsKey(idOfContent.get(chunk.sha256()))).toList();
    Iterator<float[]> embedded =
        embedder.embedDocuments(misses.stream().map(Chunk::searchableText).toList()).iterator();
    List<float[]> vectors = new ArrayList<>(batch.size());
    for (Chunk chunk : batch) {
      float[] vector = stored.get(idOfContent.get(chunk.sha256()));
      vectors.add(VectorChecks.requireUnitVector(vector == null ? embedded.next() : vector,
          embedder.dimension(), embedder.modelId()));
    }
    return new Vectors(vectors, batch.size() - misses.size());
  }
}
