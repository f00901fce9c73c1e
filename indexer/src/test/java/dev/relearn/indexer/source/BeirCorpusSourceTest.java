package dev.relearn.indexer.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.lucene.schema.Chunk;
import dev.relearn.lucene.schema.ChunkKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BeirCorpusSourceTest {
  @TempDir Path dir;

  private static final String CORPUS = """
      {"_id": "d1", "title": "First", "text": "Alpha beta."}
      {"_id": "d2", "text": "No title here."}
      not json
      {"_id": "d3", "title": "Third", "text": ""}
      """;

  @Test
  void readsAGzippedCorpusFromItsFolder() throws IOException {
    JsonlSourceTest.gzip(dir.resolve("corpus.jsonl.gz"), CORPUS);
    Files.writeString(dir.resolve("queries.jsonl"), "{\"_id\": \"q1\", \"text\": \"alpha\"}\n");
    BeirCorpusSource source = new BeirCorpusSource(dir);
    List<Chunk> chunks = new ArrayList<>();
    List<SourceProblem> problems = new ArrayList<>();
    source.read(chunks::add, problems::add);

    assertEquals(dir.toAbsolutePath().normalize().toString(), source.origin());
    assertEquals(List.of("d1", "d2", "d3"), chunks.stream().map(Chunk::id).toList());
    Chunk first = chunks.get(0);
    assertEquals("d1", first.path());
    assertEquals("First", first.title());
    assertEquals("Alpha beta.", first.text());
    assertEquals(ChunkKind.RECORD, first.kind());
    assertEquals(0, first.startLine());
    assertEquals(0, first.endLine());
    assertEquals("", chunks.get(1).title());
    assertEquals(1, problems.size());
    assertTrue(problems.get(0).toString()
        .matches("corpus\\.jsonl\\.gz:3: not valid JSON \\(syntax error at column \\d+\\)"),
        problems.toString());
  }

  @Test
  void readsAPlainCorpusFileDirectly() throws IOException {
    Path file = Files.writeString(dir.resolve("corpus.jsonl"), CORPUS);
    List<Chunk> chunks = new ArrayList<>();
    new BeirCorpusSource(file).read(chunks::add, problem -> { });
    assertEquals(3, chunks.size());
    assertEquals(file.toAbsolutePath().normalize().toString(), chunks.get(0).origin());
  }

  @Test
  void theIdIsBeirsUnderscoreIdEvenWhenTheRecordAlsoHasAnIdField() throws IOException {
    // qrels name documents by "_id"; an extra "id" field (another numbering) must not replace it
    Path file = Files.writeString(dir.resolve("corpus.jsonl"), """
        {"_id": "d1", "id": 1001, "text": "Alpha beta."}
        {"id": "d2", "text": "Only an id field."}
        """);
    List<Chunk> chunks = new ArrayList<>();
    new BeirCorpusSource(file).read(chunks::add, problem -> { });
    assertEquals(List.of("d1", "d2"), chunks.stream().map(Chunk::id).toList());
    assertEquals("d1", chunks.get(0).path());
  }

  @Test
  void aFolderWithoutCorpusIsRejectedByName() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> new BeirCorpusSource(dir));
    assertTrue(e.getMessage().contains(dir.toString()), e.getMessage());
    assertTrue(e.getMessage().contains("corpus.jsonl"), e.getMessage());
  }
}
