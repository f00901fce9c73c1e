package dev.relearn.eval.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.engine.ModelChoice;
import dev.relearn.engine.RelearnOptions;
import dev.relearn.indexer.build.Progress;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The indexing benchmark on a small synthetic BEIR corpus with the hashing embedder. */
class IndexingBenchmarkTest {
  private static final RelearnOptions HASHING =
      RelearnOptions.defaults().withModel(ModelChoice.HASHING);

  @TempDir Path tmp;

  private Path corpus(int docs) throws IOException {
    Path dir = Files.createDirectories(tmp.resolve("beir"));
    StringBuilder lines = new StringBuilder();
    for (int i = 0; i < docs; i++) {
      lines.append("{\"_id\": \"doc").append(i).append("\", \"title\": \"Topic ").append(i)
          .append("\", \"text\": \"Document ").append(i).append(" is about widget ")
          .append(i % 7).append(" and gadget ").append(i % 5).append(".\"}\n");
      if (i % 10 == 3) {
        lines.append("\n"); // blank lines are no documents
      }
    }
    Files.writeString(dir.resolve("corpus.jsonl"), lines);
    return dir;
  }

  @Test
  void everyStepGoesThroughTheSameChunksAndReRunsEmbedOnlyWhatChanged() throws IOException {
    CorpusSample sample = CorpusSample.draw(corpus(60), 25, 7);
    assertEquals(60, sample.corpusDocs());
    assertEquals(25, sample.size());
    IndexingReport report = new IndexingBenchmark(HASHING, tmp.resolve("work"), Progress.NONE)
        .run("tiny", sample, 3, 7);

    assertEquals(List.of(IndexingReport.MODEL_LOAD, IndexingReport.MODEL, IndexingReport.LUCENE,
        IndexingReport.SCRATCH, IndexingReport.UNCHANGED, IndexingReport.INCREMENTAL),
        report.steps().stream().map(IndexingReport.Step::name).toList());
    assertEquals(25, report.sample().chunks());
    for (String name : List.of(IndexingReport.MODEL, IndexingReport.LUCENE,
        IndexingReport.SCRATCH, IndexingReport.UNCHANGED, IndexingReport.INCREMENTAL)) {
      assertEquals(25, report.step(name).chunks(), name);
    }
    assertEquals(25, report.step(IndexingReport.MODEL).embedded());
    assertEquals(25, report.step(IndexingReport.SCRATCH).embedded());
    assertEquals(0, report.step(IndexingReport.UNCHANGED).embedded());
    assertEquals(3, report.step(IndexingReport.INCREMENTAL).embedded());
    assertTrue(report.memory().figures().indexBytes() > 0);
    assertTrue(report.memory().plainLuceneBytes() > 0);
    assertTrue(report.memory().peakHeapBytes() > 0);
    assertTrue(report.drift().firstChunksPerSecond() > 0);
    assertTrue(report.drift().secondChunksPerSecond() > 0);
  }

  @Test
  void theTableAndJsonHaveEveryFigure() throws IOException {
    IndexingReport report = new IndexingBenchmark(HASHING, tmp.resolve("work"), Progress.NONE)
        .run("tiny", CorpusSample.draw(corpus(12), 50, 1), 2, 1);
    assertEquals(12, report.sample().docs(), "a small corpus is taken whole");
    String table = report.table();
    for (IndexingReport.Step step : report.steps()) {
      assertTrue(table.contains(step.name()), step.name() + " in\n" + table);
    }
    assertTrue(table.contains("incremental (2 changed)"), table);
    assertTrue(table.contains("x embedding model alone"), table);
    assertTrue(table.contains("x relearn index, from scratch"), table);
    assertTrue(table.contains("beyond model load + embedding + plain Lucene"), table);
    assertTrue(table.contains("the model alone ran in two halves"), table);
    assertTrue(table.contains("peak heap during the from-scratch run"), table);
    assertTrue(table.contains("x plain Lucene's"), table);
    Map<String, Object> json = report.toJson();
    for (String key : List.of("dataset", "corpus_docs", "sampled_docs", "seed", "chunks",
        "changed_docs", "model", "steps", "overhead_seconds", "model_first_half_chunks_per_s",
        "model_second_half_chunks_per_s", "peak_heap_bytes",
        "heap_used_bytes", "heap_max_bytes", "index_bytes",
        "plain_lucene_bytes", "load_before", "load_after", "cores")) {
      assertTrue(json.containsKey(key), key + " in " + json.keySet());
    }
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> steps = (List<Map<String, Object>>) json.get("steps");
    assertEquals(6, steps.size());
    for (Map<String, Object> step : steps) {
      assertEquals(List.of("name", "seconds", "chunks", "embedded", "chunks_per_s", "baseline",
          "ratio"), List.copyOf(step.keySet()));
    }
    assertEquals(12, json.get("chunks"));
    assertEquals(2, steps.get(5).get("embedded"));
  }

  @Test
  void samplingIsSeededAndKeepsCorpusOrder() throws IOException {
    Path beir = corpus(100);
    CorpusSample a = CorpusSample.draw(beir, 10, 42);
    assertEquals(a.lines(), CorpusSample.draw(beir, 10, 42).lines());
    assertNotEquals(a.lines(), CorpusSample.draw(beir, 10, 43).lines());
    List<Integer> numbers = a.lines().stream()
        .map(line -> Integer.parseInt(line.replaceAll(".*\"doc(\\d+)\".*", "$1"))).toList();
    assertEquals(numbers.stream().sorted().toList(), numbers);
    assertFalse(numbers.equals(List.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9)), "a sample, not the head");
  }

  @Test
  void badArgumentsAreNamed() throws IOException {
    Path beir = corpus(5);
    assertTrue(assertThrows(IllegalArgumentException.class,
        () -> CorpusSample.draw(beir, 0, 1)).getMessage().contains("got: 0"));
    assertTrue(assertThrows(IllegalArgumentException.class,
        () -> CorpusSample.draw(tmp.resolve("nope"), 3, 1)).getMessage().contains("nope"));
    CorpusSample sample = CorpusSample.draw(beir, 3, 1);
    assertTrue(assertThrows(IllegalArgumentException.class,
        () -> sample.withEdits(4, 1)).getMessage().contains("got: 4"));
    Files.writeString(Files.createDirectories(tmp.resolve("full")).resolve("x"), "x");
    assertTrue(assertThrows(IllegalArgumentException.class,
        () -> new IndexingBenchmark(HASHING, tmp.resolve("full"), Progress.NONE))
        .getMessage().contains("not empty"));
  }
}
