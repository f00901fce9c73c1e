package dev.relearn.indexer.source;

import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.indexer.chunk.Chunkers;
import dev.relearn.lucene.embed.TokenCounter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A chunker (or the model's token counter) failing on one file stops the read, naming the file:
 * skipping it instead would delete its indexed chunks, and every file's if the counter is broken.
 */
class ChunkingFailureTest {
  @TempDir Path dir;

  /** A counter for a 512-token model that fails on texts holding {@code boom}. */
  private static final TokenCounter FAILING = new TokenCounter() {
    @Override
    public int limit() {
      return 512;
    }

    @Override
    public int count(String document) {
      return fail(document, 1);
    }

    @Override
    public int fittingLength(String document, int tokens) {
      return fail(document, document.length());
    }

    private int fail(String document, int otherwise) {
      if (document.contains("boom")) {
        throw new IllegalStateException("tokenizer failed");
      }
      return otherwise;
    }
  };

  @Test
  void aFailureWhileChunkingAFileNamesTheFile() throws IOException {
    Files.writeString(dir.resolve("fine.md"), "# Fine\n\ntext\n");
    Files.createDirectories(dir.resolve("sub"));
    Files.writeString(dir.resolve("sub/bad.md"), "# Bad\n\nboom\n");
    DirectorySource source = new DirectorySource(dir, new Chunkers(512, FAILING));
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> source.read(chunk -> { }, problem -> { }));
    assertTrue(e.getMessage().contains("sub/bad.md") && e.getMessage().contains(
        "tokenizer failed"), e.getMessage());
    assertSame(IllegalStateException.class, e.getCause().getClass());
  }
}
