package dev.relearn.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.indexer.build.IndexReport;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.embed.HashingEmbedder;
import dev.relearn.indexer.embed.VectorCompaction;
import dev.relearn.indexer.embed.VectorStoreProbe;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.lucene.embed.Embedder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The document-vector cache is compacted against the index's live chunks: on request ({@link
 * Relearn#compactVectorCache}), a shared folder only when asked; automatically after an index
 * call once enough of the index's own cache is stale, keeping the vectors of a call that failed
 * for its next run.
 */
class VectorCacheCompactionTest {
  private static final long RECORD = 32 + 4 * 384 + 4;

  @TempDir Path tmp;

  /** Writes {@code files} one-section notes whose text depends on {@code version}. */
  private static Path notes(Path folder, int files, int version) throws IOException {
    Files.createDirectories(folder);
    for (int i = 0; i < files; i++) {
      Files.writeString(folder.resolve("note" + i + ".md"), "# Note " + i + "\nHarbour " + i
          + " lists " + version + " crossings, revision " + version + ".\n");
    }
    return folder;
  }

  /** Vectors in a cache file of the hashing model. */
  private static long vectorsIn(Path file) throws IOException {
    long header = 12 + HashingEmbedder.MODEL_ID.length();
    assertEquals(0, (Files.size(file) - header) % RECORD, file + ": whole records");
    return (Files.size(file) - header) / RECORD;
  }

  private static Path cacheFile(Path folder) {
    return folder.resolve(HashingEmbedder.MODEL_ID.replaceAll("[^A-Za-z0-9._-]", "_")
        + ".vectors");
  }

  @Test
  void compactingOnRequestKeepsExactlyTheVectorsTheChunksNeed() throws IOException {
    Path index = tmp.resolve("idx");
    Path docs = tmp.resolve("docs");
    try (Relearn relearn = Relearn.open(index, TestOptions.HASHING)) {
      for (int version = 0; version < 4; version++) {
        relearn.index(notes(docs, 20, version), SourceFormat.AUTO, Progress.NONE);
      }
      Path file = cacheFile(index.resolve("vector-cache"));
      long before = Files.size(file);
      VectorCacheCompaction done = relearn.compactVectorCache(false);
      assertEquals(VectorCacheCompaction.Outcome.COMPACTED, done.outcome());
      VectorCompaction result = done.result();
      assertEquals(80, result.vectorsBefore());
      assertEquals(20, result.vectorsAfter());
      assertEquals(before, result.bytesBefore());
      assertEquals(before - 60 * RECORD, Files.size(file));
      assertEquals(Files.size(file), result.bytesAfter());
      IndexReport again = relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      assertEquals(0, again.embedded(), "nothing to embed: unchanged");
      Files.writeString(docs.resolve("note0.md"), "# Note 0\nEdited.\n");
      Files.delete(docs.resolve("note1.md"));
      IndexReport edited = relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      assertEquals(1, edited.embedded());
      assertEquals(0, edited.cachedVectors(), "the other chunks are unchanged, not re-read");
    }
    try (Relearn relearn = Relearn.open(index, TestOptions.HASHING)) { // read from the file
      VectorCompaction edited = relearn.compactVectorCache(false).result();
      assertEquals(21, edited.vectorsBefore(), "20, and the edit's");
      assertEquals(19, edited.vectorsAfter(), "the deleted file's and the edited text's gone");
      relearn.remove(List.of(docs), false);
      assertEquals(0, relearn.compactVectorCache(false).result().vectorsAfter());
    }
  }

