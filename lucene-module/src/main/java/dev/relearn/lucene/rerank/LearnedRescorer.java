package dev.relearn.lucene.rerank;

import dev.relearn.lucene.feedback.FeedbackLookup;
import dev.relearn.lucene.feedback.PastQuery;
import dev.relearn.lucene.fusion.FusedHit;
import dev.relearn.lucene.fusion.StageHit;
import dev.relearn.lucene.schema.LearnedValues;
import dev.relearn.lucene.search.StageScore;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.apache.lucene.search.Explanation;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Rescorer;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TopDocs;

/**
 * The learned second stage as a Lucene {@link Rescorer}: scores first-stage hits with a {@link
 * LinearModel} over {@link CandidateFeatures} built with the evidence of similar past queries and
 * the learned values, and re-sorts.
 *
 * <p><b>Scoring.</b> Every candidate of the window is read (its chunk id and learned values;
 * with a {@link RerankContext}, also its path and kind), given its features and scored; then all
 * are sorted. Similar past queries are looked up once per instance, on the caller's thread.
 *
 * <p><b>Any index.</b> Only the searcher's reader is read, never written, so any Lucene index
 * works, one relearn's indexer did not build included: each document's key, the chunk id that
 * {@link PastQuery#chunks} is keyed by, comes from the {@code SORTED} or {@code SORTED_SET} doc
 * values of {@link RerankOptions#idField} (default {@code ChunkSchema.ID}; a {@code KeywordField}
 * will do); the learned values from {@link RerankOptions#learnedValues} ({@code ChunkSchema}'s
 * learned doc-values fields by default; absent fields read as neutral); and, only for a {@link
 * RerankContext}, the stored {@code ChunkSchema.PATH} and {@code KIND}. A document without a key
 * gets no feedback but is ranked. Like Lucene's own rescorers, it ranks every hit it is given,
 * deleted documents and duplicates included, and keeps the first pass's {@code totalHits}. A doc
 * id outside the reader is an {@link IllegalArgumentException}; what the lookup throws
 * propagates unchanged (the lookup is asked again on the next call).
 *
 * <p><b>One instance per query.</b> The time for recency is read once, at construction, and the
 * similar past queries are looked up once, on first use, then kept: every rescore and explain of
 * this instance sees the same evidence, even while feedback arrives. {@link #rescore} is safe to
 * call from any thread; it never modifies the caller's {@code TopDocs} or {@code ScoreDoc}s.
 *
 * <p><b>Order.</b> Hits are sorted by re-ranked score descending, then by first-stage position
 * (index in {@code firstPass.scoreDocs}). With {@code FeedbackLookup.NONE}, neutral learned values
 * and no context, the score is {@code relevanceWeight · minmax(firstStageScore)}, a monotone
 * non-decreasing transform, so a score-sorted first pass keeps exactly its order.
 *
 * <p><b>Explain.</b> Min-max relevance depends on the whole window, so {@link
 * #explain(IndexSearcher, Explanation, int)} uses the window of the most recent {@link #rescore}
 * or {@link #rerank} call on this instance (a doc from that window gets exactly the score it
 * was ranked with; another doc is scored within that window's range from the first-pass
 * explanation's value). It throws {@link IllegalStateException} before any rescore. {@link
 * #explain(IndexSearcher, TopDocs, int)} takes the window explicitly and keeps no state.
 */
public final class LearnedRescorer extends Rescorer {
  private final FeedbackLookup lookup;
  private final float[] queryVector;
  private final RerankOptions options;
  private final FeatureExtractor extractor;
  private final CandidateReader reader;
  private FeedbackEvidence feedback; // guarded by this; fetched once
  private volatile Ranking lastWindow; // the most recent rescore's

  /** A window's hits, ranked, and the statistics they were scored with. */
  private record Ranking(List<RescoredHit> hits, WindowStats stats) {}

