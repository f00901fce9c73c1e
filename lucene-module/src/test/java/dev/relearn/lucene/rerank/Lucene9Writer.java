package dev.relearn.lucene.rerank;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Set;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.KeywordField;
import org.apache.lucene.document.KnnFloatVectorField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.NoMergePolicy;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.VectorSimilarityFunction;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.util.Version;

/**
 * A plain Lucene application's indexing code, run by {@link OldLucene} in a class loader of its
 * own against Lucene 9's {@code lucene-core}: it uses only Lucene API that 9.12 and 10 share, and
 * JDK types at its boundary. A catalogue of products (sku, title, unit embedding), several
 * segments, some products deleted.
 */
public final class Lucene9Writer {
  private Lucene9Writer() {}

  /**
   * Writes the products into a new index in {@code folder}.
   *
   * @return the version of the Lucene that wrote it
   */
  public static String write(Path folder, String[] skus, String[] titles, float[][] embeddings,
      Set<String> deleted, int perSegment) throws IOException {
    IndexWriterConfig config = new IndexWriterConfig(new StandardAnalyzer())
        .setMergePolicy(NoMergePolicy.INSTANCE);
    try (Directory directory = FSDirectory.open(folder);
        IndexWriter writer = new IndexWriter(directory, config)) {
      for (int i = 0; i < skus.length; i++) {
        Document doc = new Document();
        doc.add(new KeywordField(CatalogIndex.SKU, skus[i], Field.Store.YES));
        doc.add(new TextField(CatalogIndex.TITLE, titles[i], Field.Store.YES));
        doc.add(new KnnFloatVectorField(CatalogIndex.EMBEDDING, embeddings[i],
            VectorSimilarityFunction.DOT_PRODUCT));
        writer.addDocument(doc);
        if ((i + 1) % perSegment == 0) {
          writer.flush();
        }
      }
      for (String sku : deleted) {
        writer.deleteDocuments(new Term(CatalogIndex.SKU, sku));
      }
      writer.commit();
    }
    return Version.LATEST.toString();
  }
}
