package dev.relearn.lucene.rerank;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.LowerCaseFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.en.PorterStemFilter;
import org.apache.lucene.analysis.standard.StandardTokenizer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.IntField;
import org.apache.lucene.document.KeywordField;
import org.apache.lucene.document.KnnFloatVectorField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.MultiReader;
import org.apache.lucene.index.NoMergePolicy;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.VectorSimilarityFunction;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;

/**
 * Another application's index, which knows nothing of relearn's schema: a product catalogue of
 * two shops, each its own index of several segments with deleted products, searched together
 * through a {@link MultiReader}. Products are keyed by a {@code sku} {@link KeywordField}, titles
 * go through the application's own stemming analyzer, and each product has a unit embedding.
 * Global doc ids are the products' positions in {@link #products} (no merges, insertion order).
 */
final class CatalogIndex implements AutoCloseable {
  static final String SKU = "sku";
  static final String TITLE = "title";
  static final String PRICE = "price";
  static final String EMBEDDING = "embedding";
  static final int DIMS = 8;
  static final int PER_SHOP = 15;
  static final int PER_SEGMENT = 4;

  /** One product; {@code deleted} ones are still in the reader's doc-id space. */
  record Product(String sku, String title, float[] embedding, boolean deleted) {}

  /** The application's analyzer: standard tokens, lower-cased, Porter-stemmed. */
  static final class CatalogAnalyzer extends Analyzer {
    @Override
    protected TokenStreamComponents createComponents(String fieldName) {
      Tokenizer source = new StandardTokenizer();
      TokenStream filtered = new PorterStemFilter(new LowerCaseFilter(source));
      return new TokenStreamComponents(source, filtered);
    }
  }

  final Analyzer analyzer = new CatalogAnalyzer();
  final List<Product> products = new ArrayList<>();
  final IndexReader reader;
  final IndexSearcher searcher;
  private final List<Directory> directories = new ArrayList<>();

  /** Two shops; in each, the products at {@code deletedLocal} positions are deleted. */
  CatalogIndex(long seed, Set<Integer> deletedLocal) throws IOException {
    Random random = new Random(seed);
    List<IndexReader> shops = new ArrayList<>();
    for (int shop = 0; shop < 2; shop++) {
      Directory directory = new ByteBuffersDirectory();
      directories.add(directory);
      IndexWriterConfig config =
          new IndexWriterConfig(analyzer).setMergePolicy(NoMergePolicy.INSTANCE);
      try (IndexWriter writer = new IndexWriter(directory, config)) {
        for (int i = 0; i < PER_SHOP; i++) {
          int n = products.size();
          // every title matches "lamps"; longer titles score lower under BM25
          String title = "Reading Lamps" + " with brass shades".repeat(n % 7) + " shop" + shop
              + " model" + n;
          Product product = new Product("SKU-" + shop + "-" + i, title, unit(random),
              deletedLocal.contains(i));
          products.add(product);
          writer.addDocument(document(product, n));
          if ((i + 1) % PER_SEGMENT == 0) {
            writer.flush();
          }
        }
        for (Product product : products.subList(shop * PER_SHOP, products.size())) {
          if (product.deleted()) {
            writer.deleteDocuments(new Term(SKU, product.sku()));
          }
        }
        writer.commit();
      }
      shops.add(DirectoryReader.open(directory));
    }
    reader = new MultiReader(shops.toArray(IndexReader[]::new)); // closes the shops
    searcher = new IndexSearcher(reader);
  }

  private static Document document(Product product, int price) {
    Document doc = new Document();
    doc.add(new KeywordField(SKU, product.sku(), Field.Store.YES));
    doc.add(new TextField(TITLE, product.title(), Field.Store.YES));
    doc.add(new IntField(PRICE, price, Field.Store.NO));
    doc.add(new KnnFloatVectorField(EMBEDDING, product.embedding(),
        VectorSimilarityFunction.DOT_PRODUCT));
    return doc;
  }

  /** A seeded random unit vector. */
  static float[] unit(Random random) {
    float[] v = new float[DIMS];
    double norm = 0;
    for (int i = 0; i < DIMS; i++) {
      v[i] = (float) random.nextGaussian();
      norm += v[i] * v[i];
    }
    for (int i = 0; i < DIMS; i++) {
      v[i] /= (float) Math.sqrt(norm);
    }
    return v;
  }

  /** The global doc id of {@code sku}. */
  int doc(String sku) {
    for (int i = 0; i < products.size(); i++) {
      if (products.get(i).sku().equals(sku)) {
        return i;
      }
    }
    throw new IllegalArgumentException("no product " + sku);
  }

  @Override
  public void close() throws IOException {
    reader.close();
    for (Directory directory : directories) {
      directory.close();
    }
  }
}
