package dev.relearn.lucene.rerank;

import dev.relearn.lucene.feedback.FeedbackLookup;
import dev.relearn.lucene.feedback.PastQuery;
import dev.relearn.lucene.fusion.FusedHit;
import dev.relearn.lucene.fusion.StageHit;
import dev.relearn.lucene.schema.LearnedValues;
import dev.relearn.lucene.fusion.StageScore;
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
 * LinearModel} over {@link CandidateFeatures} built from the evidence of similar past queries and
 * the learned values, and re-sorts them into a {@link RerankWindow}, which {@link #rescore} cuts
 * and which explains each hit with exactly the score it was ranked with.
 *
 * <p><b>Any index.</b> The searcher's reader is only read: each document's key (the chunk id
 * {@link PastQuery#chunks} uses) comes from the {@code SORTED} or {@code SORTED_SET} doc values of
 * {@link RerankOptions#idField} (a {@code KeywordField} will do), the learned values from {@link
 * RerankOptions#learnedValues} (absent fields read as neutral) and, for a {@link RerankContext}
 * only, the stored {@code ChunkSchema.PATH} and {@code KIND}. A document without a key gets no
 * feedback but is ranked. Like Lucene's rescorers it ranks every hit it is given (deleted and
 * duplicate ones too) and keeps the first pass's {@code totalHits}; a doc id outside the reader is
 * an {@link IllegalArgumentException}.
 *
 * <p><b>One instance per query, stateless.</b> The similar past queries are looked up once, in the
 * constructor (what the lookup throws propagates), and the clock read then: every call sees the
 * same evidence, no call depends on an earlier one, so any number of threads may share an
 * instance. It never modifies the caller's {@code TopDocs} or {@code ScoreDoc}s.
 *
 * <p><b>Order.</b> By re-ranked score descending, then first-stage position. With {@code
 * FeedbackLookup.NONE}, neutral learned values and no context the score is {@code relevanceWeight
 * · minmax(firstStageScore)}, monotone, so a score-sorted first pass keeps its order.
 *
 * <p><b>Explain.</b> A score depends on its window (min-max relevance, frequency relative to the
 * window's most used vouched chunk), so the exact explanation needs the window: {@link
 * #explain(IndexSearcher, TopDocs, int)} or {@link RerankWindow#explain}. Lucene's {@link
 * #explain(IndexSearcher, Explanation, int)} gets only the first-pass explanation, so it explains
 * the score the doc gets rescored alone (relevance 1), and says so in a detail.
 */
public final class LearnedRescorer extends Rescorer {
  /** The detail an explanation from a window of one carries. */
  static final String ALONE = "scored in a window of this document alone (relevance and "
      + "frequency depend on the window; explain with the window for the score a rescore gave)";

  private final FeedbackEvidence feedback;
  private final RerankOptions options;
  private final FeatureExtractor extractor;
  private final CandidateReader reader;

  /**
   * A rescorer for one query; looks the similar past queries up now. Past queries below {@link
   * RerankOptions#minSimilarity} are dropped even if the lookup returned them, and at most {@link
   * RerankOptions#maxPastQueries} of the most similar are kept.
   *
   * @param lookup where similar past queries come from ({@link FeedbackLookup#NONE} for none)
   * @param queryVector the query's unit vector, or null when there is none (BM25-only search):
   *     then no feedback is used
   * @param options thresholds, model, context, learned-values source and clock
   * @throws IOException what the lookup throws, unchanged
   */
  public LearnedRescorer(FeedbackLookup lookup, float[] queryVector, RerankOptions options)
      throws IOException {
    this(FeedbackEvidence.lookUp(Objects.requireNonNull(lookup, "lookup"), queryVector,
        Objects.requireNonNull(options, "options").minSimilarity(), options.maxPastQueries(),
        options.vote()), options);
  }

  /**
   * A rescorer for one query with evidence already looked up.
   *
   * @param feedback the similar past queries ({@link FeedbackEvidence#NONE} for none)
   * @param options model, context, learned-values source and clock (its lookup settings unused)
   */
  public LearnedRescorer(FeedbackEvidence feedback, RerankOptions options) {
    this.feedback = Objects.requireNonNull(feedback, "feedback");
    this.options = Objects.requireNonNull(options, "options");
    this.extractor = new FeatureExtractor(options.clock().millis());
    this.reader = new CandidateReader(options.learnedValues(), !options.context().isEmpty(),
        options.idField());
  }

  /** The similar past queries this instance uses, looked up when it was built. */
  public FeedbackEvidence feedback() {
    return feedback;
  }

  /**
   * Re-ranks {@code firstPass} and returns its best {@code topN} as new {@code ScoreDoc}s (same
   * doc and shard index, re-ranked score as a float) with the first pass's total hits.
   */
  @Override
  public TopDocs rescore(IndexSearcher searcher, TopDocs firstPass, int topN) throws IOException {
    List<RescoredHit> ranked = window(searcher, firstPass).top(topN);
    ScoreDoc[] docs = firstPass.scoreDocs;
    ScoreDoc[] out = new ScoreDoc[ranked.size()];
    for (int i = 0; i < out.length; i++) {
      RescoredHit hit = ranked.get(i);
      out[i] = new ScoreDoc(hit.doc(), (float) hit.score(),
          docs[hit.firstStagePosition()].shardIndex);
    }
    return new TopDocs(firstPass.totalHits, out);
  }

  /** Every hit of {@code firstPass} read, scored and ranked, without stage scores. */
  public RerankWindow window(IndexSearcher searcher, TopDocs firstPass) throws IOException {
    ScoreDoc[] docs = firstPass.scoreDocs;
    List<Candidate> window = new ArrayList<>(docs.length);
    for (int i = 0; i < docs.length; i++) {
      requireInReader(searcher, docs[i].doc);
      window.add(Candidate.of(docs[i].doc, i, docs[i].score, null, LearnedValues.NEUTRAL));
    }
    return rank(searcher, window);
  }

  /**
   * Every fused first-stage candidate (best first) read, scored and ranked, keeping each stage's
   * score and rank as informational features.
   */
  public RerankWindow window(IndexSearcher searcher, List<FusedHit> candidates)
      throws IOException {
    List<Candidate> window = new ArrayList<>(candidates.size());
    for (int i = 0; i < candidates.size(); i++) {
      FusedHit hit = candidates.get(i);
      requireInReader(searcher, hit.doc());
      window.add(new Candidate(hit.doc(), i, hit.score(), stage(hit.lexical()),
          stage(hit.semantic()), null, null, null, LearnedValues.NEUTRAL));
    }
    return rank(searcher, window);
  }

  /**
   * Explains the score {@code docID} gets when rescored alone, in a window of its first-pass
   * value only (see the class comment); the first pass's explanation is kept as a detail.
   */
  @Override
  public Explanation explain(IndexSearcher searcher, Explanation firstPassExplanation, int docID)
      throws IOException {
    requireInReader(searcher, docID);
    double score = firstPassExplanation.getValue().doubleValue();
    Explanation alone = rank(searcher, List.of(Candidate.of(docID, 0, score, null,
        LearnedValues.NEUTRAL))).explain(docID);
    return withDetails(alone, Explanation.match(0.0, ALONE), Explanation.match(
        firstPassExplanation.getValue(),
        "first pass (informational; its score enters through relevance)", firstPassExplanation));
  }

  /**
   * Explains {@code docID}'s score as a rescore of {@code window} gives it: {@code
   * window(searcher, window).explain(docID)}.
   *
   * @throws IllegalArgumentException if {@code docID} is not in {@code window}
   */
  public Explanation explain(IndexSearcher searcher, TopDocs window, int docID)
      throws IOException {
    return window(searcher, window).explain(docID);
  }

  /** Every hit of {@code window} read, scored and sorted ({@link RescoredHit#RANKING}). */
  private RerankWindow rank(IndexSearcher searcher, List<Candidate> window) throws IOException {
    List<Candidate> candidates = reader.read(searcher, window);
    // over-budget sessions never move the window's statistics: only the place limit's places
    WindowStats stats = WindowStats.of(candidates, feedback.withinBudget());
    CandidateFeatures[] features = features(candidates, stats, feedback);
    double[] scores = scores(features);
    PlaceLimit.Limited limited = new PlaceLimit.Limited(scores, new Explanation[scores.length]);
    if (feedback.withinBudget() != feedback) {
      CandidateFeatures[] within = features(candidates, stats, feedback.withinBudget());
      limited = PlaceLimit.apply(scores, scores(within), features, within);
    }
    RescoredHit[] ranked = new RescoredHit[candidates.size()];
    for (int i = 0; i < ranked.length; i++) {
      Candidate candidate = candidates.get(i);
      ranked[i] = new RescoredHit(candidate.doc(), candidate.chunkId(), i, limited.scores()[i],
          features[i], limited.notes()[i]);
    }
    Arrays.sort(ranked, RescoredHit.RANKING);
    return new RerankWindow(Arrays.asList(ranked), stats, options.model());
  }

  private CandidateFeatures[] features(List<Candidate> candidates, WindowStats stats,
      FeedbackEvidence evidence) {
    CandidateFeatures[] features = new CandidateFeatures[candidates.size()];
    for (int i = 0; i < features.length; i++) {
      features[i] = extractor.features(candidates.get(i), stats, evidence, options.context());
    }
    return features;
  }

  private double[] scores(CandidateFeatures[] features) {
    double[] scores = new double[features.length];
    for (int i = 0; i < scores.length; i++) {
      scores[i] = options.model().score(features[i]);
    }
    return scores;
  }

  private static Explanation withDetails(Explanation explanation, Explanation... more) {
    List<Explanation> details = new ArrayList<>(Arrays.asList(explanation.getDetails()));
    details.addAll(Arrays.asList(more));
    return Explanation.match(explanation.getValue(), explanation.getDescription(), details);
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

  /** The options and how many past queries are used; never the query or its vector. */
  @Override
  public String toString() {
    return "LearnedRescorer[minSimilarity=" + options.minSimilarity() + ", maxPastQueries="
        + options.maxPastQueries() + ", model=" + options.model() + ", context="
        + options.context() + ", pastQueries=" + feedback.pastQueries().size() + "]";
  }
}
