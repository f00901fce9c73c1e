package dev.relearn.lucene.schema;

import dev.relearn.lucene.analysis.CodeAnalyzer;
import dev.relearn.lucene.analysis.QueryTerms;
import dev.relearn.lucene.embed.VectorChecks;
import java.util.Map;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.miscellaneous.PerFieldAnalyzerWrapper;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.KnnFloatVectorField;
import org.apache.lucene.document.SortedDocValuesField;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.VectorSimilarityFunction;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.DisjunctionMaxQuery;
import org.apache.lucene.search.KnnFloatVectorQuery;
import org.apache.lucene.search.MatchNoDocsQuery;
import org.apache.lucene.search.PrefixQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.similarities.BM25Similarity;
import org.apache.lucene.search.similarities.Similarity;
import org.apache.lucene.util.BytesRef;

/**
 * Every field of a chunk document, and the queries over them. Nothing else in relearn names a
 * field.
 *
 * <p>The body is indexed twice: {@link #BODY} with English analysis for every chunk, and {@link
 * #BODY_CODE} with identifier splitting for code chunks only. The BM25 query takes the better of
 * the two per document (a dis-max), so prose scores exactly as plain BM25 on {@link #BODY}.
 *
 * <p>The learned fields are doc-values-only, written with neutral values when a chunk is indexed,
 * never part of an index sort, and tied to the unique {@link #ID} term that {@code
 * IndexWriter.updateDocValues} needs.
 */
public final class ChunkSchema {
  /** Bumped whenever a field changes meaning; indexes of another version are refused. */
  public static final int VERSION = 1;

  public static final String ID = "id";
  public static final String ORIGIN = "origin";
  public static final String PATH = "path";
  public static final String KIND = "kind";
  public static final String TITLE = "title";
  public static final String HEADING_PATH = "heading_path";
  public static final String START_LINE = "start_line";
  public static final String END_LINE = "end_line";
  public static final String TOKENS = "tokens";
  public static final String SHA256 = "sha256";
  public static final String FILE_STAMP = "file_stamp";
  public static final String TEXT = "text";
  public static final String BODY = "body";
  public static final String BODY_CODE = "body_code";
  public static final String VECTOR = "vector";
  public static final String LEARNED_IMPRESSIONS = "learned_impressions";
  public static final String LEARNED_CLICKS = "learned_clicks";
  public static final String LEARNED_SUCCESSES = "learned_successes";
  public static final String LEARNED_FAILURES = "learned_failures";
  public static final String LEARNED_LAST_USED = "learned_last_used";

  /** BM25 parameters of Anserini's BEIR baselines. */
  public static final float BM25_K1 = 0.9f;
  public static final float BM25_B = 0.4f;

  /** Distinct query terms kept per field; keeps the query under Lucene's clause limit. */
  public static final int MAX_QUERY_TERMS = 500;

  private final int dimension;
  private final Analyzer indexAnalyzer;
  private final Analyzer queryAnalyzer;

  /** A schema for vectors of {@code dimension} components. */
  public ChunkSchema(int dimension) {
    if (dimension < 1 || dimension > 4096) {
      throw new IllegalArgumentException("dimension must be in [1, 4096], got: " + dimension);
    }
    this.dimension = dimension;
    this.indexAnalyzer = new PerFieldAnalyzerWrapper(new EnglishAnalyzer(),
        Map.of(BODY_CODE, new CodeAnalyzer(true)));
    this.queryAnalyzer = new PerFieldAnalyzerWrapper(new EnglishAnalyzer(),
        Map.of(BODY_CODE, new CodeAnalyzer(false)));
  }

  /** The analyzer for {@code IndexWriterConfig}. */
  public Analyzer indexAnalyzer() {
    return indexAnalyzer;
  }

  /** The similarity for both {@code IndexWriterConfig} and every {@code IndexSearcher}. */
  public static Similarity similarity() {
    return new BM25Similarity(BM25_K1, BM25_B);
  }