  /**
   * A rescorer for one query.
   *
   * @param lookup where similar past queries come from ({@link FeedbackLookup#NONE} for none)
   * @param queryVector the query's unit vector (copied), or null when there is none (BM25-only
   *     search): then no feedback is used
   * @param options thresholds, model, context, learned-values source and clock
   */
  public LearnedRescorer(FeedbackLookup lookup, float[] queryVector, RerankOptions options) {
    this.lookup = Objects.requireNonNull(lookup, "lookup");
    this.queryVector = queryVector == null ? null : queryVector.clone();
    this.options = Objects.requireNonNull(options, "options");
    this.extractor = new FeatureExtractor(options.clock().millis());
    this.reader = new CandidateReader(options.learnedValues(), !options.context().isEmpty(),
        options.idField());
  }

  /** A rescorer with {@link RerankOptions#DEFAULTS}. */
  public LearnedRescorer(FeedbackLookup lookup, float[] queryVector) {
    this(lookup, queryVector, RerankOptions.DEFAULTS);
  }

  /** The options. */
  public RerankOptions options() {
    return options;
  }

  /**
   * Re-ranks {@code firstPass} and returns its best {@code topN} as new {@code ScoreDoc}s (same
   * doc and shard index, re-ranked score as a float) with the first pass's total hits.
   */
  @Override
  public TopDocs rescore(IndexSearcher searcher, TopDocs firstPass, int topN) throws IOException {
    requireTopN(topN);
    ScoreDoc[] docs = firstPass.scoreDocs;
    List<RescoredHit> ranked = top(remember(rank(searcher, firstStage(searcher, docs))), topN);
    ScoreDoc[] out = new ScoreDoc[ranked.size()];
    for (int i = 0; i < out.length; i++) {
      RescoredHit hit = ranked.get(i);
      out[i] = new ScoreDoc(hit.doc(), (float) hit.score(),
          docs[hit.firstStagePosition()].shardIndex);
    }
    return new TopDocs(firstPass.totalHits, out);
  }

  /**
   * Re-ranks fused first-stage candidates (best first), keeping each stage's score and rank as
   * informational features, and returns the best {@code topN} with their features.
   */
  public List<RescoredHit> rerank(IndexSearcher searcher, List<FusedHit> candidates, int topN)
      throws IOException {
    requireTopN(topN);
    List<Candidate> window = new ArrayList<>(candidates.size());
    for (int i = 0; i < candidates.size(); i++) {
      FusedHit hit = candidates.get(i);
      requireInReader(searcher, hit.doc());
      window.add(new Candidate(hit.doc(), i, hit.score(), stage(hit.lexical()),
          stage(hit.semantic()), null, null, null, LearnedValues.NEUTRAL));
    }
    return top(remember(rank(searcher, window)), topN);
  }

  /**
   * Explains {@code docID}'s score in the window of the most recent rescore on this instance.
   *
   * @throws IllegalStateException if this instance has not rescored anything yet
   */
  @Override
  public Explanation explain(IndexSearcher searcher, Explanation firstPassExplanation, int docID)
      throws IOException {
    Ranking window = lastWindow;
    if (window == null) {
      throw new IllegalStateException("explain needs a candidate window: call rescore first, or "
          + "explain(searcher, window, docID)");
    }
    CandidateFeatures features = features(window, docID);
    if (features == null) { // scored within the window's range
      requireInReader(searcher, docID);
      double score = firstPassExplanation.getValue().doubleValue();
      Candidate candidate = reader.read(searcher, List.of(Candidate.of(docID, 0, score, null,
          LearnedValues.NEUTRAL))).get(0);
      features = extractor.features(candidate, window.stats(), feedback(), options.context());
    }
    return ExplanationFormat.of(options.model().explain(features), features, firstPassExplanation);
  }

