package dev.relearn.opensearch.search;

import dev.relearn.lucene.feedback.FeedbackLookup;
import dev.relearn.lucene.fusion.Fusion;
import dev.relearn.lucene.fusion.FusedHit;
import dev.relearn.lucene.fusion.QueryClass;
import dev.relearn.lucene.fusion.QueryClassFusion;
import dev.relearn.lucene.fusion.StageHit;
import dev.relearn.lucene.fusion.StageScore;
import dev.relearn.lucene.rerank.LearnedRescorer;
import dev.relearn.lucene.rerank.RerankOptions;
import dev.relearn.lucene.rerank.RerankWindow;
import dev.relearn.lucene.rerank.RescoredHit;
import dev.relearn.lucene.schema.ChunkSchema;
import dev.relearn.lucene.schema.LearnedValues;
import dev.relearn.lucene.trust.Trust;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.SortedDocValuesField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.SerialMergeScheduler;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.util.BytesRef;

/**
 * The second half of a learned search, on the coordinating node, over the merged global window:
 * the BM25 and kNN candidates of all shards are fused as relearn fuses them embedded (the
 * default fusion for the query's class), then re-ranked by the unchanged {@link
 * LearnedRescorer}. Per-shard rescoring would normalise each shard's window on its own and rank
 * differently from embedded.
 *
 * <p>The rescorer reads chunk ids and learned values from a Lucene index, so the window is
 * written to a small in-memory index first: one document per candidate, numbered in chunk-id
 * order (so fusion ties, broken by doc number, fall by chunk id), with the id's sorted doc values
 * and the chunk's learned values from the learned-values index.
 */
public final class WindowRanking {
  /** Embedded relearn's default {@code rerank.trustScale}. */
  public static final double TRUST_SCALE = 200;
  /** Embedded relearn's default {@code rerank.sessionCap}. */
  public static final double SESSION_CAP = 0.2;

  private final RerankOptions options;

  /** @param options the rescorer's options; learned values are read from the window's doc values */
  public WindowRanking(RerankOptions options) {
    this.options = options;
  }

  /**
   * Ranks one query's window in {@code mode}: BM25 or vector candidates as they came, hybrid
   * fused, learned fused and re-ranked (the only mode that reads {@code learned} and {@code
   * lookup}, and explains).
   *
   * @param lexical BM25 candidates, best first (ties by id: {@link ScoredId#ranked})
   * @param semantic kNN candidates, best first
   * @param learned learned values by chunk id; a chunk not in it is neutral
   * @param lookup the similar past queries ({@link FeedbackLookup#NONE} for none)
   */
  public RelearnSearchResponse rank(RankingMode mode, List<ScoredId> lexical,
      List<ScoredId> semantic, Map<String, LearnedValues> learned, FeedbackLookup lookup,
      float[] vector, QueryClass queryClass, int k, boolean explain) throws IOException {
    TreeSet<String> ids = new TreeSet<>();
    lexical.forEach(hit -> ids.add(hit.id()));
    semantic.forEach(hit -> ids.add(hit.id()));
    if (ids.isEmpty()) {
      return new RelearnSearchResponse(List.of(), 0, 0);
    }
    List<String> byDoc = new ArrayList<>(ids);
    Map<String, Integer> docOf = new HashMap<>();
    for (int doc = 0; doc < byDoc.size(); doc++) {
      docOf.put(byDoc.get(doc), doc);
    }
    List<StageHit> bm25 = stageHits(lexical, docOf);
    List<StageHit> knn = stageHits(semantic, docOf);
    List<FusedHit> fused = switch (mode) {
      case BM25 -> bm25.stream().map(hit -> new FusedHit(hit.doc(), hit.score(), hit, null))
          .toList();
      case VECTOR -> knn.stream().map(hit -> new FusedHit(hit.doc(), hit.score(), null, hit))
          .toList();
      case HYBRID, LEARNED -> fusion(queryClass).fuse(bm25, knn);
    };
    List<RelearnSearchResponse.Hit> hits = new ArrayList<>();
    if (mode != RankingMode.LEARNED) {
      for (FusedHit hit : fused.subList(0, Math.min(k, fused.size()))) {
        hits.add(new RelearnSearchResponse.Hit(byDoc.get(hit.doc()), hit.score(),
            stage(hit.lexical()), stage(hit.semantic()), null, null, null));
      }
      return new RelearnSearchResponse(hits, lexical.size(), semantic.size());
    }
    try (ByteBuffersDirectory directory = windowIndex(byDoc, learned);
        DirectoryReader reader = DirectoryReader.open(directory)) {
      RerankWindow window = new LearnedRescorer(lookup, vector, options)
          .window(new IndexSearcher(reader), fused);
      for (RescoredHit hit : window.top(k)) {
        FusedHit first = fused.get(hit.firstStagePosition());
        hits.add(new RelearnSearchResponse.Hit(byDoc.get(hit.doc()), hit.score(),
            stage(first.lexical()), stage(first.semantic()),
            explain ? window.explain(hit.doc()) : null,
            explain ? options.model().signalContributions(hit.features()) : null,
            learned.get(byDoc.get(hit.doc()))));
      }
      return new RelearnSearchResponse(hits, lexical.size(), semantic.size());
    }
  }

