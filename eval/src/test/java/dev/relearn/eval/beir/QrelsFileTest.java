package dev.relearn.eval.beir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.eval.metrics.Qrels;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class QrelsFileTest {
  @TempDir Path dir;

  private Path write(String name, String content) throws IOException {
    Path file = dir.resolve(name);
    Files.writeString(file, content, StandardCharsets.UTF_8);
    return file;
  }

  @Test
  void readsBeirTsvWithHeaderCrlfAndBlankLines() throws IOException {
    Path file = write("test.tsv",
        "query-id\tcorpus-id\tscore\r\nq1\td1\t1\r\n\r\nq1\td2\t2\r\n  \r\nq2\td3\t0\r\n");
    Qrels qrels = QrelsFile.read(file);
    assertEquals(List.of("q1", "q2"), List.copyOf(qrels.queryIds()));
    assertEquals(Map.of("d1", 1, "d2", 2), qrels.judgments("q1"));
    assertEquals(Map.of("d3", 0), qrels.judgments("q2"));
    assertEquals(3, qrels.judgmentCount());
  }

  @Test
  void headerIsOptional() throws IOException {
    Qrels qrels = QrelsFile.read(write("a.tsv", "q1\td1\t1\nq1\td2\t1"));
    assertEquals(2, qrels.judgmentCount());
  }

  @Test
  void headerAfterLeadingBlankLinesAndWithBomIsSkipped() throws IOException {
    Qrels qrels = QrelsFile.read(write("a.tsv", "\uFEFF\n\nquery_id corpus_id score\nq1 d1 1\n"));
    assertEquals(Map.of("d1", 1), qrels.judgments("q1"));
  }

  @Test
  void duplicatePairsKeepOneAndTheHighestGrade() throws IOException {
    Qrels qrels = QrelsFile.read(write("dup.tsv",
        "query-id\tcorpus-id\tscore\nq1\td1\t1\nq1\td1\t1\nq1\td2\t1\nq1\td2\t2\nq1\td2\t0\n"));
    assertEquals(Map.of("d1", 1, "d2", 2), qrels.judgments("q1"));
    assertEquals(2, qrels.judgmentCount());
  }

  @Test
  void readsTrecFourColumnFormSeparatedBySpaces() throws IOException {
    Qrels qrels = QrelsFile.read(write("trec.txt", "301 0 FBIS3-10082 1\n301  0  FBIS3-10169 0\n"
        + "302\t0\tLA010189-0018\t2\n"));
    assertEquals(Map.of("FBIS3-10082", 1, "FBIS3-10169", 0), qrels.judgments("301"));
    assertEquals(Map.of("LA010189-0018", 2), qrels.judgments("302"));
  }

  @Test
  void tabSeparatedDocIdsMayHoldSpaces() throws IOException {
    Qrels qrels = QrelsFile.read(write("s.tsv", "q1\tan id with spaces\t1\n"));
    assertEquals(Map.of("an id with spaces", 1), qrels.judgments("q1"));
  }

  @Test
  void readsGzip() throws IOException {
    Path file = dir.resolve("test.tsv.gz");
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
      out.write("query-id\tcorpus-id\tscore\nq1\td1\t1\n".getBytes(StandardCharsets.UTF_8));
    }
    assertEquals(Map.of("d1", 1), QrelsFile.read(file).judgments("q1"));
  }

  @Test
  void malformedLinesNameFileAndLineNumber() throws IOException {
    Path twoColumns = write("two.tsv", "query-id\tcorpus-id\tscore\r\nq1\td1\t1\r\n\r\nq1\td2\r\n");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> QrelsFile.read(twoColumns));
    assertTrue(e.getMessage().startsWith(twoColumns + " line 4: expected 3 columns"),
        e.getMessage());

    Path badGrade = write("grade.tsv", "q1\td1\t1\nq1\td2\tyes\n");
    e = assertThrows(IllegalArgumentException.class, () -> QrelsFile.read(badGrade));
    assertEquals(badGrade + " line 2: grade must be an integer, got: 'yes'", e.getMessage());

    Path fractional = write("frac.tsv", "q1\td1\t0.5\n");
    e = assertThrows(IllegalArgumentException.class, () -> QrelsFile.read(fractional));
    assertEquals(fractional + " line 1: grade must be an integer, got: '0.5'", e.getMessage());

    Path emptyId = write("empty.tsv", "q1\t\t1\n");
    e = assertThrows(IllegalArgumentException.class, () -> QrelsFile.read(emptyId));
    assertTrue(e.getMessage().contains("line 1: empty query or doc id"), e.getMessage());
  }

  @Test
  void aFirstLineThatIsNoKnownHeaderSaysWhatAHeaderLooksLike() throws IOException {
    Path file = write("own.tsv", "query\tdocument\trelevance\nq1\td1\t1\n");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> QrelsFile.read(file));
    assertEquals(file + " line 1: grade must be an integer, got: 'relevance' (a header line"
        + " starts with query-id, query_id, queryid or qid)", e.getMessage());
  }

  @Test
  void aHeaderLikeLineAfterTheFirstIsAnError() throws IOException {
    Path file = write("late.tsv", "q1\td1\t1\nquery-id\tcorpus-id\tscore\n");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> QrelsFile.read(file));
    assertTrue(e.getMessage().contains("line 2: grade must be an integer"), e.getMessage());
  }

  @Test
  void headerOnlyFileHasNoJudgments() throws IOException {
    assertEquals(0, QrelsFile.read(write("h.tsv", "query-id\tcorpus-id\tscore\n")).judgmentCount());
  }
}
