package dev.relearn.lucene.rerank;

import dev.relearn.lucene.feedback.FeedbackLookup;
import dev.relearn.lucene.feedback.PastQuery;
import dev.relearn.lucene.fusion.FusedHit;
import java.io.IOException;
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
 * <p><b>Reading little.</b> Similar past queries vouch for a few chunks; every other candidate's
 * learned terms are exactly {@code +0.0}, so its score needs only its first-stage scores. The
 * rescorer therefore finds the vouched documents from the evidence's chunk ids, and reads their
 * learned values ({@link #prepare}, which an application can run beside its first stage); after
 * the first stage it reads only the ids and learned values of the hits it returns (see {@link
 * WindowRanking}). A {@link RerankContext} needs every candidate's path and kind, so then it
 * reads all.
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
  /**
   * How long a rescore spins for a preparation in flight on another thread before it blocks: more
   * than the lookup's p99 of about 0.3 ms with 10,000 feedback events.
   */
  static final long SPIN_NANOS = 500_000;

  private final FeedbackLookup lookup;
  private final float[] queryVector;
  private final RerankOptions options;
  private final FeatureExtractor extractor;
  private final CandidateReader reader;
  private FeedbackEvidence feedback; // guarded by this; fetched once
  private VouchedDocs vouched; // guarded by this
  private volatile IndexSearcher preparedFor; // written under this: the searcher of vouched
  private volatile boolean preparing; // a thread is finding vouched, holding this
  private volatile WindowRanking lastWindow;

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
    List<RescoredHit> ranked =
        rank(searcher, FirstStageWindow.of(docs), true).top(searcher, topN);
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
    return List.copyOf(
        rank(searcher, FirstStageWindow.ofFused(candidates), true).top(searcher, topN));
  }

  /**
   * Re-ranks fused first-stage candidates as {@link #rerank} does, and returns its best {@code
   * topN} without their features: the same hits, order and scores, but nothing is read or built
   * for the returned hits (their ids, learned values and features cost 3–9 µs at p50 of a
   * search with 10,000 feedback events). {@link #explain(IndexSearcher, Explanation, int)} still
   * explains from this window.
   */
  public List<RankedHit> rerankOrder(IndexSearcher searcher, List<FusedHit> candidates, int topN)
      throws IOException {
    requireTopN(topN);
    return List.copyOf(rank(searcher, FirstStageWindow.ofFused(candidates), true).ranked(topN));
  }

  /**
   * Explains {@code docID}'s score in the window of the most recent rescore on this instance.
   *
   * @throws IllegalStateException if this instance has not rescored anything yet
   */
  @Override
  public Explanation explain(IndexSearcher searcher, Explanation firstPassExplanation, int docID)
      throws IOException {
    WindowRanking window = lastWindow;
    if (window == null) {
      throw new IllegalStateException("explain needs a candidate window: call rescore first, or "
          + "explain(searcher, window, docID)");
    }
    CandidateFeatures features = window.features(searcher, docID);
    if (features == null) {
      double score = firstPassExplanation.getValue().doubleValue();
      Candidate candidate = reader.read(searcher, FirstStageWindow.single(docID, score)).get(0);
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
        rank(searcher, FirstStageWindow.of(window.scoreDocs), false).features(searcher, docID);
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
          options.maxPastQueries());
    }
    return feedback;
  }

  /**
   * Looks up the similar past queries (as {@link #feedback()}) and finds the documents of {@code
   * searcher} they vouch for, so that a rescore with the same searcher reads only those. Call it
   * on another thread while the first stage runs to hide both behind it; a rescore without it
   * does the same work itself.
   */
  public void prepare(IndexSearcher searcher) throws IOException {
    vouched(searcher);
  }

  /**
   * Whether a {@link #prepare} is running now. Called from another thread, it says that a rescore
   * with the same searcher would wait for that preparation, so the caller can do other work until
   * it ends. False before it starts: then waiting would only delay a rescore that can do the work
   * itself.
   */
  public boolean isPreparing() {
    return preparing;
  }

  private VouchedDocs vouched(IndexSearcher searcher) throws IOException {
    awaitPreparation(searcher);
    synchronized (this) {
      if (preparedFor != searcher) {
        preparing = true;
        try {
          vouched = VouchedDocs.of(searcher, options.idField(), feedback(),
              options.learnedValues(), extractor);
          preparedFor = searcher;
        } finally {
          preparing = false;
        }
      }
      return vouched;
    }
  }

  /**
   * Spins for up to {@link #SPIN_NANOS} while another thread prepares, before blocking on the lock:
   * on virtual machines a blocked thread took tens of µs to wake (the wait for the lookup thread
   * on ToolLens was 70–85 µs at p90 blocking, 19–47 µs spinning).
   */
  private void awaitPreparation(IndexSearcher searcher) {
    if (preparing && preparedFor != searcher) {
      long deadline = System.nanoTime() + SPIN_NANOS; // then block rather than hold a core
      while (preparing && preparedFor != searcher && System.nanoTime() - deadline < 0) {
        Thread.onSpinWait();
      }
    }
  }

  private WindowRanking rank(IndexSearcher searcher, FirstStageWindow hits, boolean remember)
      throws IOException {
    VouchedDocs docs = vouched(searcher);
    WindowRanking window = WindowRanking.rank(searcher, hits,
        new WindowRanking.Scoring(feedback(), docs, reader, extractor, options));
    if (remember) {
      lastWindow = window;
    }
    return window;
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
