package dev.relearn.eval.beir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.eval.metrics.Qrels;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BeirDatasetTest {
  @TempDir Path root;

  /** A tiny dataset "tiny": 4 queries; test judges q3, q1 and q9 (no text); train judges q2. */
  private Path tinyDataset() throws IOException {
    Path dir = root.resolve("tiny");
    Files.createDirectories(dir.resolve("qrels"));
    Files.writeString(dir.resolve("corpus.jsonl.gz"), "not read here");
    Files.writeString(dir.resolve("queries.jsonl"), """
        {"_id": "q1", "text": "first"}
        {"_id": "q2", "text": "second"}
        {"_id": "q3", "text": "third"}
        {"_id": "q4", "text": "fourth"}
        """);
    Files.writeString(dir.resolve("qrels/test.tsv"),
        "query-id\tcorpus-id\tscore\r\nq3\td1\t1\r\nq1\td2\t0\r\nq9\td3\t1\r\n");
    Files.writeString(dir.resolve("qrels/train.tsv"), "query-id\tcorpus-id\tscore\nq2\td1\t1\n");
    Files.writeString(dir.resolve("qrels/README.md"), "not a split");
    return dir;
  }

  @Test
  void opensAndDescribesTheFolder() throws IOException {
    Path dir = tinyDataset();
    BeirDataset dataset = BeirDataset.open(dir);
    assertEquals("tiny", dataset.name());
    assertEquals(dir.resolve("corpus.jsonl.gz").toAbsolutePath(), dataset.corpusFile());
    assertEquals(List.of("test", "train"), dataset.splits());
    assertEquals(List.of("q1", "q2", "q3", "q4"), List.copyOf(dataset.queries().keySet()));
    assertEquals("third", dataset.queries().get("q3"));
  }

  @Test
  void prefersThePlainCorpus() throws IOException {
    Path dir = tinyDataset();
    Files.writeString(dir.resolve("corpus.jsonl"), "");
    assertEquals("corpus.jsonl",
        BeirDataset.open(dir).corpusFile().getFileName().toString());
  }

  @Test
  void queryIdsAreJudgedQueriesWithTextInQueriesFileOrder() throws IOException {
    BeirDataset dataset = BeirDataset.open(tinyDataset());
    // q3 comes first in test.tsv, but q1 comes first in queries.jsonl; q9 has no text.
    // q1 has only a grade-0 judgment: it is listed (the Evaluator leaves it out of means).
    assertEquals(List.of("q1", "q3"), List.copyOf(dataset.queryIds("test")));
    assertEquals(List.of("q2"), List.copyOf(dataset.queryIds("train")));
  }

  @Test
  void qrelsAreReadOnceAndUnknownSplitsListTheAvailableOnes() throws IOException {
    BeirDataset dataset = BeirDataset.open(tinyDataset());
    Qrels test = dataset.qrels("test");
    assertEquals(3, test.judgmentCount());
    assertSame(test, dataset.qrels("test"));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> dataset.qrels("dev"));
    assertEquals("dataset tiny has no split 'dev'; available: [test, train]", e.getMessage());
  }

  @Test
  void missingPiecesAreNamed() throws IOException {
    Path missing = root.resolve("nope");
    NoSuchFileException e =
        assertThrows(NoSuchFileException.class, () -> BeirDataset.open(missing));
    assertTrue(e.getMessage().contains(missing.toString()), e.getMessage());

    Path dir = tinyDataset();
    Files.delete(dir.resolve("corpus.jsonl.gz"));
    e = assertThrows(NoSuchFileException.class, () -> BeirDataset.open(dir));
    assertTrue(e.getMessage().contains(dir.resolve("corpus.jsonl").toString()), e.getMessage());
    assertTrue(e.getMessage().contains("corpus.jsonl.gz"), e.getMessage());

    Files.writeString(dir.resolve("corpus.jsonl"), "");
    Files.delete(dir.resolve("queries.jsonl"));
    e = assertThrows(NoSuchFileException.class, () -> BeirDataset.open(dir));
    assertTrue(e.getMessage().contains(dir.resolve("queries.jsonl").toString()), e.getMessage());

    Files.writeString(dir.resolve("queries.jsonl"), "");
    for (String split : List.of("test.tsv", "train.tsv", "README.md")) {
      Files.delete(dir.resolve("qrels").resolve(split));
    }
    e = assertThrows(NoSuchFileException.class, () -> BeirDataset.open(dir));
    assertTrue(e.getMessage().contains("no .tsv file"), e.getMessage());

    Files.delete(dir.resolve("qrels"));
    e = assertThrows(NoSuchFileException.class, () -> BeirDataset.open(dir));
    assertTrue(e.getMessage().contains(dir.resolve("qrels").toString()), e.getMessage());

    Files.writeString(dir.resolve("qrels"), "a file, not a folder");
    assertThrows(NotDirectoryException.class, () -> BeirDataset.open(dir));
  }

  @Test
  void badQrelsLineSurfacesFromTheDataset() throws IOException {
    Path dir = tinyDataset();
    Files.writeString(dir.resolve("qrels/test.tsv"), "query-id\tcorpus-id\tscore\nq1 d1\n");
    BeirDataset dataset = BeirDataset.open(dir);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> dataset.qrels("test"));
    assertTrue(e.getMessage().contains("test.tsv line 2"), e.getMessage());
  }
}
