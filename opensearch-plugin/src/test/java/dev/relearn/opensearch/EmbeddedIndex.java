package dev.relearn.opensearch;

import dev.relearn.opensearch.search.ScoredId;
import dev.relearn.lucene.feedback.FeedbackLookup;
import dev.relearn.lucene.fusion.FusedHit;
import dev.relearn.lucene.fusion.Fusion;
import dev.relearn.lucene.fusion.StageHit;
import dev.relearn.lucene.rerank.LearnedRescorer;
import dev.relearn.lucene.rerank.RerankOptions;
import dev.relearn.lucene.rerank.RerankWindow;
import dev.relearn.lucene.rerank.RescoredHit;
import dev.relearn.lucene.schema.Chunk;
import dev.relearn.lucene.schema.ChunkSchema;
import dev.relearn.lucene.schema.LearnedValues;
import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.store.ByteBuffersDirectory;

/** The corpus indexed as relearn indexes it embedded, in memory: the reference side. */
final class EmbeddedIndex implements Closeable {
  final ChunkSchema schema = new ChunkSchema(SmallCorpus.DIMENSION);
  private final ByteBuffersDirectory directory = new ByteBuffersDirectory();
  private final DirectoryReader reader;
  final IndexSearcher searcher;

  EmbeddedIndex(SmallCorpus corpus) throws IOException {
    IndexWriterConfig config = new IndexWriterConfig(schema.indexAnalyzer())
        .setSimilarity(ChunkSchema.similarity());
    try (IndexWriter writer = new IndexWriter(directory, config)) {
      for (Chunk chunk : corpus.chunks) {
        writer.addDocument(schema.document(chunk, corpus.vectors.get(chunk.id()),
            corpus.learned.getOrDefault(chunk.id(), LearnedValues.NEUTRAL), null));
      }
    }
    reader = DirectoryReader.open(directory);
    searcher = new IndexSearcher(reader);
    searcher.setSimilarity(ChunkSchema.similarity());
  }

  /** The top {@code n} of {@code query} as (chunk id, score), best first, ties by id. */
  List<ScoredId> search(Query query, int n) throws IOException {
    List<ScoredId> out = new ArrayList<>();
    for (ScoreDoc hit : searcher.search(query, n).scoreDocs) {
      out.add(new ScoredId(searcher.storedFields().document(hit.doc).get(ChunkSchema.ID),
          hit.score));
    }
    return ScoredId.ranked(out);
  }

  /**
   * A learned search as the engine runs one (HybridSearcher's candidates, LearnedRanking's
   * rescorer): the top {@code k} as (chunk id, score).
   */
  List<ScoredId> learnedSearch(String text, float[] vector, FeedbackLookup lookup, int k,
      int candidates) throws IOException {
    return learnedSearch(text, vector, lookup, k, candidates, RerankOptions.DEFAULTS);
  }

  /** The same with the rescorer's options (a trusted model, say). */
  List<ScoredId> learnedSearch(String text, float[] vector, FeedbackLookup lookup, int k,
      int candidates, RerankOptions options) throws IOException {
    List<FusedHit> fused = fused(text, vector, candidates, null);
    RerankWindow window = new LearnedRescorer(lookup, vector, options).window(searcher, fused);
    List<ScoredId> out = new ArrayList<>();
    for (RescoredHit hit : window.top(k)) {
      out.add(new ScoredId(hit.chunkId(), (float) hit.score()));
    }
    return out;
  }

  /**
   * A hybrid search as the engine runs one, among the chunks {@code filter} matches (null: all):
   * the fused top {@code k} as (chunk id, score).
   */
  List<ScoredId> hybridSearch(String text, float[] vector, int k, int candidates, Query filter)
      throws IOException {
    List<ScoredId> out = new ArrayList<>();
    for (FusedHit hit : fused(text, vector, candidates, filter).stream().limit(k).toList()) {
      out.add(new ScoredId(searcher.storedFields().document(hit.doc()).get(ChunkSchema.ID),
          (float) hit.score()));
    }
    return out;
  }

  private List<FusedHit> fused(String text, float[] vector, int candidates, Query filter)
      throws IOException {
    Query bm25 = filter == null ? schema.bm25Query(text) : new BooleanQuery.Builder()
        .add(schema.bm25Query(text), Occur.MUST).add(filter, Occur.FILTER).build();
    List<StageHit> lexical = stageHits(searcher.search(bm25, candidates));
    List<StageHit> semantic = stageHits(searcher.search(
        schema.vectorQuery(vector, candidates, filter), candidates));
    return Fusion.byQueryClass().forQuery(text).fuse(lexical, semantic);
  }

  private static List<StageHit> stageHits(TopDocs docs) {
    List<StageHit> hits = new ArrayList<>();
    for (int i = 0; i < docs.scoreDocs.length; i++) {
      hits.add(new StageHit(docs.scoreDocs[i].doc, docs.scoreDocs[i].score, i + 1));
    }
    return hits;
  }

  @Override
  public void close() throws IOException {
    reader.close();
    directory.close();
  }
}
