package dev.relearn.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link IndexStats} copies its maps in key order and checks its counts. */
class IndexStatsTest {
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
    IndexStats stats = new IndexStats("/idx", "m", 384, 10, kinds, 2, origins, 1, 100);
    // a JSON or text rendering lists them in this order, the same on every run
    assertEquals(List.of("code", "markdown", "record", "text"),
        List.copyOf(stats.chunksByKind().keySet()));
    assertEquals(List.of("/a", "/b"), List.copyOf(stats.chunksByOrigin().keySet()));
    assertThrows(UnsupportedOperationException.class, () -> stats.chunksByKind().put("x", 1));
  }

  @Test
  void originsMustCountTheListedSources() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new IndexStats("/idx", "m", 384, 1, Map.of(), 2, Map.of("/a", 1), 1, 1));
    assertEquals("origins must be the 1 sources listed, got: 2", e.getMessage());
  }
}
