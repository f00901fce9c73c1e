package dev.relearn.eval.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.lucene.schema.Chunk;
import dev.relearn.lucene.schema.ChunkKind;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CodeQueriesTest {
  private static Chunk chunk(int i, String text) {
    return new Chunk("c" + i, "/src", "src/f" + i + ".c", ChunkKind.CODE, "f" + i, List.of(), 1,
        1, 10, text);
  }

  @Test
  void eachQueryIsTwoIdentifiersOfAChunkInTheWindowAndTheSeedRepeatsThem() {
    CodeQueries first = new CodeQueries(3, 4, 9);
    CodeQueries again = new CodeQueries(3, 4, 9);
    for (int i = 0; i < 10; i++) {
      String text = i < 4 ? "kmalloc(size, GFP_KERNEL); spin_lock(&dev_lock" + i + ");"
          : "outside_window call_" + i;
      first.accept(chunk(i, text));
      again.accept(chunk(i, text));
    }
    first.accept(chunk(99, "x y")); // past the window: never kept
    List<String> queries = first.queries();
    assertEquals(3, queries.size());
    assertEquals(queries, again.queries());
    for (String query : queries) {
      String[] words = query.split(" ");
      assertEquals(2, words.length, query);
      assertTrue(!words[0].equals(words[1]) && !query.contains("outside_window"), query);
      assertTrue(Set.of("kmalloc", "size", "GFP_KERNEL", "spin_lock").contains(words[0])
          || words[0].startsWith("dev_lock"), query);
    }
  }
}
