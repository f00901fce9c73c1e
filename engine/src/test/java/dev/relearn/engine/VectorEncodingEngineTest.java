package dev.relearn.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.engine.config.ConfigLoader;
import dev.relearn.engine.search.Hit;
import dev.relearn.engine.search.SearchMode;
import dev.relearn.engine.search.SearchRequest;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.lucene.schema.ChunkSchema;
import dev.relearn.lucene.schema.IndexMetadata;
import dev.relearn.lucene.schema.VectorEncoding;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * index.vectorEncoding: a new index records the configured encoding, an existing one keeps what
 * it recorded (warning when the configuration asks for another), and every encoding searches.
 */
class VectorEncodingEngineTest {
  private static final String QUERY = "rotate signing keys every 90 days";

  @TempDir Path tmp;

  @Test
  void aNewIndexRecordsTheDefaultInt8AndKeepsItAcrossARestart() throws Exception {
    Path index = tmp.resolve("idx");
    try (Relearn relearn = Relearn.open(index, TestOptions.HASHING)) {
      assertEquals(VectorEncoding.INT8, relearn.metadata().vectorEncoding());
      relearn.index(docs(), SourceFormat.AUTO, Progress.NONE);
    }
    assertEquals(VectorEncoding.INT8, recorded(index));
    assertEquals(Set.of("Lucene104HnswBinaryQuantizedVectorsFormat"), formats(index));
    try (Relearn relearn = Relearn.open(index, TestOptions.HASHING)) {
      assertEquals(VectorEncoding.INT8, relearn.metadata().vectorEncoding());
    }
  }

  @Test
  void everyEncodingFindsTheSameTopHits() throws Exception {
    Path docs = docs();
    Map<SearchMode, String> expected = new HashMap<>();
    for (VectorEncoding encoding : VectorEncoding.values()) {
      Path index = configured(tmp.resolve(encoding.label()), encoding);
      try (Relearn relearn = Relearn.open(index, TestOptions.HASHING)) {
        relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
        for (SearchMode mode : List.of(SearchMode.VECTOR, SearchMode.HYBRID)) {
          List<Hit> hits = relearn.search(SearchRequest.of(QUERY).withMode(mode).withK(3)).hits();
          String top = hits.get(0).path() + " " + hits.get(0).headingPath();
          System.out.println(encoding + " " + mode + ": " + top);
          assertEquals(expected.computeIfAbsent(mode, m -> top), top, encoding + " " + mode);
        }
      }
      assertEquals(encoding, recorded(index));
    }
    assertTrue(expected.get(SearchMode.VECTOR).startsWith("docs/keys.md"), expected.toString());
  }

  @Test
  void anExistingIndexKeepsItsEncodingAndAnotherConfiguredOneIsWarnedAbout() throws Exception {
    Path index = configured(tmp.resolve("idx"), VectorEncoding.INT4);
    try (Relearn relearn = Relearn.open(index, TestOptions.HASHING)) {
      relearn.index(docs(), SourceFormat.AUTO, Progress.NONE);
    }
    configured(index, VectorEncoding.FLOAT32);
    List<String> warnings = new ArrayList<>();
    try (Relearn relearn = openCapturing(index, warnings)) {
      assertEquals(VectorEncoding.INT4, relearn.metadata().vectorEncoding());
      relearn.index(Files.writeString(Files.createDirectories(tmp.resolve("more"))
          .resolve("more.md"), "# More\nA second source.\n"), SourceFormat.AUTO, Progress.NONE);
    }
    assertEquals(List.of("index " + index.toAbsolutePath().normalize() + " holds int4 vectors,"
        + " but index.vectorEncoding is float32 (" + index.resolve(ConfigLoader.FILE) + "); an"
        + " index keeps the encoding it was built with, so this one stays int4. To use float32,"
        + " index into a new folder."), warnings);
    assertEquals(VectorEncoding.INT4, recorded(index));
    assertEquals(Set.of("Lucene104HnswBinaryQuantizedVectorsFormat"), formats(index));
  }

