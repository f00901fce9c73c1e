package dev.relearn.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.engine.search.SearchMode;
import dev.relearn.engine.search.SearchRequest;
import dev.relearn.indexer.build.IndexBuilder;
import dev.relearn.indexer.embed.HashingEmbedder;
import dev.relearn.lucene.embed.Embedder;
import dev.relearn.lucene.embed.ForwardingEmbedder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link IndexStats} copies its maps in key order and checks its counts; an engine's stats size
 * the index and its feedback, and name a source whose index run stopped part-way.
 */
class IndexStatsTest {
  @TempDir Path tmp;

  @Test
  void statsSizeTheIndexAndItsFeedback() throws IOException {
    Path docs = KeyDocs.write(tmp);
    Path index = tmp.resolve("idx");
    try (Relearn relearn = Relearn.open(index, TestOptions.HASHING)) {
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      String chunk = relearn.search(SearchRequest.of("keys")).hits().get(0).chunkId();
      relearn.feedback(FeedbackRequest.of("keys", List.of(chunk)));
      IndexStats stats = relearn.stats();
      assertTrue(stats.sizeBytes() > 0, "index");
      assertTrue(stats.feedbackBytes() > 0, "feedback");
    }
  }

  @Test
  void theChunkCountAndWhetherItTakesWritesAreAtHandForAHealthCheck() throws IOException {
    Path docs = KeyDocs.write(tmp);
    Path index = tmp.resolve("idx");
    Relearn writer = Relearn.open(index, TestOptions.HASHING);
    try {
      assertEquals(0, writer.chunkCount());
      writer.index(docs, SourceFormat.AUTO, Progress.NONE);
      assertEquals(writer.stats().chunks(), writer.chunkCount());
      assertTrue(writer.chunkCount() > 0);
      assertTrue(writer.writable());
      try (Relearn reader = Relearn.open(index, TestOptions.HASHING.withReadOnly(true))) {
        assertFalse(reader.writable(), "read-only");
        assertEquals(writer.chunkCount(), reader.chunkCount(), "the writer's commit");
      }
    } finally {
      writer.close();
    }
    assertFalse(writer.writable(), "closed");
  }

  @Test
  void aRunStoppedAfterACommitLeavesItsSourceUnfinishedUntilARunEnds() throws IOException {
    Path docs = Files.createDirectories(tmp.resolve("notes"));
    for (int i = 0; i < IndexBuilder.COMMIT_EVERY + 10; i++) {
      Files.writeString(docs.resolve("n" + i + ".md"), "# Note " + i + "\n\nbody " + i + "\n");
    }
    AtomicInteger embedded = new AtomicInteger();
    AtomicBoolean stop = new AtomicBoolean(true);
    Embedder stopping = new ForwardingEmbedder(new HashingEmbedder()) {
      @Override
      public float[] embedDocument(String text) {
        if (stop.get() && embedded.incrementAndGet() > IndexBuilder.COMMIT_EVERY + 5) {
          throw new IllegalStateException("stopped");
        }
        return super.embedDocument(text);
      }
    };
    Path index = tmp.resolve("idx");
    try (Relearn relearn = Relearn.open(index, TestOptions.HASHING.withEmbedder(stopping))) {
      assertThrows(IllegalStateException.class,
          () -> relearn.index(docs, SourceFormat.AUTO, Progress.NONE));
      assertEquals(Set.of(docs.toAbsolutePath().normalize().toString()),
          relearn.stats().unfinished());
      stop.set(false);
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      assertEquals(Set.of(), relearn.stats().unfinished(), "finished");
    }
  }

  @Test
  void searchesRightAfterIndexingRankAsAfterAReopen() throws IOException {
    Path records = tmp.resolve("records.jsonl");
    StringBuilder lines = new StringBuilder();
    Random random = new Random(42);
    String[] words = {"key", "rotate", "cache", "vector", "merge", "segment", "lamp", "desk"};
    for (int i = 0; i < 12 * IndexBuilder.COMMIT_EVERY; i++) { // commits enough to merge
      lines.append("{\"id\": \"r").append(i).append("\", \"text\": \"");
      for (int w = 0; w < 6; w++) {
        lines.append(words[random.nextInt(words.length)]).append(' ');
      }
      lines.append(i).append("\"}\n");
    }
    Files.writeString(records, lines);
    Path index = tmp.resolve("idx");
    List<List<String>> before = new ArrayList<>();
    try (Relearn relearn = Relearn.open(index, TestOptions.HASHING)) {
      relearn.index(records, SourceFormat.JSONL, Progress.NONE);
      for (String word : words) {
        before.add(ranked(relearn, word));
      }
    }
    try (Relearn reopened = Relearn.open(index, TestOptions.HASHING)) {
      for (int i = 0; i < words.length; i++) {
        assertEquals(before.get(i), ranked(reopened, words[i]), words[i]);
      }
    }
  }

  /** The vector top 10 for {@code query}: ids and scores. */
  private static List<String> ranked(Relearn relearn, String query) throws IOException {
    return relearn.search(SearchRequest.of(query + " lamp key").withMode(SearchMode.VECTOR)
        .withK(10)).hits().stream().map(hit -> hit.chunkId() + " " + hit.score()).toList();
  }

  @Test
  void mapsIterateInKeyOrderWhateverOrderTheyCameIn() {
    Map<String, Integer> kinds = new LinkedHashMap<>();
    kinds.put("text", 1);
    kinds.put("markdown", 2);
    kinds.put("record", 3);
    kinds.put("code", 4);
    Map<String, Integer> origins = new LinkedHashMap<>();
    origins.put("/b", 6);
    origins.put("/a", 4);
    IndexStats stats = new IndexStats("/idx", "m", 384, 10, kinds, 2, origins, Set.of(), 1, 100,
        0);
    // a JSON or text rendering lists them in this order, the same on every run
    assertEquals(List.of("code", "markdown", "record", "text"),
        List.copyOf(stats.chunksByKind().keySet()));
    assertEquals(List.of("/a", "/b"), List.copyOf(stats.chunksByOrigin().keySet()));
    assertThrows(UnsupportedOperationException.class, () -> stats.chunksByKind().put("x", 1));
  }

  @Test
  void originsMustCountTheListedSources() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new IndexStats("/idx", "m", 384, 1, Map.of(), 2, Map.of("/a", 1), Set.of(),
            1, 1, 0));
    assertEquals("origins must be the 1 sources listed, got: 2", e.getMessage());
  }
}
