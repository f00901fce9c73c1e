package dev.relearn.eval.beir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SequencedMap;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class QueriesFileTest {
  @TempDir Path dir;

  private Path write(String content) throws IOException {
    Path file = dir.resolve("queries.jsonl");
    Files.writeString(file, content, StandardCharsets.UTF_8);
    return file;
  }

  @Test
  void readsInFileOrderWithCrlfAndBlankLines() throws IOException {
    Path file = write("{\"_id\": \"b\", \"text\": \"second letter\", \"metadata\": {}}\r\n\r\n"
        + "{\"_id\": \"a\", \"text\": \"caf\u00e9 \\\"quoted\\\"\"}\r\n   \r\n"
        + "{\"_id\": 7, \"text\": \"\"}");
    SequencedMap<String, String> queries = QueriesFile.read(file);
    assertEquals(List.of("b", "a", "7"), List.copyOf(queries.keySet()));
    assertEquals("caf\u00e9 \"quoted\"", queries.get("a"));
    assertEquals("", queries.get("7"));
  }

  @Test
  void idsAreStrippedAsTheCorpusAndQrelsReadersStripTheirs() throws IOException {
    // "q1 " must meet the qrels' q1, as a corpus "_id" of "d1 " meets their d1
    SequencedMap<String, String> queries = QueriesFile.read(write(
        "{\"_id\": \"q1 \", \"text\": \"padded\"}\n{\"_id\": \"\\tq2\", \"text\": \"tab\"}\n"));
    assertEquals(List.of("q1", "q2"), List.copyOf(queries.keySet()));
    assertError("{\"_id\": \"q1\", \"text\": \"x\"}\n{\"_id\": \" q1\", \"text\": \"y\"}\n",
        "line 2: query id 'q1' repeats line 1");
  }

  @Test
  void readsGzip() throws IOException {
    Path file = dir.resolve("queries.jsonl.gz");
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
      out.write("{\"_id\": \"q1\", \"text\": \"hello\"}\n".getBytes(StandardCharsets.UTF_8));
    }
    assertEquals("hello", QueriesFile.read(file).get("q1"));
  }

  @Test
  void badLinesNameFileAndLineNumber() throws IOException {
    assertError("{\"_id\": \"q1\", \"text\": \"ok\"}\n\n{\"_id\": \"q2\", \"text\": \n",
        "line 3: not valid JSON (unexpected end of line)");
    assertError("{\"_id\": \"q1\", \"text\": \"ok\"} trailing\n",
        "line 1: not valid JSON (syntax error at column");
    assertError("[1, 2]\n", "line 1: expected a JSON object");
    assertError("{\"text\": \"no id\"}\n", "line 1: missing \"_id\"");
    assertError("{\"_id\": \"q1\"}\n", "line 1: missing \"text\"");
    assertError("{\"_id\": \" \", \"text\": \"x\"}\n", "line 1: blank \"_id\"");
    assertError("{\"_id\": \"q1\", \"text\": [\"x\"]}\n", "line 1: \"text\" must be a string");
    assertError("{\"_id\": \"q1\", \"text\": \"x\"}\r\n{\"_id\": \"q1\", \"text\": \"y\"}\r\n",
        "line 2: query id 'q1' repeats line 1");
  }

  private void assertError(String content, String expected) throws IOException {
    Path file = write(content);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> QueriesFile.read(file));
    assertTrue(e.getMessage().startsWith(file.toString()), e.getMessage());
    assertTrue(e.getMessage().contains(expected), e.getMessage());
  }
}
