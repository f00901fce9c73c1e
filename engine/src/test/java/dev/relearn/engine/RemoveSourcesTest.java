package dev.relearn.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.indexer.build.IndexReport;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.build.RemoveReport;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.lucene.feedback.Outcome;
import dev.relearn.engine.search.Hit;
import dev.relearn.engine.search.SearchMode;
import dev.relearn.engine.search.SearchRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link Relearn#remove}: whole sources out of an index, on real folders and a real index. */
class RemoveSourcesTest {
  @TempDir Path tmp;
  private Path keep;
  private Path gone;
  private Path index;
  private final RelearnOptions hashing = RelearnOptions.defaults().withModel(ModelChoice.HASHING);

  @BeforeEach
  void writeFolders() throws Exception {
    keep = Files.createDirectories(tmp.resolve("keep"));
    gone = Files.createDirectories(tmp.resolve("gone"));
    index = tmp.resolve("index");
    Files.writeString(keep.resolve("keys.md"), "# Keys\nRotate the signing keys every month.\n");
    Files.writeString(keep.resolve("Cache.java"), "class Cache { int evictLeastRecent() {"
        + " return 0; } }\n");
    Files.writeString(gone.resolve("zebra.md"), "# Zebras\nZebras graze on the savanna.\n");
    Files.writeString(gone.resolve("penguin.md"), "# Penguins\nPenguins swim in cold water.\n");
    Files.writeString(gone.resolve("keys.md"), "# Keys\nOld notes on signing keys.\n");
  }

  private static List<String> paths(Relearn relearn, String query) throws Exception {
    return relearn.search(SearchRequest.of(query).withK(20).withMode(SearchMode.BM25)).hits()
        .stream().map(Hit::path).toList();
  }

  private static void deleteTree(Path root) throws Exception {
    try (var files = Files.walk(root)) {
      for (Path p : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }

  @Test
  void aDeletedFolderIsRemovedAndTheOtherStillSearches() throws Exception {
    String goneOrigin = gone.toAbsolutePath().normalize().toString();
    String keepOrigin = keep.toAbsolutePath().normalize().toString();
    try (Relearn relearn = Relearn.open(index, hashing)) {
      IndexReport kept = relearn.index(keep, SourceFormat.AUTO, Progress.NONE);
      IndexReport removed = relearn.index(gone, SourceFormat.AUTO, Progress.NONE);
      assertEquals(Map.of(keepOrigin, kept.chunks(), goneOrigin, removed.chunks()),
          relearn.stats().chunksByOrigin());
      assertTrue(paths(relearn, "zebras savanna").contains("gone/zebra.md"));
      deleteTree(gone);

      // a relative, unnormalised spelling of the deleted folder names the same origin
      Path spelled = Path.of("").toAbsolutePath().relativize(keep.resolve("../gone"));
      assertEquals(List.of(new RemoveReport(goneOrigin, removed.chunks())),
          relearn.remove(List.of(spelled), false));
      IndexStats stats = relearn.stats();
      assertEquals(Map.of(keepOrigin, kept.chunks()), stats.chunksByOrigin());
      assertEquals(1, stats.origins());
      assertEquals(kept.chunks(), stats.chunks());
      assertFalse(paths(relearn, "zebras savanna").contains("gone/zebra.md"));
      List<String> keys = paths(relearn, "rotate signing keys");
      assertEquals(List.of("keep/keys.md"), keys, "only the kept folder's keys.md is left");
    }
    try (Relearn reopened = Relearn.open(index, hashing)) {
      assertEquals(Map.of(keepOrigin, 2), reopened.stats().chunksByOrigin(), "committed");
      IllegalArgumentException again = assertThrows(IllegalArgumentException.class,
          () -> reopened.remove(List.of(gone), false));
      assertEquals("not a source of this index: " + goneOrigin + "; its sources are "
          + keepOrigin + " (2 chunks)", again.getMessage());
    }
  }

  @Test
  void anUnknownPathFailsTheWholeCallAndADryRunDeletesNothing() throws Exception {
    Path stranger = tmp.resolve("never-indexed");
    try (Relearn relearn = Relearn.open(index, hashing)) {
      relearn.index(keep, SourceFormat.AUTO, Progress.NONE);
      relearn.index(gone, SourceFormat.AUTO, Progress.NONE);
      Map<String, Integer> before = relearn.stats().chunksByOrigin();

      IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
          () -> relearn.remove(List.of(gone, stranger), false));
      assertTrue(unknown.getMessage().startsWith("not a source of this index: " + stranger
          + "; its sources are "), unknown.getMessage());
      assertTrue(unknown.getMessage().contains(gone + " (3 chunks)"), unknown.getMessage());
      assertEquals(before, relearn.stats().chunksByOrigin(), "nothing deleted, not even gone");

      List<RemoveReport> planned = relearn.remove(List.of(gone, keep, gone), true);
      assertEquals(List.of(new RemoveReport(gone.toString(), 3),
          new RemoveReport(keep.toString(), 2)), planned, "each origin once, in the given order");
      assertEquals("/x: would remove 1 chunk", new RemoveReport("/x", 1).summary(true));
      assertEquals(before, relearn.stats().chunksByOrigin(), "a dry run deletes nothing");
    }
    try (Relearn readOnly = Relearn.open(index, hashing.withReadOnly(true))) {
      assertEquals(3, readOnly.remove(List.of(gone), true).get(0).chunks());
      assertThrows(IllegalStateException.class, () -> readOnly.remove(List.of(gone), false));
    }
  }

  @Test
  void feedbackOnRemovedChunksStaysAndCountsAgainWhenTheyComeBack() throws Exception {
    try (Relearn relearn = Relearn.open(index, hashing)) {
      relearn.index(gone, SourceFormat.AUTO, Progress.NONE);
      relearn.index(keep, SourceFormat.AUTO, Progress.NONE);
      Hit zebra = relearn.search(SearchRequest.of("zebras savanna").withMode(SearchMode.BM25))
          .hits().get(0);
      relearn.feedback(FeedbackRequest.of("zebras on the savanna", List.of(zebra.chunkId()))
          .withOutcome(Outcome.SUCCESS).withIds("alice", "e1"));
      relearn.remove(List.of(gone), false);
      assertEquals(1, relearn.feedbackStore().stats().ledgerEvents(), "the event is kept");

      relearn.index(gone, SourceFormat.AUTO, Progress.NONE); // the same folder, unchanged
      Hit back = relearn.search(SearchRequest.of("zebras savanna").withMode(SearchMode.BM25))
          .hits().get(0);
      assertEquals(zebra.chunkId(), back.chunkId());
      assertEquals(1, back.learned().successes(), "its evidence counts again");
      relearn.feedbackStore().checkpoint(); // what a reader of the commits sees
      try (Relearn readOnly = Relearn.open(index, hashing.withReadOnly(true))) {
        Hit seen = readOnly.search(SearchRequest.of("zebras savanna")
            .withMode(SearchMode.BM25)).hits().get(0);
        assertEquals(zebra.chunkId(), seen.chunkId());
        assertEquals(1, seen.learned().successes(), "the committed learned fields count it too");
      }
    }
  }
}
