package dev.relearn.indexer.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.indexer.embed.HashingEmbedder;
import dev.relearn.indexer.source.ChunkSource;
import dev.relearn.indexer.source.DirectorySource;
import dev.relearn.indexer.source.SourceProblem;
import dev.relearn.lucene.embed.Embedder;
import dev.relearn.lucene.embed.ForwardingEmbedder;
import dev.relearn.lucene.embed.TokenCounter;
import dev.relearn.lucene.schema.Chunk;
import dev.relearn.lucene.schema.ChunkKind;
import dev.relearn.lucene.schema.ChunkSchema;
import dev.relearn.lucene.schema.IndexMetadata;
import dev.relearn.lucene.schema.LearnedValues;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import org.apache.lucene.document.Field;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IndexBuilderTest {
  @TempDir Path dir;
  private final ChunkSchema schema = new ChunkSchema(384);
  private FSDirectory directory;
  private IndexWriter writer;

  @BeforeEach
  void open() throws IOException {
    directory = FSDirectory.open(dir.resolve("index"));
    writer = new IndexWriter(directory, new IndexWriterConfig(schema.indexAnalyzer()));
    writer.setLiveCommitData(IndexBuilderFixture.HASHING.toUserData().entrySet());
  }

  @AfterEach
  void close() throws IOException {
    writer.close();
    directory.close();
  }

  private record ListSource(List<Chunk> chunks) implements ChunkSource {
    @Override
    public String origin() {
      return "/docs";
    }

    @Override
    public void read(Consumer<Chunk> out, Consumer<SourceProblem> problems) {
      chunks.forEach(out);
    }
  }

  private static Chunk chunk(String id, String heading, String text) {
    return new Chunk(id, "/docs", "a.md", ChunkKind.MARKDOWN, heading, List.of(heading), 1, 2, 3,
        text);
  }

  private IndexReport index(Embedder embedder, Chunk... chunks) throws IOException {
    return IndexBuilderFixture.builder(writer, schema, embedder, Progress.NONE)
        .index(new ListSource(List.of(chunks)));
  }

  private LearnedValues learned(String id) throws IOException {
    try (DirectoryReader reader = DirectoryReader.open(writer)) {
      for (LeafReaderContext leaf : reader.leaves()) {
        StoredFields stored = leaf.reader().storedFields();
        for (int doc = 0; doc < leaf.reader().maxDoc(); doc++) {
          boolean live = leaf.reader().getLiveDocs() == null
              || leaf.reader().getLiveDocs().get(doc);
          if (live && id.equals(stored.document(doc).get(ChunkSchema.ID))) {
            return LearnedValues.read(leaf.reader(), doc);
          }
        }
      }
    }
    throw new AssertionError("no live chunk " + id);
  }

  /** The ids of the chunks at {@code path}, in line order. */
  private List<String> idsByLine(String path) throws IOException {
    try (DirectoryReader reader = DirectoryReader.open(writer)) {
      org.apache.lucene.search.IndexSearcher searcher =
          new org.apache.lucene.search.IndexSearcher(reader);
      java.util.TreeMap<Integer, String> byLine = new java.util.TreeMap<>();
      for (org.apache.lucene.search.ScoreDoc hit : searcher.search(
          new org.apache.lucene.search.TermQuery(
              new org.apache.lucene.index.Term(ChunkSchema.PATH, path)), 100).scoreDocs) {
        org.apache.lucene.document.Document doc = reader.storedFields().document(hit.doc);
        byLine.put(doc.getField(ChunkSchema.START_LINE).numericValue().intValue(),
            doc.get(ChunkSchema.ID));
      }
      return List.copyOf(byLine.values());
    }
  }

  private String idOf(String path) throws IOException {
    try (DirectoryReader reader = DirectoryReader.open(writer)) {
      org.apache.lucene.search.TopDocs top = new org.apache.lucene.search.IndexSearcher(reader)
          .search(new org.apache.lucene.search.TermQuery(
              new org.apache.lucene.index.Term(ChunkSchema.PATH, path)), 2);
      assertEquals(1, top.totalHits.value(), "chunks at " + path);
      return reader.storedFields().document(top.scoreDocs[0].doc).get(ChunkSchema.ID);
    }
  }

  private int liveDocs() throws IOException {
    try (DirectoryReader reader = DirectoryReader.open(writer)) {
      return reader.numDocs();
    }
  }

  @Test
  void unchangedChunksAreNeitherEmbeddedNorRewritten() throws IOException {
    HashingEmbedder embedder = new HashingEmbedder();
    IndexReport first = index(embedder, chunk("1", "A", "alpha"), chunk("2", "B", "beta"));
    assertEquals(2, first.added());
    assertEquals(2, first.embedded());
    long generation = SegmentInfos.readLatestCommit(directory).getGeneration();
    IndexReport second = index(embedder, chunk("1", "A", "alpha"), chunk("2", "B", "beta"));
    assertEquals(2, second.unchanged());
    assertEquals(0, second.embedded() + second.reusedVectors() + second.added() + second.updated());
    assertEquals(generation, SegmentInfos.readLatestCommit(directory).getGeneration(),
        "no new commit");
  }

  @Test
  void changedChunkKeepsLearnedValuesAndRemovedChunkIsDeleted() throws IOException {
    HashingEmbedder embedder = new HashingEmbedder();
    index(embedder, chunk("1", "A", "alpha"), chunk("2", "B", "beta"), chunk("3", "C", "gamma"));
    LearnedValues used = new LearnedValues(4, 2, 1, 0, 123L);
    writer.updateDocValues(ChunkSchema.idTerm("1"), used.toFields().toArray(new Field[0]));
    writer.updateDocValues(ChunkSchema.idTerm("2"), used.toFields().toArray(new Field[0]));
    writer.commit();

    // chunk 1 changes text under the same id; chunk 2 gets a new id in the same section
    IndexReport report = index(embedder, chunk("1", "A", "alpha two"), chunk("2b", "B",
        "beta two"));
    assertEquals(2, report.updated());
    assertEquals(1, report.deleted());
    assertEquals(2, report.embedded());
    assertEquals(used, learned("1"));
    assertEquals(used, learned("2b"));
    assertEquals(2, liveDocs());
  }

  @Test
  void movedChunkIsRewrittenWithoutEmbedding() throws IOException {
    HashingEmbedder embedder = new HashingEmbedder();
    index(embedder, chunk("1", "A", "alpha"));
    Chunk moved = new Chunk("1", "/docs", "a.md", ChunkKind.MARKDOWN, "A", List.of("A"), 7, 9, 3,
        "alpha");
    IndexReport report = index(embedder, moved);
    assertEquals(1, report.updated());
    assertEquals(0, report.embedded());
    assertEquals(1, report.reusedVectors());
    assertEquals(1, liveDocs());
    try (DirectoryReader reader = DirectoryReader.open(writer)) {
      org.apache.lucene.search.TopDocs top = new org.apache.lucene.search.IndexSearcher(reader)
          .search(new org.apache.lucene.search.TermQuery(ChunkSchema.idTerm("1")), 1);
      assertEquals(7, reader.storedFields().document(top.scoreDocs[0].doc)
          .getField(ChunkSchema.START_LINE).numericValue().intValue());
    }
  }

  @Test
  void aRenamedFileKeepsWhatItsChunksLearned() throws IOException {
    Path docs = Files.createDirectories(dir.resolve("docs"));
    Files.writeString(docs.resolve("keys.md"), "# Keys\nRotate the keys.\n");
    Files.writeString(docs.resolve("other.md"), "# Other\nSomething else.\n");
    HashingEmbedder vectors = new HashingEmbedder();
    IndexBuilderFixture.builder(writer, schema, vectors, Progress.NONE)
        .index(new DirectorySource(docs));
    String oldId = idOf("docs/keys.md");
    LearnedValues used = new LearnedValues(4, 2, 1, 0, 123L);
    writer.updateDocValues(ChunkSchema.idTerm(oldId), used.toFields().toArray(new Field[0]));
    writer.commit();

    Files.move(docs.resolve("keys.md"), Files.createDirectories(docs.resolve("guide"))
        .resolve("rotation.md"));
    IndexReport report = IndexBuilderFixture.builder(writer, schema, vectors, Progress.NONE)
        .index(new DirectorySource(docs));
    String newId = idOf("docs/guide/rotation.md");
    assertEquals(oldId.substring(oldId.indexOf('#')), newId.substring(newId.indexOf('#')));
    assertEquals(java.util.Map.of(oldId, newId), report.renamed());
    assertEquals(List.of(0, 1), List.of(report.embedded(), report.reusedVectors()),
        "the moved chunk's vector comes from the index");
    assertEquals(List.of(0, 1, 1, 0), List.of(report.added(), report.updated(),
        report.unchanged(), report.deleted()));
    assertEquals(used, learned(newId));
    assertEquals(2, liveDocs());
  }

  @Test
  void aRenamedClassKeepsWhatItsMethodsLearned() throws IOException {
    Path src = Files.createDirectories(dir.resolve("src"));
    StringBuilder code = new StringBuilder("public class Cache {\n");
    for (int i = 0; i < 70; i++) { // two windows: the second starts inside the class
      code.append("    public int get").append(i).append("() {\n        return ").append(i)
          .append(";\n    }\n");
    }
    Files.writeString(src.resolve("Cache.java"), code.append("}\n").toString());
    HashingEmbedder vectors = new HashingEmbedder();
    IndexBuilderFixture.builder(writer, schema, vectors, Progress.NONE)
        .index(new DirectorySource(src));
    String second = idsByLine("src/Cache.java").get(1);
    LearnedValues used = new LearnedValues(4, 2, 1, 0, 123L);
    writer.updateDocValues(ChunkSchema.idTerm(second), used.toFields().toArray(new Field[0]));
    writer.commit();

    Files.writeString(src.resolve("Cache.java"),
        code.toString().replace("public class Cache {", "public class LruCache {"));
    IndexReport report = IndexBuilderFixture.builder(writer, schema, vectors, Progress.NONE)
        .index(new DirectorySource(src));
    String renamed = idsByLine("src/Cache.java").get(1);
    assertNotEquals(second, renamed, "its heading path, the class, changed");
    assertEquals(renamed, report.renamed().get(second));
    assertEquals(used, learned(renamed), "matched by path and lines");
  }

  @Test
  void anotherModelsVectorsAreNeverReused() throws IOException {
    writer.setLiveCommitData(new IndexMetadata("another-model", HashingEmbedder.DIMENSION,
        ChunkSchema.VERSION).toUserData().entrySet());
    index(new HashingEmbedder(), chunk("1", "A", "alpha"));
    IndexReport moved = index(new HashingEmbedder(), new Chunk("1", "/docs", "a.md",
        ChunkKind.MARKDOWN, "A", List.of("A"), 7, 9, 3, "alpha"));
    assertEquals(List.of(1, 1, 0), List.of(moved.updated(), moved.embedded(),
        moved.reusedVectors()), "the index records another model: its vector is not taken");
  }

  @Test
  void aStoppedRunKeepsTheEmbeddingsItCommitted() throws IOException {
    Chunk[] five = {chunk("1", "A", "alpha"), chunk("2", "B", "beta"), chunk("3", "C", "gamma"),
        chunk("4", "D", "delta"), chunk("5", "E", "epsilon")};
    assertThrows(IllegalStateException.class, () -> IndexBuilderFixture.builder(writer, schema,
        IndexBuilderFixture.failingAt(4), Progress.NONE).commitEvery(2)
        .index(new ListSource(List.of(five))));
    assertEquals(2, liveDocs(), "the first two embeddings were committed");
    assertEquals(Set.of("/docs"), unfinished(), "marked unfinished in the commit");
    IndexReport rerun = index(new HashingEmbedder(), five);
    assertEquals(List.of(2, 3, 3), List.of(rerun.unchanged(), rerun.added(), rerun.embedded()),
        "only what was not committed is embedded again");
    assertEquals(Set.of(), unfinished(), "finished by the rerun");
    assertThrows(IllegalStateException.class, () -> IndexBuilderFixture.builder(writer, schema,
        IndexBuilderFixture.failingAt(2), Progress.NONE).commitEvery(1)
        .index(new ListSource(List.of(chunk("6", "F", "zeta"), chunk("7", "G", "eta")))));
    assertEquals(Set.of("/docs"), unfinished());
    SourceRemover.remove(writer, List.of("/docs"));
    assertEquals(Set.of(), unfinished(), "removed: nothing left to finish");
  }

  private Set<String> unfinished() throws IOException {
    return IndexOrigins.unfinished(
        SegmentInfos.readLatestCommit(writer.getDirectory()).getUserData());
  }

  @Test
  void aFaultyEmbedderLeavesTheIndexUnchanged() throws IOException {
    index(new HashingEmbedder(), chunk("1", "A", "alpha"));
    Embedder nan = new ForwardingEmbedder(new HashingEmbedder()) {
      @Override
      public float[] embedDocument(String text) {
        float[] v = super.embedDocument(text);
        v[7] = Float.NaN;
        return v;
      }
    };
    List<Chunk> many = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      many.add(chunk("n" + i, "N" + i, "new text " + i));
    }
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> index(nan, many.toArray(new Chunk[0])));
    assertTrue(e.getMessage().contains("NaN at component 7"), e.getMessage());
    assertEquals(1, liveDocs());
  }

  @Test
  void writingTheChunksIsReportedAsProgressAfterEmbedding() throws IOException {
    RecordingProgress recorder = new RecordingProgress(true);
    List<String> events = recorder.events;
    Chunk[] chunks = {chunk("1", "A", "alpha"), chunk("2", "B", "beta")};
    IndexBuilderFixture.builder(writer, schema, new HashingEmbedder(),
        recorder)
        .index(new ListSource(List.of(chunks)));
    assertEquals(List.of("start embedding 2", "advance 1", "advance 2", "finish",
        "start writing 2", "advance 1", "advance 2", "finish"), events);
    events.clear();
    IndexBuilderFixture.builder(writer, schema, new HashingEmbedder(),
        recorder)
        .index(new ListSource(List.of(chunks)));
    assertEquals(List.of(), events, "nothing to embed or write: no task");
  }

  @Test
  void chunksLongerThanTheModelsWindowAreNoted() throws IOException {
    Embedder fourWords = new ForwardingEmbedder(new HashingEmbedder()) {
      @Override
      public TokenCounter documentTokens() {
        return new TokenCounter() {
          @Override
          public int limit() {
            return 4;
          }

          @Override
          public int count(String document) {
            return document.split(" ").length;
          }

          @Override
          public int fittingLength(String document, int tokens) {
            throw new UnsupportedOperationException("not chunking here");
          }
        };
      }
    };
    RecordingProgress recorder = new RecordingProgress(false);
    IndexBuilderFixture.builder(writer, schema, fourWords, recorder).index(new ListSource(
        List.of(chunk("1", "A", "one two"), chunk("2", "B", "a record of seven words in all"))));
    assertTrue(recorder.events.contains("1 of the chunks embedded are longer than the model's"
        + " 4-token window: their vectors cover their start only (BM25 all of them)"),
        recorder.events.toString());
  }

  @Test
  void vectorsTakenFromTheIndexAreNotedBeforeEmbedding() throws IOException {
    index(new HashingEmbedder(), chunk("1", "A", "alpha"), chunk("2", "B", "beta"));
    RecordingProgress recorder = new RecordingProgress(false);
    List<String> events = recorder.events;
    Chunk[] chunks = {chunk("1b", "A", "alpha"), chunk("2b", "B", "beta"),
        chunk("3", "C", "gamma")}; // new ids, as after a rename: same content hashes
    IndexReport report = IndexBuilderFixture.builder(writer, schema,
        new HashingEmbedder(), recorder)
        .index(new ListSource(List.of(chunks)));
    assertEquals(List.of("vectors: 2 of 3 from the index, 1 to embed",
        "start embedding 1", "start writing 3"), events);
    assertEquals(List.of(1, 2), List.of(report.embedded(), report.reusedVectors()));
  }
}