  @Test
  void aSharedFolderIsCompactedOnlyWhenAskedAndANewIndexHasNothingToCompact()
      throws IOException {
    Path shared = tmp.resolve("shared");
    RelearnOptions options = TestOptions.HASHING.withVectorCacheDir(shared);
    try (Relearn relearn = Relearn.open(tmp.resolve("fresh"), TestOptions.HASHING)) {
      assertEquals(VectorCacheCompaction.Outcome.NO_CACHE,
          relearn.compactVectorCache(false).outcome());
      assertFalse(Files.exists(tmp.resolve("fresh/vector-cache")), "nothing created");
    }
    try (Relearn relearn = Relearn.open(tmp.resolve("idx"), options)) {
      relearn.index(notes(tmp.resolve("a"), 5, 0), SourceFormat.AUTO, Progress.NONE);
      relearn.index(notes(tmp.resolve("a"), 5, 1), SourceFormat.AUTO, Progress.NONE);
      long size = Files.size(cacheFile(shared));
      VectorCacheCompaction skipped = relearn.compactVectorCache(false);
      assertEquals(VectorCacheCompaction.Outcome.SHARED, skipped.outcome());
      assertEquals(shared, skipped.folder());
      assertEquals(size, Files.size(cacheFile(shared)));
      assertEquals(5, relearn.compactVectorCache(true).result().vectorsAfter());
    }
    try (Relearn reader = Relearn.open(tmp.resolve("idx"), options.withReadOnly(true))) {
      assertThrows(IllegalStateException.class, () -> reader.compactVectorCache(true));
    }
  }

  @Test
  void aCacheAnotherProcessHoldsIsLeftAlone() throws Exception {
    Path index = tmp.resolve("idx");
    try (Relearn relearn = Relearn.open(index, TestOptions.HASHING)) {
      relearn.index(notes(tmp.resolve("a"), 5, 0), SourceFormat.AUTO, Progress.NONE);
    }
    Path folder = index.resolve("vector-cache");
    try (VectorStoreProbe holder = VectorStoreProbe.start(folder, HashingEmbedder.MODEL_ID, 384);
        Relearn relearn = Relearn.open(index, TestOptions.HASHING)) {
      assertTrue(holder.writable());
      relearn.index(notes(tmp.resolve("a"), 5, 1), SourceFormat.AUTO, Progress.NONE);
      long size = Files.size(cacheFile(folder));
      VectorCacheCompaction skipped = relearn.compactVectorCache(false);
      assertEquals(VectorCacheCompaction.Outcome.IN_USE, skipped.outcome());
      assertEquals(size, Files.size(cacheFile(folder)));
    }
  }

  @Test
  void theIndexsOwnCacheIsCompactedAfterAnIndexCallOnceHalfOfItIsStale() throws IOException {
    List<String> notes = new ArrayList<>();
    Progress progress = new Progress() {
      @Override
      public void start(String task, long total) {}

      @Override
      public void advance(long done) {}

      @Override
      public void finish() {}

      @Override
      public void note(String message) {
        notes.add(message);
      }
    };
    Path own = tmp.resolve("own");
    Path shared = tmp.resolve("shared");
    int files = 100;
    int rounds = VectorCache.MIN_STALE / files + 3; // the stale vectors pass MIN_STALE
    try (Relearn relearn = Relearn.open(own, TestOptions.HASHING);
        Relearn sharing = Relearn.open(tmp.resolve("sharing"),
            TestOptions.HASHING.withVectorCacheDir(shared))) {
      for (int version = 0; version <= rounds; version++) {
        Path docs = notes(tmp.resolve("docs"), files, version);
        relearn.index(docs, SourceFormat.AUTO, progress);
        sharing.index(docs, SourceFormat.AUTO, Progress.NONE);
      }
    }
    assertEquals(1, notes.stream().filter(n -> n.startsWith("vector cache compacted")).count(),
        notes.toString());
    assertEquals((long) files * (rounds + 1), vectorsIn(cacheFile(shared)),
        "a shared cache only grows");
    assertEquals(files * (rounds + 1 - VectorCache.MIN_STALE / files),
        vectorsIn(cacheFile(own.resolve("vector-cache"))),
        "compacted to the live 100 when 1,000 were stale, then grown by the later rounds");
  }

