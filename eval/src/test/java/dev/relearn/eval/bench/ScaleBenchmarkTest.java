package dev.relearn.eval.bench;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.engine.ModelChoice;
import dev.relearn.engine.Relearn;
import dev.relearn.engine.RelearnOptions;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScaleBenchmarkTest {
  @TempDir Path tmp;

  @Test
  void hotVectorBytesCountTheVectorsInsideCompoundSegmentsToo() throws IOException {
    Path docs = Files.createDirectories(tmp.resolve("docs"));
    for (int i = 0; i < 30; i++) {
      Files.writeString(docs.resolve("note" + i + ".txt"), "note " + i + " about topic" + i % 7);
    }
    Path index = tmp.resolve("index");
    try (Relearn engine = Relearn.open(index,
        RelearnOptions.defaults().withModel(ModelChoice.HASHING))) {
      engine.index(docs, SourceFormat.AUTO, Progress.NONE);
    }
    long hot = ScaleBenchmark.hotVectorBytes(index);
    System.out.println("hot vector bytes of 30 chunks (one small, compound segment): " + hot);
    assertTrue(hot >= 30 * 384, "at least a byte per dimension of each int8 vector: " + hot);
    assertTrue(hot < 30 * 384 * 4, "less than float32 vectors: " + hot);
  }
}
