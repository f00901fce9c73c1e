package dev.relearn.indexer.chunk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.indexer.embed.BgeSmallTokens;
import dev.relearn.indexer.source.DirectorySource;
import dev.relearn.lucene.schema.Chunk;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * Every chunk of relearn's own docs and sources, cut for bge-small, is read whole by the model:
 * its heading path, title and text count at most 512 tokens with the model's own tokenizer. The
 * figures of chunkers held to the estimate alone, and the chunking rate of both, are printed.
 */
class ChunksFitTheModelTest {
  @Test
  void everyChunkOfRelearnsOwnSourcesFitsTheModel() throws IOException {
    try (BgeSmallTokens tokens = new BgeSmallTokens()) {
      checkRelearnsOwnSources(tokens);
    }
  }

  private static void checkRelearnsOwnSources(BgeSmallTokens tokens) throws IOException {
    Path root = projectRoot();
    read(root, new Chunkers()); // warms up the JIT compiler and the file cache
    long start = System.nanoTime();
    List<Chunk> estimated = read(root, new Chunkers());
    double estimatedSeconds = (System.nanoTime() - start) / 1e9;
    start = System.nanoTime();
    List<Chunk> fitted = read(root, new Chunkers(Chunkers.DEFAULT_MAX_TOKENS, tokens));
    double fittedSeconds = (System.nanoTime() - start) / 1e9;
    long over = estimated.stream().filter(c -> tokens.count(c.searchableText()) > BgeSmallTokens.MAX_TOKENS).count();
    System.out.printf(Locale.ROOT, "relearn's own sources: %d of %d chunks (%.1f %%) over the"
        + " model's 512 tokens by estimate alone, %.0f chunks/s; fitted: %d chunks, %.0f"
        + " chunks/s%n", over, estimated.size(), 100.0 * over / estimated.size(),
        estimated.size() / estimatedSeconds, fitted.size(), fitted.size() / fittedSeconds);
    assertTrue(fitted.size() > 1000, "relearn's own sources give " + fitted.size() + " chunks");
    List<String> cutOff = new ArrayList<>();
    for (Chunk chunk : fitted) {
      int count = tokens.count(chunk.searchableText());
      if (count > BgeSmallTokens.MAX_TOKENS) {
        cutOff.add(chunk.path() + " lines " + chunk.startLine() + "-" + chunk.endLine() + ": "
            + count + " tokens");
      }
    }
    assertEquals(List.of(), cutOff, "chunks the model would cut off");
  }

  private static List<Chunk> read(Path root, Chunkers chunkers) throws IOException {
    List<Chunk> chunks = new ArrayList<>();
    new DirectorySource(root, chunkers).read(chunks::add, problem -> { });
    return chunks;
  }

  /** relearn's project folder: the parent of this module's folder. */
  private static Path projectRoot() {
    Path root = Path.of("").toAbsolutePath().getParent();
    assertTrue(Files.isRegularFile(root.resolve("pom.xml"))
        && Files.isDirectory(root.resolve("indexer")), "not relearn's project folder: " + root);
    return root;
  }
}
