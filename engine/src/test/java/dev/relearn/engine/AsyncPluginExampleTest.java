package dev.relearn.engine;

import static dev.relearn.engine.TestOptions.HASHING;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.engine.search.SearchResults;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The IDE plugin that docs/JAVA_API.md shows ({@link AsyncPluginExample}): it works on a real
 * index from a UI thread, and the document's {@code java} blocks are its code.
 */
class AsyncPluginExampleTest {
  private static final String QUERY = "rotate signing keys";

  @TempDir Path tmp;
  private final ExecutorService ui = Executors.newSingleThreadExecutor(r -> new Thread(r, "ui"));

  @AfterEach
  void stopExecutor() {
    ui.shutdownNow();
  }

  private static <T> T await(Future<T> future) throws Exception {
    return future.get(60, TimeUnit.SECONDS);
  }

  @Test
  void theDocumentedPluginWorks() throws Exception {
    Path docs = KeyDocs.write(tmp);
    Path index = tmp.resolve("index");
    AsyncPluginExample plugin = new AsyncPluginExample(ui);
    await(plugin.onStart(index, HASHING));
    AsyncRelearn engine = plugin.engine();
    assertFalse(engine.readOnly());
    await(engine.call(r -> r.index(docs, SourceFormat.AUTO, Progress.NONE)));
    await(ui.submit(() -> plugin.onQueryChanged(QUERY)));
    AsyncPluginExample.Shown shown = plugin.shown.poll(60, TimeUnit.SECONDS);
    assertNotNull(shown);
    assertNull(shown.error());
    assertEquals("ui", shown.thread());
    SearchResults results = shown.results();
    await(ui.submit(() -> plugin.onHitUsed(QUERY, results, results.hits().get(0))));
    AsyncPluginExample.Learned learned = plugin.learned.poll(60, TimeUnit.SECONDS);
    assertNotNull(learned);
    assertNull(learned.error());
    assertEquals("ui", learned.thread());
    assertEquals(1, engine.relearn().feedbackStore().stats().ledgerEvents());
    await(plugin.onStop());
    try (Relearn reopened = Relearn.open(index, HASHING)) {
      assertEquals(1, reopened.feedbackStore().stats().ledgerEvents());
    }
  }

  @Test
  void theJavaApiDocumentShowsThePluginsCode() throws Exception {
    String doc = Files.readString(Path.of("../docs/JAVA_API.md"));
    String code = normalised(Files.readString(
        Path.of("src/test/java/dev/relearn/engine/AsyncPluginExample.java")));
    Matcher blocks = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL).matcher(doc);
    List<String> missing = new ArrayList<>();
    int count = 0;
    while (blocks.find()) {
      count++;
      if (!code.contains(normalised(blocks.group(1)))) {
        missing.add(blocks.group(1));
      }
    }
    assertTrue(count >= 3, "java blocks in docs/JAVA_API.md: " + count);
    assertEquals(List.of(), missing, "blocks that are not AsyncPluginExample's code");
  }

  /** Lines stripped of indentation, blank lines dropped. */
  private static String normalised(String text) {
    StringBuilder out = new StringBuilder();
    for (String line : text.split("\n")) {
      if (!line.isBlank()) {
        out.append(line.strip()).append('\n');
      }
    }
    return out.toString();
  }
}
