package dev.relearn.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.embed.HashingEmbedder;
import dev.relearn.indexer.embed.VectorStore;
import dev.relearn.indexer.embed.VectorStoreProbe;
import dev.relearn.indexer.source.SourceFormat;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two engines of one JVM given one {@code --vector-cache} folder (an MCP server serving two
 * indexes) share its file: both add their vectors, and the file stays locked against other
 * processes until the last engine closes.
 */
class VectorCacheSharingTest {
  @TempDir Path tmp;

  private Path notes(String name, int files) throws IOException {
    Path folder = Files.createDirectories(tmp.resolve(name));
    for (int i = 0; i < files; i++) {
      Files.writeString(folder.resolve("n" + i + ".md"), "# " + name + " " + i + "\nNotes of "
          + name + ", number " + i + ".\n");
    }
    return folder;
  }

  @Test
  void twoEnginesOnOneCacheFolderBothWriteAndTheLockLastsUntilBothClose() throws Exception {
    Path shared = tmp.resolve("shared");
    RelearnOptions options = TestOptions.HASHING.withVectorCacheDir(shared);
    Relearn first = Relearn.open(tmp.resolve("first"), options);
    try {
      try (Relearn second = Relearn.open(tmp.resolve("second"), options)) {
        first.index(notes("a", 10), SourceFormat.AUTO, Progress.NONE);
        second.index(notes("b", 7), SourceFormat.AUTO, Progress.NONE);
      }
      assertFalse(VectorStoreProbe.lockFreeForAnotherProcess(shared, HashingEmbedder.MODEL_ID,
          384), "the second engine's close left the first's lock");
      first.index(notes("c", 3), SourceFormat.AUTO, Progress.NONE);
    } finally {
      first.close();
    }
    assertTrue(VectorStoreProbe.lockFreeForAnotherProcess(shared, HashingEmbedder.MODEL_ID,
        384));
    try (VectorStore store = VectorStore.open(shared, HashingEmbedder.MODEL_ID, 384)) {
      assertEquals(20, store.size(), "every engine's vectors reached the file");
    }
    try (Relearn second = Relearn.open(tmp.resolve("second"), options)) {
      assertEquals(0, second.index(notes("a", 10), SourceFormat.AUTO, Progress.NONE).embedded(),
          "the first engine's vectors serve the second");
    }
  }
}
