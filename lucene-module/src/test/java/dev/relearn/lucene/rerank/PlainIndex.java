package dev.relearn.lucene.rerank;

import dev.relearn.lucene.schema.ChunkSchema;
import dev.relearn.lucene.schema.LearnedValues;
import java.io.IOException;
import java.util.List;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.SortedDocValuesField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.NoMergePolicy;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.util.BytesRef;

/**
 * An index relearn's indexer did not build: the chunk fields written by hand with a standard
 * analyzer, several segments, doc ids in insertion order. A doc with a null id gets no id fields.
 */
final class PlainIndex implements AutoCloseable {
  /** One document. */
  record Doc(String id, String path, String kind, String body, LearnedValues learned) {}

  final List<Doc> docs;
  final ByteBuffersDirectory directory = new ByteBuffersDirectory();
  final DirectoryReader reader;
  final IndexSearcher searcher;

  /** {@code count} neutral code chunks {@code c0, c1, ...} (doc id i is chunk ci). */
  static PlainIndex numbered(int count, int docsPerSegment) throws IOException {
    List<Doc> docs = new java.util.ArrayList<>();
    for (int i = 0; i < count; i++) {
      docs.add(new Doc("c" + i, "src/" + i, "code", "body " + i, LearnedValues.NEUTRAL));
    }
    return new PlainIndex(docs, docsPerSegment);
  }

  PlainIndex(List<Doc> docs, int docsPerSegment) throws IOException {
    this.docs = List.copyOf(docs);
    IndexWriterConfig config = new IndexWriterConfig(new StandardAnalyzer())
        .setMergePolicy(NoMergePolicy.INSTANCE);
    try (IndexWriter writer = new IndexWriter(directory, config)) {
      for (int i = 0; i < docs.size(); i++) {
        writer.addDocument(document(docs.get(i)));
        if ((i + 1) % docsPerSegment == 0) {
          writer.flush();
        }
      }
      writer.commit();
    }
    reader = DirectoryReader.open(directory);
    searcher = new IndexSearcher(reader);
  }

  private static Document document(Doc doc) {
    Document out = new Document();
    if (doc.id() != null) {
      out.add(new StringField(ChunkSchema.ID, doc.id(), Field.Store.YES));
      out.add(new SortedDocValuesField(ChunkSchema.ID, new BytesRef(doc.id())));
    }
    out.add(new StringField(ChunkSchema.PATH, doc.path(), Field.Store.YES));
    out.add(new StringField(ChunkSchema.KIND, doc.kind(), Field.Store.YES));
    out.add(new TextField(ChunkSchema.BODY, doc.body(), Field.Store.NO));
    for (Field field : doc.learned().toFields()) {
      out.add(field);
    }
    return out;
  }

  @Override
  public void close() throws IOException {
    reader.close();
    directory.close();
  }
}
