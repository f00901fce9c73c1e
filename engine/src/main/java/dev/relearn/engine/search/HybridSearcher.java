package dev.relearn.engine.search;

import dev.relearn.lucene.fusion.StageScore;
import dev.relearn.lucene.fusion.FusedHit;
import dev.relearn.lucene.fusion.StageHit;
import dev.relearn.lucene.fusion.TieOrder;
import dev.relearn.lucene.schema.ChunkIds;
import dev.relearn.lucene.schema.ChunkKind;
import dev.relearn.lucene.schema.ChunkSchema;
import dev.relearn.lucene.schema.LearnedValues;
import dev.relearn.lucene.schema.LearnedValuesSource;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.IntFunction;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.IndexableField;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TopDocs;

/**
 * The first stage: BM25 top N and vector top N over a chunk index, fused, then the top k loaded
 * as {@link Hit}s. Equal scores go by chunk id ({@link ChunkIds#tieOrder}), as on a cluster.
 * Thread-safe (it remembers only what each origin is: {@link SourceFiles}); pass it a searcher
 * acquired from a {@code SearcherManager} whose similarity is {@link ChunkSchema#similarity()}.
 *
 * <p>It needs an index with {@link ChunkSchema}'s fields (a hit is loaded from the stored id,
 * path, kind, lines and text). Another application's index fuses its own BM25 and vector {@code
 * TopDocs} with {@link dev.relearn.lucene.fusion.Fusion} directly, as {@link StageHit}s.
 */
public final class HybridSearcher {
  /** Snippet length in characters. */
  public static final int SNIPPET_CHARS = 200;

  private final ChunkSchema schema;
  private final SourceFiles files = new SourceFiles();

  /** A searcher over indexes built with {@code schema}. */
  public HybridSearcher(ChunkSchema schema) {
    this.schema = Objects.requireNonNull(schema, "schema");
  }

  /**
   * The fused candidates before loading, best first: the input to a second stage. {@link
   * SearchMode#LEARNED} yields the hybrid candidates; re-ranking them is the caller's step.
   *
   * @param queryVector the embedded query; required unless the mode is BM25 (then ignored)
   */
  public Candidates candidates(IndexSearcher searcher, SearchRequest request, float[] queryVector)
      throws IOException {
    Query filter = ChunkSchema.filter(request.pathPrefix(), request.kind());
    int depth = request.retrieverDepth();
    TieOrder ties = ChunkIds.tieOrder(searcher.getIndexReader());
    List<StageHit> lexical = List.of();
    List<StageHit> semantic = List.of();
    if (request.mode() != SearchMode.VECTOR) {
      lexical = stageHits(
          searcher.search(withFilter(schema.bm25Query(request.text()), filter), depth), ties);
    }
    if (request.mode().needsVector()) {
      if (queryVector == null) {
        throw new IllegalArgumentException(request.mode().label() + " search needs a query vector");
      }
      semantic = stageHits(
          searcher.search(schema.vectorQuery(queryVector, depth, filter), depth), ties);
    }
    List<FusedHit> fused = switch (request.mode()) {
      case BM25 -> single(lexical, true);
      case VECTOR -> single(semantic, false);
      case HYBRID, LEARNED ->
          request.fusion().forQuery(request.text()).fuse(lexical, semantic, ties);
    };
    return new Candidates(fused, lexical.size(), semantic.size());
  }

  /**
   * Loads the stored fields and learned values of the top {@code request.k()} candidates.
   *
   * @param learned where learned values are read (doc values, or something in front of them)
   */
  public SearchResults load(IndexSearcher searcher, SearchRequest request, Candidates candidates,
      LearnedValuesSource learned) throws IOException {
    StoredFields documents = searcher.storedFields();
    List<FusedHit> top = top(request, candidates);
    LearnedValues[] values = learnedValues(searcher, top, learned);
    List<Hit> hits = new ArrayList<>(top.size());
    Set<String> queryWords = Snippets.queryWords(request.text()); // once, not per hit
    for (int i = 0; i < top.size(); i++) {
      hits.add(toHit(documents.document(top.get(i).doc()), top.get(i), queryWords, values[i],
          files));
    }
    return new SearchResults(hits, candidates.lexicalCount(), candidates.semanticCount());
  }