  /**
   * {@code options} with the vote weighted by {@code trust} as embedded relearn weights it by
   * default ({@code rerank.trustScale} {@value #TRUST_SCALE}, {@code rerank.sessionCap} {@value
   * #SESSION_CAP}), and the weights ratings taught the query's class ({@code rated}; null: none)
   * as embedded relearn applies them.
   */
  public static RerankOptions trusted(RerankOptions options, Trust trust,
      LearnedValuesIndex.ClassWeights rated) {
    return options.withModel(rated == null
        ? trust.apply(options.model(), TRUST_SCALE, SESSION_CAP, 1.0)
        : trust.apply(options.model().withWeights(rated.bm25(), rated.vector(), rated.learned()),
            TRUST_SCALE, SESSION_CAP, rated.ratingScale()));
  }

  /** The default fusion of {@link Fusion#byQueryClass()} for a query of this class. */
  static Fusion fusion(QueryClass queryClass) {
    QueryClassFusion byClass = (QueryClassFusion) Fusion.byQueryClass();
    return queryClass == QueryClass.IDENTIFIER ? byClass.identifiers() : byClass.others();
  }

  private static List<StageHit> stageHits(List<ScoredId> hits, Map<String, Integer> docOf) {
    List<StageHit> out = new ArrayList<>(hits.size());
    for (int i = 0; i < hits.size(); i++) {
      out.add(new StageHit(docOf.get(hits.get(i).id()), hits.get(i).score(), i + 1));
    }
    return out;
  }

  private static ByteBuffersDirectory windowIndex(List<String> byDoc,
      Map<String, LearnedValues> learned) throws IOException {
    ByteBuffersDirectory directory = new ByteBuffersDirectory();
    IndexWriterConfig config = new IndexWriterConfig()
        .setMergeScheduler(new SerialMergeScheduler())
        .setRAMBufferSizeMB(IndexWriterConfig.DEFAULT_RAM_BUFFER_SIZE_MB);
    try (IndexWriter writer = new IndexWriter(directory, config)) {
      List<Document> documents = new ArrayList<>(byDoc.size());
      for (String id : byDoc) {
        Document doc = new Document();
        doc.add(new SortedDocValuesField(ChunkSchema.ID, new BytesRef(id)));
        learned.getOrDefault(id, LearnedValues.NEUTRAL).toFields().forEach(doc::add);
        documents.add(doc);
      }
      writer.addDocuments(documents); // one block, one segment: doc numbers are list positions
    }
    return directory;
  }

  private static StageScore stage(StageHit hit) {
    return hit == null ? null : new StageScore(hit.score(), hit.rank());
  }
}
