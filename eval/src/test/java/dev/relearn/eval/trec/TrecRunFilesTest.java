package dev.relearn.eval.trec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.relearn.eval.metrics.Qrels;
import dev.relearn.eval.metrics.Run;
import dev.relearn.eval.metrics.ScoredDoc;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The TREC run writer and reader: format, order, exact scores and errors that name the line. */
class TrecRunFilesTest {
  @TempDir Path dir;

  @Test
  void writesTrecOrderWithRanksAndExactScores() throws Exception {
    Run run = Run.builder().add("q1", "b", 0.5).add("q1", "a", 0.5).add("q1", "c", 1e-7)
        .add("q1", "d", 0.1 + 0.2).addQuery("q2").add("q3", "x", -2).build();
    StringWriter out = new StringWriter();
    new TrecRunWriter("sys").write(run, out);
    // ties (b, a at 0.5) in doc id descending order; q2 retrieved nothing and has no line
    assertEquals("""
        q1 Q0 b 1 0.5 sys
        q1 Q0 a 2 0.5 sys
        q1 Q0 d 3 0.30000000000000004 sys
        q1 Q0 c 4 1.0E-7 sys
        q3 Q0 x 1 -2.0 sys
        """, out.toString());
    Path file = dir.resolve("sub/run.txt");
    new TrecRunWriter("sys").write(run, file);
    Run read = TrecRunReader.read(file);
    assertEquals(List.of("q1", "q3"), List.copyOf(read.queryIds()));
    assertEquals(run.ranking("q1"), read.ranking("q1"));
    assertEquals(new ScoredDoc("d", 0.1 + 0.2), read.ranking("q1").get(2));
  }

  @Test
  void readerIgnoresRanksAndBlankLinesLikeTrecEval() throws Exception {
    Run run = TrecRunReader.read(new StringReader("""
        q1 Q0 low 1 0.1 t

        q1\tQ0\thigh\t2\t0.9\tt
          q1 Q0 mid 3 0.5 t
        """), "inline");
    assertEquals(List.of("high", "mid", "low"),
        run.ranking("q1").stream().map(ScoredDoc::docId).toList());
  }

  @Test
  void readerAcceptsAByteOrderMarkAndCrlfEndings() throws Exception {
    Path file = dir.resolve("windows.run");
    Files.writeString(file, "\uFEFFq1 Q0 a 1 0.9 t\r\nq1 Q0 b 2 0.8 t\r\n");
    Run run = TrecRunReader.read(file);
    assertEquals(List.of("q1"), List.copyOf(run.queryIds()), "no BOM in the first query id");
    assertEquals(List.of("a", "b"), run.ranking("q1").stream().map(ScoredDoc::docId).toList());
  }

  @Test
  void aRunAFileCannotHoldLeavesTheFileAsItWas() throws Exception {
    Path file = dir.resolve("runs/run.txt");
    Run spaced = Run.builder().add("q1", "a", 2).add("q2", "doc 1", 1).build();
    assertThrows(IllegalArgumentException.class,
        () -> new TrecRunWriter("t").write(spaced, file));
    assertFalse(Files.exists(file.getParent()), "no half-written file, not even its folder");
    Files.createDirectories(file.getParent());
    Files.writeString(file, "q0 Q0 old 1 1.0 t\n");
    assertThrows(IllegalArgumentException.class,
        () -> new TrecRunWriter("t").write(spaced, file));
    assertEquals("q0 Q0 old 1 1.0 t\n", Files.readString(file), "the old run is kept");
  }

  @Test
  void badLinesAndIdsAreNamed() {
    assertEquals("run.txt line 2: expected 6 fields 'qid Q0 docno rank score tag', got 5",
        assertThrows(IllegalArgumentException.class, () -> TrecRunReader.read(new StringReader(
            "q Q0 d 1 1 t\nq Q0 d 1 1\n"), "run.txt")).getMessage());
    assertEquals("run.txt line 1: score is not a number: 'high'",
        assertThrows(IllegalArgumentException.class, () -> TrecRunReader.read(new StringReader(
            "q Q0 d 1 high t\n"), "run.txt")).getMessage());
    assertEquals("run.txt line 1: score must be finite, got: 'NaN'",
        assertThrows(IllegalArgumentException.class, () -> TrecRunReader.read(new StringReader(
            "q Q0 d 1 NaN t\n"), "run.txt")).getMessage());
    assertEquals("run.txt line 3: doc 'd' is listed twice for query 'q' (first on line 1)",
        assertThrows(IllegalArgumentException.class, () -> TrecRunReader.read(new StringReader(
            "q Q0 d 1 1 t\nq Q0 e 2 0.5 t\nq Q0 d 3 9 t\n"), "run.txt")).getMessage());
    assertEquals("run.txt line 1: rank is not an integer: 'first'",
        assertThrows(IllegalArgumentException.class, () -> TrecRunReader.read(new StringReader(
            "q Q0 d first 1 t\n"), "run.txt")).getMessage());
    assertEquals("run tag must not contain whitespace for a TREC file, got: 'my run'",
        assertThrows(IllegalArgumentException.class, () -> new TrecRunWriter("my run"))
            .getMessage());
    Run spaced = Run.builder().add("q", "doc 1", 1).build();
    assertEquals("doc id must not contain whitespace for a TREC file, got: 'doc 1'",
        assertThrows(IllegalArgumentException.class,
            () -> new TrecRunWriter("t").write(spaced, new StringWriter())).getMessage());
  }

  @Test
  void qrelsFileHasTrecsFourColumns() throws Exception {
    Qrels qrels = Qrels.builder().add("q1", "d1", 2).add("q1", "d2", 0).add("q2", "d3", 1)
        .build();
    Path file = dir.resolve("qrels.txt");
    TrecQrelsWriter.write(qrels, file);
    assertEquals("q1 0 d1 2\nq1 0 d2 0\nq2 0 d3 1\n", Files.readString(file));
  }
}