  /** An index built before encodings were recorded holds floats, and new segments do too. */
  @Test
  void anIndexRecordingNoEncodingStaysFloat32WithoutAWordUnderTheDefault() throws Exception {
    Path index = configured(tmp.resolve("idx"), VectorEncoding.FLOAT32);
    try (Relearn relearn = Relearn.open(index, TestOptions.HASHING)) {
      relearn.index(docs(), SourceFormat.AUTO, Progress.NONE);
    }
    Files.delete(index.resolve(ConfigLoader.FILE));
    try (FSDirectory directory = FSDirectory.open(index);
        IndexWriter writer = new IndexWriter(directory, new IndexWriterConfig())) {
      Map<String, String> old = new HashMap<>(IndexMetadata.read(directory).toUserData());
      old.remove("relearn.vectorEncoding");
      writer.setLiveCommitData(old.entrySet());
      writer.commit();
      assertEquals(null, DirectoryReader.listCommits(directory).getLast().getUserData()
          .get("relearn.vectorEncoding"));
    }
    List<String> warnings = new ArrayList<>();
    try (Relearn relearn = openCapturing(index, warnings)) {
      assertEquals(VectorEncoding.FLOAT32, relearn.metadata().vectorEncoding());
      relearn.index(Files.writeString(Files.createDirectories(tmp.resolve("more"))
          .resolve("more.md"), "# More\nA second source.\n"), SourceFormat.AUTO, Progress.NONE);
    }
    assertEquals(List.of(), warnings);
    assertEquals(Set.of("Lucene99HnswVectorsFormat"), formats(index));
  }

  @Test
  void theWarningNamesBothEncodingsOnlyWhenSomethingAskedForAnother() {
    Path folder = Path.of("/i");
    assertNull(IndexEncoding.mismatch(VectorEncoding.FLOAT32, VectorEncoding.INT8,
        ConfigLoader.DEFAULT_SOURCE, folder));
    assertNull(IndexEncoding.mismatch(VectorEncoding.INT4, VectorEncoding.INT4, "f", folder));
    String warning = IndexEncoding.mismatch(VectorEncoding.INT8, VectorEncoding.BIT1,
        "RELEARN_INDEX_VECTOR_ENCODING", folder);
    assertTrue(warning.contains("holds int8 vectors, but index.vectorEncoding is 1bit"
        + " (RELEARN_INDEX_VECTOR_ENCODING)"), warning);
  }

  /** KeyDocs and 120 notes of seeded random words: enough vectors for an HNSW graph. */
  private Path docs() throws IOException {
    Path docs = KeyDocs.write(tmp);
    Random random = new Random(7);
    String[] words = {"alpha", "bravo", "delta", "echo", "harbour", "lantern", "meadow", "orbit",
        "pepper", "quartz", "river", "saddle", "timber", "violet", "walnut", "zephyr"};
    for (int i = 0; i < 120; i++) {
      StringBuilder text = new StringBuilder("# Note " + i + "\n");
      for (int w = 0; w < 12; w++) {
        text.append(words[random.nextInt(words.length)]).append(' ');
      }
      Files.writeString(docs.resolve("note-" + i + ".md"), text.append('\n').toString());
    }
    return docs;
  }

  private static Path configured(Path index, VectorEncoding encoding) throws IOException {
    Files.createDirectories(index);
    Files.writeString(index.resolve(ConfigLoader.FILE),
        "{\"index\": {\"vectorEncoding\": \"" + encoding.label() + "\"}}");
    return index;
  }

  private static Relearn openCapturing(Path index, List<String> warnings) throws IOException {
    Logger logger = Logger.getLogger(IndexEncoding.class.getName());
    Handler handler = new Handler() {
      @Override
      public void publish(LogRecord record) {
        warnings.add(record.getMessage());
      }

      @Override
      public void flush() {}

      @Override
      public void close() {}
    };
    logger.addHandler(handler);
    try {
      return Relearn.open(index, TestOptions.HASHING);
    } finally {
      logger.removeHandler(handler);
    }
  }

  private static VectorEncoding recorded(Path index) throws IOException {
    try (FSDirectory directory = FSDirectory.open(index)) {
      return IndexMetadata.read(directory).vectorEncoding();
    }
  }

  /** The vector formats of the index's segments. */
  private static Set<String> formats(Path index) throws IOException {
    Set<String> formats = new TreeSet<>();
    try (FSDirectory directory = FSDirectory.open(index);
        DirectoryReader reader = DirectoryReader.open(directory)) {
      for (LeafReaderContext leaf : reader.leaves()) {
        formats.add(leaf.reader().getFieldInfos().fieldInfo(ChunkSchema.VECTOR)
            .getAttribute("PerFieldKnnVectorsFormat.format"));
      }
    }
    return formats;
  }
}
