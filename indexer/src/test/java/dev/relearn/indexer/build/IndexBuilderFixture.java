package dev.relearn.indexer.build;

import dev.relearn.indexer.embed.HashingEmbedder;
import dev.relearn.indexer.source.ChunkSource;
import dev.relearn.indexer.source.DirectorySource;
import dev.relearn.lucene.embed.Embedder;
import dev.relearn.lucene.embed.ForwardingEmbedder;
import dev.relearn.lucene.schema.ChunkSchema;
import dev.relearn.lucene.schema.IndexMetadata;
import dev.relearn.lucene.schema.LearnedValues;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.PrefixQuery;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * A chunk index on disk built by {@link IndexBuilder} with hashing vectors, and ways to read
 * what it stores: for tests of how runs over several sources share one index.
 */
abstract class IndexBuilderFixture {
  @TempDir Path dir;
  /** What an engine records of the hashing embedder: vectors are reused only under it. */
  static final IndexMetadata HASHING =
      new IndexMetadata(HashingEmbedder.MODEL_ID, HashingEmbedder.DIMENSION, ChunkSchema.VERSION);
  /** A builder with its own writes lock that ignores renames. */
  static IndexBuilder builder(IndexWriter writer, ChunkSchema schema, Embedder embedder,
      Progress progress) {
    return new IndexBuilder(writer, schema, embedder, progress, new ReentrantLock(), renamed -> {});
  }

  final ChunkSchema schema = new ChunkSchema(384);
  FSDirectory directory;
  IndexWriter writer;

  /** One live chunk as stored. */
  record Stored(String id, String origin, String path, String text) {}

  @BeforeEach
  void open() throws IOException {
    directory = FSDirectory.open(dir.resolve("index"));
    writer = new IndexWriter(directory, new IndexWriterConfig(schema.indexAnalyzer()));
    writer.setLiveCommitData(HASHING.toUserData().entrySet());
  }

  @AfterEach
  void close() throws IOException {
    writer.close();
    directory.close();
  }

  IndexReport index(Path root) throws IOException {
    return index(new DirectorySource(root));
  }

  IndexReport index(ChunkSource source) throws IOException {
    return IndexBuilderFixture.builder(writer, schema, new HashingEmbedder(),
        Progress.NONE).index(source);
  }

  /** The hashing embedder, stopping the run at its {@code nth} document (from 1). */
  static Embedder failingAt(int nth) {
    int[] calls = {0};
    return new ForwardingEmbedder(new HashingEmbedder()) {
      @Override
      public float[] embedDocument(String text) {
        if (++calls[0] == nth) {
          throw new IllegalStateException("stopped while embedding");
        }
        return super.embedDocument(text);
      }
    };
  }

  LearnedValues learned(String id) throws IOException {
    try (DirectoryReader reader = DirectoryReader.open(writer)) {
      for (LeafReaderContext leaf : reader.leaves()) {
        for (int doc = 0; doc < leaf.reader().maxDoc(); doc++) {
          if ((leaf.reader().getLiveDocs() == null || leaf.reader().getLiveDocs().get(doc))
              && id.equals(leaf.reader().storedFields().document(doc).get(ChunkSchema.ID))) {
            return LearnedValues.read(leaf.reader(), doc);
          }
        }
      }
    }
    throw new AssertionError("no live chunk " + id);
  }

  List<Stored> stored() throws IOException {
    List<Stored> out = new ArrayList<>();
    try (DirectoryReader reader = DirectoryReader.open(writer)) {
      for (LeafReaderContext leaf : reader.leaves()) {
        for (int doc = 0; doc < leaf.reader().maxDoc(); doc++) {
          if (leaf.reader().getLiveDocs() == null || leaf.reader().getLiveDocs().get(doc)) {
            Document d = leaf.reader().storedFields().document(doc);
            out.add(new Stored(d.get(ChunkSchema.ID), d.get(ChunkSchema.ORIGIN),
                d.get(ChunkSchema.PATH), d.get(ChunkSchema.TEXT)));
          }
        }
      }
    }
    return out;
  }

  Set<String> paths() throws IOException {
    Set<String> paths = new TreeSet<>();
    stored().forEach(s -> paths.add(s.path()));
    return paths;
  }

  int countUnder(String prefix) throws IOException {
    try (DirectoryReader reader = DirectoryReader.open(writer)) {
      return new IndexSearcher(reader).count(new PrefixQuery(new Term(ChunkSchema.PATH, prefix)));
    }
  }

  static Path folder(Path parent, String... namesAndTexts) throws IOException {
    Files.createDirectories(parent);
    for (int i = 0; i < namesAndTexts.length; i += 2) {
      Path file = parent.resolve(namesAndTexts[i]);
      Files.createDirectories(file.getParent());
      Files.writeString(file, namesAndTexts[i + 1]);
    }
    return parent;
  }
}
