package dev.relearn.engine;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.embed.HashingEmbedder;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.lucene.embed.ForwardingEmbedder;
import dev.relearn.lucene.embed.TokenCounter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An engine cuts files into chunks its embedder reads whole: indexing uses the embedder's own
 * token count and limit, not only the chunkers' estimate.
 */
class IndexedChunksFitTheModelTest {
  /** Two tokens a word, two for the whole text: a model that reads at most 100. */
  private static final TokenCounter TWO_PER_WORD = new TokenCounter() {
    @Override
    public int limit() {
      return 100;
    }

    @Override
    public int count(String document) {
      String trimmed = document.strip();
      return 2 + (trimmed.isEmpty() ? 0 : 2 * trimmed.split("\\s+").length);
    }

    @Override
    public int fittingLength(String document, int tokens) {
      int used = 2;
      for (int i = 0; i < document.length(); i++) {
        boolean starts = !Character.isWhitespace(document.charAt(i))
            && (i == 0 || Character.isWhitespace(document.charAt(i - 1)));
        if (starts && (used += 2) > tokens) {
          return i;
        }
      }
      return document.length();
    }
  };

  @TempDir Path tmp;

  @Test
  void everyIndexedChunkFitsTheEmbeddersLimit() throws Exception {
    Path docs = Files.createDirectories(tmp.resolve("docs"));
    Random random = new Random(17);
    StringBuilder text = new StringBuilder("# Notes\n\n");
    for (int i = 0; i < 400; i++) {
      text.append("word").append(random.nextInt(1000)).append(i % 12 == 11 ? "\n" : " ");
    }
    Files.writeString(docs.resolve("notes.md"), text);
    Files.writeString(docs.resolve("Code.java"), "class Code {\n" + text.toString()
        .replace("# Notes\n", "").replace("\n", ";\n") + "}\n");
    List<String> embedded = new CopyOnWriteArrayList<>();
    var embedder = new ForwardingEmbedder(new HashingEmbedder()) {
      @Override
      public float[] embedDocument(String document) {
        embedded.add(document);
        return super.embedDocument(document);
      }

      @Override
      public TokenCounter documentTokens() {
        return TWO_PER_WORD;
      }
    };
    try (Relearn relearn = Relearn.open(tmp.resolve("index"),
        RelearnOptions.defaults().withEmbedder(embedder))) {
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
    }
    assertTrue(embedded.size() > 2, embedded.size() + " texts embedded");
    for (String document : embedded) {
      assertTrue(TWO_PER_WORD.fits(document), TWO_PER_WORD.count(document) + " tokens: "
          + document);
    }
  }
}