  /**
   * Explains {@code docID}'s score as a rescore of {@code window} would give it; keeps no state.
   *
   * @throws IllegalArgumentException if {@code docID} is not in {@code window}
   */
  public Explanation explain(IndexSearcher searcher, TopDocs window, int docID)
      throws IOException {
    CandidateFeatures features =
        features(rank(searcher, firstStage(searcher, window.scoreDocs)), docID);
    if (features == null) {
      throw new IllegalArgumentException("doc " + docID + " is not in the window");
    }
    return ExplanationFormat.of(options.model().explain(features), features, null);
  }

  /**
   * The similar past queries this instance uses: looked up on first call, then kept. Past queries
   * below the threshold are dropped even if the lookup returned them, and at most {@code
   * maxPastQueries} of the most similar are kept.
   */
  public synchronized FeedbackEvidence feedback() throws IOException {
    if (feedback == null) {
      feedback = FeedbackEvidence.lookUp(lookup, queryVector, options.minSimilarity(),
          options.maxPastQueries(), options.vote());
    }
    return feedback;
  }

  /** Every hit of {@code window} read, scored and sorted ({@link RescoredHit#RANKING}). */
  private Ranking rank(IndexSearcher searcher, List<Candidate> window)
      throws IOException {
    FeedbackEvidence evidence = feedback();
    List<Candidate> candidates = reader.read(searcher, window);
    WindowStats stats = WindowStats.of(candidates, evidence);
    RescoredHit[] ranked = new RescoredHit[candidates.size()];
    for (int i = 0; i < ranked.length; i++) {
      Candidate candidate = candidates.get(i);
      CandidateFeatures features =
          extractor.features(candidate, stats, evidence, options.context());
      ranked[i] = new RescoredHit(candidate.doc(), candidate.chunkId(), i,
          options.model().score(features), features);
    }
    Arrays.sort(ranked, RescoredHit.RANKING);
    return new Ranking(Arrays.asList(ranked), stats);
  }

  private Ranking remember(Ranking ranked) {
    lastWindow = ranked;
    return ranked;
  }

  /** The first-stage hits of a Lucene first pass, without stage scores. */
  private static List<Candidate> firstStage(IndexSearcher searcher, ScoreDoc[] docs) {
    List<Candidate> window = new ArrayList<>(docs.length);
    for (int i = 0; i < docs.length; i++) {
      requireInReader(searcher, docs[i].doc);
      window.add(Candidate.of(docs[i].doc, i, docs[i].score, null, LearnedValues.NEUTRAL));
    }
    return window;
  }

  /** The features {@code doc} was ranked with in {@code ranked} (its best copy), or null. */
  private static CandidateFeatures features(Ranking ranked, int doc) {
    for (RescoredHit hit : ranked.hits()) {
      if (hit.doc() == doc) {
        return hit.features();
      }
    }
    return null;
  }

  private static List<RescoredHit> top(Ranking ranked, int topN) {
    return List.copyOf(ranked.hits().subList(0, Math.min(topN, ranked.hits().size())));
  }

  private static StageScore stage(StageHit hit) {
    return hit == null ? null : new StageScore(hit.score(), hit.rank());
  }

  private static void requireInReader(IndexSearcher searcher, int doc) {
    int maxDoc = searcher.getIndexReader().maxDoc();
    if (doc < 0 || doc >= maxDoc) {
      throw new IllegalArgumentException(
          "doc " + doc + " is not in the searcher's reader (maxDoc " + maxDoc + ")");
    }
  }

  /** The options and the vector's dimension; never the vector itself. */
  @Override
  public String toString() {
    return "LearnedRescorer[minSimilarity=" + options.minSimilarity() + ", maxPastQueries="
        + options.maxPastQueries() + ", model=" + options.model() + ", context="
        + options.context() + ", queryDims=" + (queryVector == null ? 0 : queryVector.length)
        + "]";
  }

  private static void requireTopN(int topN) {
    if (topN < 1) {
      throw new IllegalArgumentException("topN must be at least 1, got: " + topN);
    }
  }
}