  /**
   * Builds the document for a chunk, storing {@code fileStamp} (when not null) in {@link
   * #FILE_STAMP}: what the chunk's file and the chunks cut from it hashed to, so that a re-index
   * can tell the file needs no chunking. Indexes without it simply chunk every file.
   *
   * @param vector the chunk's unit vector of the schema's dimension
   * @param learned the learned values to start from: {@link LearnedValues#NEUTRAL} for a new chunk,
   *     the old values when a changed chunk is re-indexed
   */
  public Document document(Chunk chunk, float[] vector, LearnedValues learned,
      String fileStamp) {
    VectorChecks.requireUnitVector(vector, dimension, "chunk " + chunk.id());
    Document doc = new Document();
    doc.add(new StringField(ID, chunk.id(), Field.Store.YES));
    doc.add(new SortedDocValuesField(ID, new BytesRef(chunk.id())));
    doc.add(new StringField(ORIGIN, chunk.origin(), Field.Store.YES));
    doc.add(new StringField(PATH, chunk.path(), Field.Store.YES));
    doc.add(new StringField(KIND, chunk.kind().label(), Field.Store.YES));
    doc.add(new StoredField(TITLE, chunk.title()));
    for (String heading : chunk.headingPath()) {
      doc.add(new StoredField(HEADING_PATH, heading));
    }
    doc.add(new StoredField(START_LINE, chunk.startLine()));
    doc.add(new StoredField(END_LINE, chunk.endLine()));
    doc.add(new StoredField(TOKENS, chunk.tokenEstimate()));
    doc.add(new StringField(SHA256, chunk.sha256(), Field.Store.YES));
    if (fileStamp != null) {
      doc.add(new StoredField(FILE_STAMP, fileStamp));
    }
    doc.add(new StoredField(TEXT, chunk.text()));
    String searchable = chunk.searchableText();
    doc.add(new TextField(BODY, searchable, Field.Store.NO));
    if (chunk.kind() == ChunkKind.CODE) {
      doc.add(new TextField(BODY_CODE, searchable, Field.Store.NO));
    }
    doc.add(new KnnFloatVectorField(VECTOR, vector, VectorSimilarityFunction.DOT_PRODUCT));
    for (Field field : learned.toFields()) {
      doc.add(field);
    }
    return doc;
  }

  /** The unique term of a chunk id: the key for updates, deletes and doc-values updates. */
  public static Term idTerm(String chunkId) {
    return new Term(ID, chunkId);
  }

  /** Matches every chunk that came from {@code origin}. */
  public static Query originQuery(String origin) {
    return new TermQuery(new Term(ORIGIN, origin));
  }

  /**
   * The BM25 query for free text: a bag of words over {@link #BODY}, dis-maxed with the
   * identifier-split {@link #BODY_CODE}. Query syntax characters are plain text here. A text
   * with no searchable terms matches nothing.
   */
  public Query bm25Query(String text) {
    Map<String, Map<String, Integer>> terms = queryTerms(text);
    Query prose = termsQuery(BODY, terms.get(BODY));
    Query code = termsQuery(BODY_CODE, terms.get(BODY_CODE));
    if (prose == null && code == null) {
      return new MatchNoDocsQuery("no searchable terms in the query");
    }
    if (code == null) {
      return prose;
    }
    if (prose == null) {
      return code;
    }
    return new DisjunctionMaxQuery(java.util.List.of(prose, code), 0f);
  }

  /**
   * What {@link #bm25Query} searches for: per field ({@link #BODY}, then {@link #BODY_CODE}), the
   * query's analysed terms and how often each occurs, in first-seen order; a field the text
   * yields no terms for is left out. A remote index scores exactly these terms, so the text itself
   * need not leave the caller.
   */
  public Map<String, Map<String, Integer>> queryTerms(String text) {
    Map<String, Map<String, Integer>> out = new java.util.LinkedHashMap<>();
    for (String field : java.util.List.of(BODY, BODY_CODE)) {
      Map<String, Integer> terms = QueryTerms.of(queryAnalyzer, field, text, MAX_QUERY_TERMS);
      if (!terms.isEmpty()) {
        out.put(field, terms);
      }
    }
    return out;
  }

  private static Query termsQuery(String field, Map<String, Integer> terms) {
    if (terms == null) {
      return null;
    }
    BooleanQuery.Builder builder = new BooleanQuery.Builder();
    terms.forEach((term, count) -> {
      Query query = new TermQuery(new Term(field, term));
      builder.add(count == 1 ? query : new BoostQuery(query, count), Occur.SHOULD);
    });
    return builder.build();
  }

  /**
   * The approximate nearest-neighbour query over the HNSW graph.
   *
   * @param filter restricts the candidates, or null for none
   */
  public Query vectorQuery(float[] queryVector, int k, Query filter) {
    VectorChecks.requireUnitVector(queryVector, dimension, "query");
    return new KnnFloatVectorQuery(VECTOR, queryVector.clone(), k, filter);
  }

  /**
   * A filter for a path prefix and a kind; either may be null.
   *
   * @return null when there is nothing to filter
   */
  public static Query filter(String pathPrefix, ChunkKind kind) {
    if (pathPrefix == null && kind == null) {
      return null;
    }
    BooleanQuery.Builder builder = new BooleanQuery.Builder();
    if (pathPrefix != null) {
      builder.add(new PrefixQuery(new Term(PATH, pathPrefix)), Occur.FILTER);
    }
    if (kind != null) {
      builder.add(new TermQuery(new Term(KIND, kind.label())), Occur.FILTER);
    }
    return builder.build();
  }
}