  @Test
  void aRemoveCompactsTheIndexsOwnCacheByTheSameRule() throws IOException {
    Path own = tmp.resolve("own");
    Path sharing = tmp.resolve("sharing");
    Path shared = tmp.resolve("shared");
    RelearnOptions sharedOptions = TestOptions.HASHING.withVectorCacheDir(shared);
    Path big = notes(tmp.resolve("big"), VectorCache.MIN_STALE, 0);
    Path small = notes(tmp.resolve("small"), 100, 1); // texts other than big's
    for (Path index : List.of(own, sharing)) {
      try (Relearn relearn = Relearn.open(index, index == own ? TestOptions.HASHING
          : sharedOptions)) {
        relearn.index(big, SourceFormat.AUTO, Progress.NONE);
        relearn.index(small, SourceFormat.AUTO, Progress.NONE);
      }
    }
    Path ownFile = cacheFile(own.resolve("vector-cache"));
    assertEquals(1_100, vectorsIn(ownFile), "nothing stale yet");
    try (Relearn relearn = Relearn.open(own, TestOptions.HASHING)) { // the cache not open yet
      relearn.remove(List.of(small), false);
      assertEquals(1_100, vectorsIn(ownFile), "100 stale: under the threshold");
      relearn.index(small, SourceFormat.AUTO, Progress.NONE);
    }
    try (Relearn relearn = Relearn.open(own, TestOptions.HASHING);
        Relearn other = Relearn.open(sharing, sharedOptions)) {
      relearn.remove(List.of(big), true);
      assertEquals(1_100, vectorsIn(ownFile), "a dry run leaves it");
      relearn.remove(List.of(big), false);
      assertEquals(100, vectorsIn(ownFile), "1,000 stale of 1,100: compacted to the live 100");
      other.remove(List.of(big), false);
      assertEquals(1_100, vectorsIn(cacheFile(shared)), "a shared cache is not");
      assertEquals(0, relearn.index(small, SourceFormat.AUTO, Progress.NONE).embedded());
    }
  }

  @Test
  void whenToCompact() {
    assertFalse(VectorCache.worthCompacting(1_999, 0, 1_000), "999 stale");
    assertTrue(VectorCache.worthCompacting(2_000, 0, 1_000), "1,000 stale, half");
    assertFalse(VectorCache.worthCompacting(2_000, 1, 1_000), "one kept for a failed call");
    assertFalse(VectorCache.worthCompacting(50_000, 0, 30_000), "20,000 stale, 40 %");
    assertTrue(VectorCache.worthCompacting(60_000, 0, 30_000));
    assertFalse(VectorCache.worthCompacting(10, 0, 1_000), "more chunks than vectors");
  }

  @Test
  void theVectorsOfAFailedCallSurviveAutomaticCompactionForItsNextRun() throws IOException {
    FailingOnce embedder = new FailingOnce("poisoned");
    Path other = tmp.resolve("other");
    Path failing = Files.createDirectories(tmp.resolve("failing"));
    for (int i = 0; i < 30; i++) {
      Files.writeString(failing.resolve("f" + i + ".md"), "# F " + i + "\nSome words " + i
          + ".\n");
    }
    Files.writeString(failing.resolve("zz.md"), "# Z\npoisoned words.\n"); // embedded last
    Path index = tmp.resolve("idx");
    try (Relearn relearn = Relearn.open(index, TestOptions.HASHING.withEmbedder(embedder))) {
      assertThrows(IllegalStateException.class,
          () -> relearn.index(failing, SourceFormat.AUTO, Progress.NONE));
      assertEquals(30, embedder.embedded);
      int files = 100;
      for (int version = 0; version <= VectorCache.MIN_STALE / files + 3; version++) {
        relearn.index(notes(other, files, version), SourceFormat.AUTO, Progress.NONE);
      }
      assertEquals(30 + 4 * files, vectorsIn(cacheFile(index.resolve("vector-cache"))),
          "compacted to the 30 of the failed call and the live 100, then grown 3 rounds");
      IndexReport rerun = relearn.index(failing, SourceFormat.AUTO, Progress.NONE);
      assertEquals(1, rerun.embedded(), "only the chunk that failed");
      assertEquals(30, rerun.cachedVectors());
      assertEquals(0, relearn.compactVectorCache(false).result().unfinishedDropped());
    }
  }

  /** The hashing embedder, failing once on a text that contains {@code poison}. */
  private static final class FailingOnce implements Embedder {
    private final HashingEmbedder hashing = new HashingEmbedder();
    private final String poison;
    private boolean failed;
    int embedded;

    FailingOnce(String poison) {
      this.poison = poison;
    }

    @Override
    public String modelId() {
      return hashing.modelId();
    }

    @Override
    public int dimension() {
      return hashing.dimension();
    }

    @Override
    public float[] embedQuery(String query) {
      return hashing.embedQuery(query);
    }

    @Override
    public float[] embedDocument(String text) {
      if (!failed && text.contains(poison)) {
        failed = true;
        throw new IllegalStateException("the model failed");
      }
      embedded++;
      return hashing.embedDocument(text);
    }
  }
}
