package dev.relearn.indexer.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.indexer.embed.HashingEmbedder;
import dev.relearn.indexer.embed.VectorStore;
import dev.relearn.indexer.source.DirectorySource;
import dev.relearn.lucene.schema.Chunk;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.lucene.index.DirectoryReader;
import org.junit.jupiter.api.Test;

/**
 * The cache keys rebuilt from the index's stored fields are exactly those {@link DocumentVectors}
 * cached for the live chunks: Markdown sections under headings, a code window inside a class
 * (its heading path), a title-less text file, and a chunk whose text was edited (its old key is
 * no longer live).
 */
class LiveTextHashesTest extends IndexBuilderFixture {
  @Test
  void theKeysOfTheLiveChunksAreTheKeysTheirVectorsWereCachedUnder() throws IOException {
    Path root = Files.createDirectories(dir.resolve("docs"));
    Files.writeString(root.resolve("guide.md"), "# Guide\nIntro words.\n\n## Keys\nRotate them"
        + " often.\n\n### Expiry\nKeys expire after 90 days.\n");
    Files.writeString(root.resolve("Cache.java"), "class Cache {\n  void resize() {\n    grow();"
        + "\n  }\n}\n");
    Files.writeString(root.resolve("notes.txt"), "plain notes without a heading\n");
    Set<String> cached = new HashSet<>();
    try (VectorStore store = VectorStore.open(dir.resolve("cache"), HashingEmbedder.MODEL_ID,
        HashingEmbedder.DIMENSION)) {
      Set<String> first = indexAndRead(root, store);
      Files.writeString(root.resolve("notes.txt"), "plain notes, edited\n");
      Set<String> second = indexAndRead(root, store);
      assertEquals(first.size(), second.size());
      assertEquals(1, first.stream().filter(k -> !second.contains(k)).count(), "the edit");
      assertEquals(first.size() + 1, store.size(), "every key ever cached");
      for (Chunk chunk : chunksOf(root)) {
        cached.add(Chunk.sha256Hex(chunk.searchableText()));
      }
      assertEquals(cached, second);
      for (String key : second) {
        assertTrue(store.get(key) != null, key);
      }
    }
  }

  private Set<String> indexAndRead(Path root, VectorStore store) throws IOException {
    new IndexBuilder(writer, schema, new DocumentVectors(new HashingEmbedder(), store),
        Progress.NONE).index(new DirectorySource(root));
    try (DirectoryReader reader = DirectoryReader.open(writer)) {
      return LiveTextHashes.of(reader);
    }
  }

  private static List<Chunk> chunksOf(Path root) throws IOException {
    List<Chunk> chunks = new ArrayList<>();
    new DirectorySource(root).read(chunks::add, problem -> {
      throw new AssertionError(problem.toString());
    });
    return chunks;
  }
}