  /**
   * The top {@code request.k()} candidates as chunk ids and scores, best first: {@link #load}
   * without reading stored fields, learned values or snippets. Decompressing stored fields is most
   * of a deep search's time; the ids come from doc values ({@link ChunkIds}).
   */
  public static List<RankedChunk> rank(IndexSearcher searcher, SearchRequest request,
      Candidates candidates) throws IOException {
    IntFunction<String> ids = ChunkIds.byDoc(searcher.getIndexReader());
    try {
      return top(request, candidates).stream()
          .map(hit -> new RankedChunk(ids.apply(hit.doc()), hit.score())).toList();
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }

  private static List<FusedHit> top(SearchRequest request, Candidates candidates) {
    List<FusedHit> fused = candidates.fused();
    return fused.subList(0, Math.min(request.k(), fused.size()));
  }

  /** Reads the hits' learned values segment by segment, in doc order, as doc values want. */
  private static LearnedValues[] learnedValues(IndexSearcher searcher, List<FusedHit> hits,
      LearnedValuesSource source) throws IOException {
    List<LeafReaderContext> leaves = searcher.getIndexReader().leaves();
    Integer[] byDoc = new Integer[hits.size()];
    for (int i = 0; i < byDoc.length; i++) {
      byDoc[i] = i;
    }
    Arrays.sort(byDoc, (a, b) -> Integer.compare(hits.get(a).doc(), hits.get(b).doc()));
    LearnedValues[] out = new LearnedValues[hits.size()];
    LeafReaderContext leaf = null;
    LearnedValuesSource.LeafValues reader = null;
    for (int i : byDoc) {
      int doc = hits.get(i).doc();
      if (leaf == null || doc >= leaf.docBase + leaf.reader().maxDoc()) {
        leaf = leaves.get(ReaderUtil.subIndex(doc, leaves));
        reader = source.forLeaf(leaf.reader());
      }
      out[i] = reader.read(doc - leaf.docBase);
    }
    return out;
  }

  /**
   * Fused first-stage candidates.
   *
   * @param fused candidates, best first
   * @param lexicalCount how many BM25 returned
   * @param semanticCount how many the vector search returned
   */
  public record Candidates(List<FusedHit> fused, int lexicalCount, int semanticCount) {
    /** Copies the list. */
    public Candidates {
      fused = List.copyOf(fused);
    }
  }

  private static Query withFilter(Query query, Query filter) {
    if (filter == null) {
      return query;
    }
    return new BooleanQuery.Builder().add(query, Occur.MUST).add(filter, Occur.FILTER).build();
  }

  /** A retriever's hits best first, ties by {@code ties}, ranked from 1. */
  private static List<StageHit> stageHits(TopDocs topDocs, TieOrder ties) {
    ScoreDoc[] docs = topDocs.scoreDocs.clone();
    Arrays.sort(docs, Comparator.comparingDouble((ScoreDoc hit) -> -hit.score)
        .thenComparing((a, b) -> ties.compare(a.doc, b.doc)));
    List<StageHit> hits = new ArrayList<>(docs.length);
    for (int i = 0; i < docs.length; i++) {
      hits.add(new StageHit(docs[i].doc, docs[i].score, i + 1));
    }
    return hits;
  }

  private static List<FusedHit> single(List<StageHit> hits, boolean lexical) {
    List<FusedHit> out = new ArrayList<>(hits.size());
    for (StageHit hit : hits) {
      out.add(new FusedHit(hit.doc(), hit.score(), lexical ? hit : null, lexical ? null : hit));
    }
    return out;
  }

  private static Hit toHit(Document doc, FusedHit fused, Set<String> queryWords,
      LearnedValues learned, SourceFiles files) {
    List<String> headings = new ArrayList<>();
    for (IndexableField field : doc.getFields(ChunkSchema.HEADING_PATH)) {
      headings.add(field.stringValue());
    }
    return new Hit(
        doc.get(ChunkSchema.ID),
        doc.get(ChunkSchema.PATH),
        files.file(doc.get(ChunkSchema.ORIGIN), doc.get(ChunkSchema.PATH)),
        ChunkKind.fromLabel(doc.get(ChunkSchema.KIND)),
        doc.get(ChunkSchema.TITLE),
        headings,
        doc.getField(ChunkSchema.START_LINE).numericValue().intValue(),
        doc.getField(ChunkSchema.END_LINE).numericValue().intValue(),
        Snippets.excerpt(doc.get(ChunkSchema.TEXT), queryWords, SNIPPET_CHARS),
        fused.score(),
        stage(fused.lexical()),
        stage(fused.semantic()),
        learned);
  }

  private static StageScore stage(StageHit hit) {
    return hit == null ? null : new StageScore(hit.score(), hit.rank());
  }
}
