package dev.relearn.indexer.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.indexer.chunk.TokenEstimator;
import dev.relearn.lucene.schema.Chunk;
import dev.relearn.lucene.schema.ChunkKind;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsonlSourceTest {
  @TempDir Path dir;

  private final List<Chunk> chunks = new ArrayList<>();
  private final List<SourceProblem> problems = new ArrayList<>();

  static Path gzip(Path file, String content) throws IOException {
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
      out.write(content.getBytes(StandardCharsets.UTF_8));
    }
    return file;
  }

  private void read(Path file) throws IOException {
    new JsonlSource(file).read(chunks::add, problems::add);
  }

  private List<String> ids() {
    return chunks.stream().map(Chunk::id).toList();
  }

  @Test
  void malformedLineIsReportedByNumberAndTheOthersAreRead() throws IOException {
    Path file = Files.writeString(dir.resolve("data.jsonl"), """
        {"id": "a", "text": "first"}
        {"id": "b", "text": "second"}
        {"id": "c", "text": "SECRET-CONTENT
        {"id": "d", "text": "fourth"}
        """);
    read(file);
    assertEquals(List.of("a", "b", "d"), ids());
    assertEquals(1, problems.size());
    SourceProblem problem = problems.get(0);
    assertEquals("data.jsonl", problem.path());
    assertEquals(3, problem.line());
    assertTrue(problem.toString().startsWith("data.jsonl:3: not valid JSON ("), problem.toString());
    assertFalse(problem.toString().contains("SECRET"), problem.toString());
  }

  @Test
  void anIdOrPathTooLongForTheIndexIsARecordProblem() throws IOException {
    String huge = "i".repeat(40_000);
    Path file = Files.writeString(dir.resolve("long.jsonl"), "{\"id\": \"ok1\", \"text\": \"a\"}\n"
        + "{\"id\": \"" + huge + "\", \"text\": \"b\"}\n"
        + "{\"id\": \"p\", \"path\": \"" + huge + "\", \"text\": \"c\"}\n"
        + "{\"id\": \"ok2\", \"text\": \"d\"}\n");
    read(file);
    assertEquals(List.of("ok1", "ok2"), ids());
    assertEquals(List.of("long.jsonl:2: \"id\" is 40000 bytes long in UTF-8; at most 32766 fit"
        + " the index", "long.jsonl:3: \"path\" is 40000 bytes long in UTF-8; at most 32766 fit"
        + " the index"), problems.stream().map(SourceProblem::toString).toList());
  }

  @Test
  void anIdIsStrippedAsFeedbackStripsTheIdsItNames() throws IOException {
    Path file = Files.writeString(dir.resolve("spaced.jsonl"), """
        {"id": " doc-1 ", "text": "first"}
        {"id": "doc-2\\t", "text": "second"}
        """);
    read(file);
    assertTrue(problems.isEmpty(), problems.toString());
    assertEquals(List.of("doc-1", "doc-2"), ids());
    assertEquals(List.of("doc-1", "doc-2"), chunks.stream().map(Chunk::path).toList());
  }

  @Test
  void aRepeatedFieldIsReportedNotSilentlyOverwritten() throws IOException {
    Path file = Files.writeString(dir.resolve("dup.jsonl"), """
        {"id": "a", "text": "first", "id": "b"}
        {"id": "c", "text": "SECRET-ONE", "text": "SECRET-TWO"}
        {"id": "d", "text": "fine"}
        """);
    read(file);
    assertEquals(List.of("d"), ids());
    assertEquals(List.of("dup.jsonl:1: not valid JSON (field \"id\" appears twice)",
        "dup.jsonl:2: not valid JSON (field \"text\" appears twice)"),
        problems.stream().map(SourceProblem::toString).toList());
  }

  @Test
  void fieldsMapToTheChunk() throws IOException {
    Path file = Files.writeString(dir.resolve("r.jsonl"), "{\"_id\": 42, \"text\": \"body text\","
        + " \"title\": \"T\", \"path\": \"src/x.md\", \"kind\": \"Markdown\", \"heading_path\":"
        + " [\"A\", \"B\"], \"start_line\": 3, \"end_line\": 9}\n"
        + "{\"id\": \"plain\", \"text\": \"t\"}");
    read(file);
    assertTrue(problems.isEmpty(), problems.toString());
    Chunk full = chunks.get(0);
    assertEquals(new Chunk("42", file.toAbsolutePath().normalize().toString(), "src/x.md",
        ChunkKind.MARKDOWN, "T", List.of("A", "B"), 3, 9,
        TokenEstimator.estimate("body text"), "body text"), full);
    Chunk plain = chunks.get(1);
    assertEquals("plain", plain.path());
    assertEquals(ChunkKind.RECORD, plain.kind());
    assertEquals("", plain.title());
    assertEquals(0, plain.startLine());
    assertEquals(0, plain.endLine());
  }

  @Test
  void badRecordsAreReportedWithoutTheirValues() throws IOException {
    Path file = Files.writeString(dir.resolve("bad.jsonl"), String.join("\n",
        "[\"an\", \"array\"]",
        "{\"text\": \"no id\"}",
        "{\"id\": \"x1\"}",
        "{\"id\": \"x2\", \"text\": \"t\", \"kind\": \"VERYSECRETKIND\"}",
        "{\"id\": \"x3\", \"text\": \"t\", \"start_line\": 5, \"end_line\": 2}",
        "{\"id\": \"x4\", \"text\": 7}",
        "{\"id\": \"ok\", \"text\": \"fine\"}",
        "{\"id\": \"ok\", \"text\": \"again\"}",
        "{\"id\": \"x5\", \"text\": \"t\"} trailing",
        "{\"id\": \"x6\", \"text\": \" \"}",
        "{\"id\": \"titled\", \"text\": \"\", \"title\": \"A title is enough\"}"));
    read(file);
    assertEquals(List.of("ok", "titled"), ids());
    assertEquals("fine", chunks.get(0).text());
    assertEquals(List.of(1L, 2L, 3L, 4L, 5L, 6L, 8L, 9L, 10L),
        problems.stream().map(SourceProblem::line).toList());
    assertTrue(problems.get(0).message().contains("not a JSON object"), problems.toString());
    assertTrue(problems.get(1).message().contains("missing \"id\""), problems.toString());
    assertTrue(problems.get(2).message().contains("missing \"text\""), problems.toString());
    assertEquals("duplicate id (first seen on line 7); skipped", problems.get(6).message());
    assertTrue(problems.get(8).message().contains("\"text\" is blank and there is no"
        + " \"title\": nothing to search"), problems.toString());
    assertFalse(problems.toString().contains("VERYSECRETKIND"), problems.toString());
  }

  @Test
  void gzipCrlfBlankLinesAndBomAreHandled() throws IOException {
    Path file = gzip(dir.resolve("data.jsonl.gz"), "\uFEFF{\"id\": \"a\", \"text\": \"x\"}\r\n"
        + "\r\n   \r\n{\"id\": \"b\", \"text\": \"line\\r\\nbreak\"}\r\n");
    read(file);
    assertEquals(List.of("a", "b"), ids());
    assertEquals("line\r\nbreak", chunks.get(1).text());
    assertTrue(problems.isEmpty(), problems.toString());
  }

  @Test
  void invalidUtf8LineIsReportedAndReadingGoesOn() throws IOException {
    byte[] good = "{\"id\": \"a\", \"text\": \"x\"}\n".getBytes(StandardCharsets.UTF_8);
    byte[] bad = {'{', '"', 'i', (byte) 0xFF, '"', '}', '\n'};
    byte[] all = new byte[good.length * 2 + bad.length];
    System.arraycopy(good, 0, all, 0, good.length);
    System.arraycopy(bad, 0, all, good.length, bad.length);
    byte[] second = "{\"id\": \"b\", \"text\": \"y\"}\n".getBytes(StandardCharsets.UTF_8);
    System.arraycopy(second, 0, all, good.length + bad.length, second.length);
    read(Files.write(dir.resolve("u.jsonl"), all));
    assertEquals(List.of("a", "b"), ids());
    assertEquals("u.jsonl:2: invalid UTF-8 at byte 3", problems.get(0).toString());
  }

  @Test
  void manyLinesStream() throws IOException {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < 20_000; i++) {
      text.append("{\"id\": \"d").append(i).append("\", \"text\": \"document ").append(i)
          .append("\"}\n");
    }
    read(gzip(dir.resolve("big.jsonl.gz"), text.toString()));
    assertEquals(20_000, chunks.size());
    assertEquals("d19999", chunks.get(19_999).id());
  }

  @Test
  void aFolderIsNotAJsonlFile() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> new JsonlSource(dir));
    assertTrue(e.getMessage().contains(dir.toString()), e.getMessage());
  }
}
