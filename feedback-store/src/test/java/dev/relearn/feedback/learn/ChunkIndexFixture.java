package dev.relearn.feedback.learn;

import dev.relearn.lucene.embed.VectorChecks;
import dev.relearn.lucene.schema.Chunk;
import dev.relearn.lucene.schema.ChunkKind;
import dev.relearn.lucene.schema.ChunkSchema;
import dev.relearn.lucene.schema.LearnedValues;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;

/** A real on-disk chunk index of small chunks, with an NRT searcher manager, for tests. */
final class ChunkIndexFixture implements AutoCloseable {
  private static final ChunkSchema SCHEMA = new ChunkSchema(2);

  final Directory directory;
  final IndexWriter writer;
  final SearcherManager searchers;

  private ChunkIndexFixture(Directory directory, IndexWriter writer) throws IOException {
    this.directory = directory;
    this.writer = writer;
    this.searchers = new SearcherManager(writer, null);
  }

  /** Opens an index in {@code dir} holding chunks {@code c0 .. c(count-1)}. */
  static ChunkIndexFixture open(Path dir, int count, boolean overlays) throws IOException {
    FSDirectory directory = FSDirectory.open(dir);
    IndexWriterConfig config = new IndexWriterConfig(SCHEMA.indexAnalyzer())
        .setSimilarity(ChunkSchema.similarity());
    IndexWriter writer = new IndexWriter(directory,
        overlays ? LearnedFieldUpdater.withOverlays(config) : config);
    for (int i = 0; i < count; i++) {
      writer.addDocument(document("c" + i));
    }
    writer.commit();
    return new ChunkIndexFixture(directory, writer);
  }

  static Iterable<? extends org.apache.lucene.index.IndexableField> document(String id) {
    Chunk chunk = new Chunk(id, "/origin", id + ".md", ChunkKind.MARKDOWN, "Title " + id,
        List.of("Heading"), 1, 2, 3, "text of " + id);
    return SCHEMA.document(chunk, VectorChecks.normalize(new float[] {1, id.length()}),
        LearnedValues.NEUTRAL, null);
  }

  /** The doc values of a chunk as the current searcher sees them, after a refresh. */
  LearnedValues read(String id) throws IOException {
    searchers.maybeRefreshBlocking();
    IndexSearcher searcher = searchers.acquire();
    try {
      return read(searcher, id);
    } finally {
      searchers.release(searcher);
    }
  }

  /** The doc values of a chunk as {@code searcher} sees them. */
  static LearnedValues read(IndexSearcher searcher, String id) throws IOException {
    TopDocs top = searcher.search(new TermQuery(new Term(ChunkSchema.ID, id)), 2);
    if (top.scoreDocs.length != 1) {
      throw new AssertionError("expected one document for " + id + ", got "
          + top.scoreDocs.length);
    }
    int doc = top.scoreDocs[0].doc;
    List<LeafReaderContext> leaves = searcher.getIndexReader().leaves();
    LeafReaderContext leaf = leaves.get(org.apache.lucene.index.ReaderUtil.subIndex(doc, leaves));
    return LearnedValues.read(leaf.reader(), doc - leaf.docBase);
  }

  @Override
  public void close() throws IOException {
    try (directory; writer; searchers) {
      // closes all three, in reverse order
    }
  }
}
