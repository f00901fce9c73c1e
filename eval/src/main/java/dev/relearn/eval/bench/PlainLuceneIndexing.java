package dev.relearn.eval.bench;

import dev.relearn.lucene.schema.ChunkSchema;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.KnnFloatVectorField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.VectorSimilarityFunction;
import org.apache.lucene.store.FSDirectory;

/**
 * The Lucene baseline of the indexing benchmark: the same texts as plain Lucene documents (stored
 * id, stored BM25 text with English analysis and relearn's BM25 parameters, KNN vectors computed
 * beforehand) in a new index, then one commit; none of relearn's other fields, change detection or
 * vector cache.
 */
public final class PlainLuceneIndexing {
  private PlainLuceneIndexing() {}

  /**
   * What writing took: from opening the writer to the end of its commit and close, the documents
   * written, the index's size after.
   */
  public record Result(long nanos, int documents, long bytes) {}

  /**
   * Writes {@code ids} with {@code texts} and {@code vectors} (in one order) into the new index
   * {@code dir} and commits.
   */
  public static Result write(Path dir, List<String> ids, List<String> texts,
      List<float[]> vectors) throws IOException {
    if (ids.size() != texts.size() || texts.size() != vectors.size()) {
      throw new IllegalArgumentException("ids, texts and vectors must be as many, got: "
          + ids.size() + ", " + texts.size() + " and " + vectors.size());
    }
    if (Files.exists(dir)) {
      throw new IllegalArgumentException("plain Lucene index folder exists already: " + dir);
    }
    long start = System.nanoTime();
    try (FSDirectory directory = FSDirectory.open(dir)) {
      try (IndexWriter writer = new IndexWriter(directory, new IndexWriterConfig(
          new EnglishAnalyzer()).setSimilarity(ChunkSchema.similarity())
          .setOpenMode(IndexWriterConfig.OpenMode.CREATE))) {
        for (int i = 0; i < ids.size(); i++) {
          Document doc = new Document();
          doc.add(new StringField("id", ids.get(i), Field.Store.YES));
          doc.add(new TextField("body", texts.get(i), Field.Store.YES));
          doc.add(new KnnFloatVectorField("vector", vectors.get(i),
              VectorSimilarityFunction.DOT_PRODUCT));
          writer.addDocument(doc);
        }
        writer.commit();
      }
      long nanos = System.nanoTime() - start;
      long bytes = 0;
      for (String file : directory.listAll()) {
        bytes += directory.fileLength(file);
      }
      return new Result(nanos, ids.size(), bytes);
    }
  }
}
