package dev.relearn.engine;

import dev.relearn.engine.config.RelearnConfig;
import dev.relearn.feedback.store.FeedbackAck;
import dev.relearn.feedback.store.FeedbackStore;
import dev.relearn.feedback.store.StoreStats;
import dev.relearn.indexer.build.IndexReport;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.build.RemoveReport;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.lucene.embed.Embedder;
import dev.relearn.lucene.files.WriteThreads;
import dev.relearn.lucene.rerank.RescoredHit;
import dev.relearn.lucene.schema.IndexMetadata;
import dev.relearn.engine.search.SearchMode;
import dev.relearn.engine.search.SearchRequest;
import dev.relearn.engine.search.SearchResults;
import dev.relearn.engine.weights.AdaptiveWeights;
import dev.relearn.lucene.fusion.QueryClass;
import dev.relearn.lucene.fusion.QueryClassifier;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.apache.lucene.search.SearcherManager;

/**
 * An open relearn index: the one embeddable entry point.
 *
 * <p>Lifecycle: {@link #open} a folder (it is created if needed), share the instance between
 * threads, and {@link #close()} it once. Searches run concurrently through a {@link
 * SearcherManager}; indexing runs one call at a time. A read-write engine holds the folder's
 * {@code write.lock} until it is closed; a second process gets {@link IndexInUseException} and can
 * open the index read-only instead. {@link #close()} waits for the calls in flight on other
 * threads; a call after it fails with {@link IllegalStateException}. Query text is used to
 * search and then dropped: it is never written anywhere.
 *
 * <p>Interrupts: a caller's interrupt ends only its wait; the write finishes on relearn's own
 * thread ({@code relearn-write-N}). The interrupted call throws {@link
 * java.io.InterruptedIOException} saying whether the write had begun; an index call also stops at
 * its next step. {@link #close()} waits for every write, whatever interrupts it.
 *
 * <p>When a failure stops a writer (a failed write or fsync, a full disk), searches go on with
 * the last snapshot, and the next call that writes first replaces the writers from the last
 * commits, replaying the feedback log ({@link PartsRecovery}); {@link #feedbackStore()} is then a
 * new store.
 */
public final class Relearn implements AutoCloseable {
  /** The feedback store's folder inside the index folder. */
  public static final String FEEDBACK_FOLDER = "feedback";
  /** How often, at most, a read-only engine looks for the writer's newer commits. */
  public static final long READ_ONLY_REFRESH_MILLIS = 200;
  /** The adaptive weights' file inside the index folder. */
  public static final String WEIGHTS_FILE = "adaptive-weights.json";
  /** How many threads an engine writes on: concurrent feedback shares the log's fsyncs. */
  private static final int WRITE_THREADS = 4;

  private volatile EngineParts parts; // replaced by recovery, when no call is in flight
  private final PartsRecovery recovery;
  private final CallGate gate;
  private final WriteThreads writes = new WriteThreads("relearn-write-", WRITE_THREADS);

  /** Made by {@link EngineOpener} from the parts it opened; it then attaches the feedback half. */
  Relearn(EngineParts parts) {
    this.parts = parts;
    this.recovery = new PartsRecovery(this);
    this.gate = new CallGate(parts.dir(), parts.readOnly(), this::stoppedBy, recovery, writes);
  }

  /** The parts in use. */
  EngineParts parts() {
    return parts;
  }

  /** Puts the parts that replace stopped ones in use; {@link PartsRecovery} only. */
  void replaceParts(EngineParts fresh) {
    parts = fresh;
  }

  /** How many times writers that stopped were replaced: for tests. */
  int recoveries() {
    return recovery.recoveries();
  }

  /** What stopped a writer, or why replacing it failed; null while writes go through. */
  private Throwable stoppedBy() {
    Throwable stopped = parts.tragicException();
    return stopped != null ? stopped : recovery.failure();
  }

  /**
   * Opens (or, read-write, creates) the index in {@code dir}: a new index only in a folder that
   * does not exist yet, is empty or holds only relearn's own files.
   *
   * @throws IndexInUseException if another process holds the write lock
   * @throws IllegalStateException if the index was built with another model or schema, or its
   *     feedback recorded with another model or one no marker names ({@link FeedbackModelMarker})
   * @throws IllegalArgumentException if a read-only open finds no index
   * @throws NotAnIndexFolderException if a read-write open is given a folder that is neither
   *     empty nor a relearn index ({@link IndexFolderCheck}); nothing is written then
   * @throws dev.relearn.engine.config.ConfigException if {@code relearn.json} or a {@code
   *     RELEARN_*} variable is invalid (the message names the file or variable, key and value)
   */
  public static Relearn open(Path dir, RelearnOptions options) throws IOException {
    return EngineOpener.open(dir, options);
  }

  /**
   * Indexes a folder, file, JSONL file or BEIR corpus incrementally and commits. The work runs
   * on a write thread, and {@code progress} is called there. If this thread is interrupted, the
   * call throws {@link java.io.InterruptedIOException} at once and the work stops at its next
   * progress event (once it writes, after its commit: the path is indexed whole or not at all).
   * If {@code progress} throws, or interrupts its thread, the work stops the same way, and the
   * call then throws what {@code progress} threw, or {@code InterruptedIOException}.
   *
   * @throws IllegalArgumentException for a missing path, or a folder with nothing to index that
   *     the index holds no chunks of (of one it holds, the chunks are deleted)
   * @throws IllegalStateException if the engine is read-only
   */
  public IndexReport index(Path path, SourceFormat format, Progress progress) throws IOException {
    StoppableProgress stoppable = new StoppableProgress(progress);
    return stoppable.run(() -> gate.write(
        () -> parts.indexing().index(path, format, stoppable, parts.store()), stoppable::stop));
  }

  /**
   * Removes whole sources: deletes every chunk whose origin is one of {@code paths} (made
   * absolute and normalised; they need not exist any more) and commits once. With {@code dryRun}
   * nothing is deleted (allowed read-only too). Feedback naming the removed chunks stays in the
   * feedback store, as for chunks of files that re-indexing deleted.
   *
   * @throws IllegalArgumentException naming each path that is no origin of the index, and
   *     listing its origins; nothing is deleted then
   * @throws IllegalStateException if the engine is read-only and this is no dry run
   */
  public List<RemoveReport> remove(List<Path> paths, boolean dryRun) throws IOException {
    List<String> origins = Objects.requireNonNull(paths, "paths").stream()
        .map(p -> p.toAbsolutePath().normalize().toString()).toList();
    if (!dryRun) {
      return gate.write(() -> parts.indexing().remove(origins, false, parts.store()));
    }
    return gate.call(() -> {
      parts.searches().followWriter();
      return parts.indexing().remove(origins, true, parts.store());
    });
  }

  /** Runs a search in the request's mode ({@code learned} re-ranks the first stage). */
  public SearchResults search(SearchRequest request) throws IOException {
    Objects.requireNonNull(request, "request");
    return gate.call(() -> parts.searches().search(request,
        request.mode().needsVector() ? parts.embedder().queryVector(request.text()) : null));
  }

  /**
   * A {@code learned} search with each hit's score explained as a Lucene {@code Explanation}
   * whose value is the score: every feature's value, weight and contribution, and the evidence
   * behind the boost. The explanations follow the hits' order; the query's class and its
   * weights, which set the features' weights, come with them.
   */
  public ExplainedResults explain(SearchRequest request) throws IOException {
    Objects.requireNonNull(request, "request");
    return gate.call(() -> parts.searches().explain(request,
        parts.embedder().queryVector(request.text())));
  }

  /**
   * Every candidate of a {@code learned} search for {@code request}, re-ranked, each with its
   * features and its position in the hybrid first stage: both orders from one first stage, which
   * two searches need not share (near ties may score apart, see docs/RANKING.md).
   */
  public List<RescoredHit> learnedWindow(SearchRequest request) throws IOException {
    Objects.requireNonNull(request, "request");
    return gate.call(() -> parts.searches().learnedWindow(request,
        parts.embedder().queryVector(request.text())));
  }

  /** Every candidate of a learned search for {@code request}, with its features. */
  List<RescoredHit> learnedWindow(SearchRequest request, float[] vector) throws IOException {
    return gate.call(() -> parts.searches().learnedWindow(request, vector));
  }

  /**
   * The newest {@code limit} pieces of feedback, newest first, by class and time only: no query
   * text, session or chunk id. At most the last 500, derived from the recorded events (a read-only
   * engine: as of the writer's last checkpoint).
   */
  public List<FeedbackSummary> recentFeedback(int limit) throws IOException {
    return gate.call(() -> parts.feedback().recent(limit));
  }

  /**
   * Records feedback: the query text is embedded here and dropped; the event is durable before
   * this returns. Thread-safe; never blocks searches.
   *
   * @throws IllegalStateException if the engine is read-only
   */
  public FeedbackAck feedback(FeedbackRequest request) throws IOException {
    Objects.requireNonNull(request, "request");
    return gate.write(() -> parts.feedback().record(request));
  }

  /**
   * Forgets one session's feedback: its events and every past-query cluster it added to (a
   * cluster merged with other sessions' goes whole), committed before this returns. What its
   * ratings taught the weights stays ({@link #resetWeights}). The forget is logged first: one that
   * fails part-way is finished before the next write or by the next open.
   *
   * @param sessionId the session id the feedback was recorded with (feedback recorded without
   *     one is forgotten only by {@link #forgetAll})
   * @return the past-query clusters removed
   * @throws IllegalArgumentException if {@code sessionId} is blank
   * @throws IllegalStateException if the engine is read-only
   */
  public int forgetSession(String sessionId) throws IOException {
    Objects.requireNonNull(sessionId, "sessionId");
    if (sessionId.isBlank()) {
      throw new IllegalArgumentException("session id must not be blank");
    }
    return gate.write(() -> parts.feedback().forgetSession(sessionId));
  }

  /**
   * Forgets all feedback and what ratings taught the weights, committed or saved before this
   * returns: learned searches then rank exactly as hybrid ones. Logged first, as {@link
   * #forgetSession} is.
   *
   * @return the past-query clusters removed
   * @throws IllegalStateException if the engine is read-only
   */
  public int forgetAll() throws IOException {
    return gate.write(() -> parts.feedback().forgetAll());
  }

  /** Which of {@code ids} are not ids of chunks in the index, sorted. */
  public Set<String> unknownChunkIds(Collection<String> ids) throws IOException {
    if (Objects.requireNonNull(ids, "ids").stream().anyMatch(Objects::isNull)) {
      throw new IllegalArgumentException("ids must not contain null");
    }
    return gate.call(() -> parts.searches().unknownIds(ids));
  }

  /**
   * What feedback this engine learns from: events, clusters, sessions, outcomes and learned
   * chunks (read-only: as of the writer's last checkpoint).
   */
  public StoreStats feedbackStats() throws IOException {
    return gate.call(() -> parts.feedback().stats());
  }

  /**
   * The mode a search without one should use: {@code learned} once there is feedback to learn
   * from (read-only: in the writer's last checkpoint), else {@code hybrid}.
   */
  public SearchMode defaultMode() throws IOException {
    return gate.call(
        () -> parts.feedback().hasFeedback() ? SearchMode.LEARNED : SearchMode.HYBRID);
  }

  /**
   * How far learned searches trust the vote of similar past queries, fit from the click log, and
   * how that trust moved (docs/RANKING.md). A read-only engine sees what the writer had saved
   * when it opened.
   */
  public TrustState trust() throws IOException {
    return gate.call(() -> parts.feedback().trust());
  }

  /**
   * The feedback store, for similar-query lookups and maintenance; null when read-only or closed.
   */
  public FeedbackStore feedbackStore() {
    return parts.store();
  }

  /**
   * The ranking weights over (bm25, vector, learned) per query class, learned from explicit
   * ratings. Live and thread-safe: read them for statistics, history and charts.
   */
  public AdaptiveWeights weights() {
    return parts.weights().weights();
  }

  /**
   * Forgets what ratings taught the weights: of {@code queryClass}, or of every class when it is
   * null. The change is saved at once.
   *
   * @throws IllegalStateException if the engine is read-only
   */
  public void resetWeights(QueryClass queryClass) throws IOException {
    gate.write(() -> {
      parts.weights().reset(queryClass);
      return null;
    });
  }

  /**
   * Seeds the weights from a file of historical ratings (format in {@link AdaptiveWeights}: one
   * {@code class,rating,c_bm25,c_vector,c_learned[,millis]} per line) and saves them. The whole
   * file is checked first: a bad line changes nothing.
   *
   * @return the number of ratings applied
   * @throws dev.relearn.engine.weights.WeightsFileException naming the bad line
   * @throws IllegalStateException if the engine is read-only
   */
  public int seedWeights(Path historicalRatings) throws IOException {
    return gate.write(() -> parts.weights().seed(historicalRatings));
  }

  /** The class of {@code queryText} that weights are kept for; the text itself is not kept. */
  public static QueryClass queryClass(String queryText) {
    Objects.requireNonNull(queryText, "queryText");
    return QueryClassifier.classify(queryText);
  }

  /** Counts and sizes of what the index holds (read-only: as of the writer's recent commit). */
  public IndexStats stats() throws IOException {
    return gate.call(parts::stats);
  }

  /** {@link #stats()}'s chunk count alone, kept by the reader: cheap enough for health checks. */
  public int chunkCount() throws IOException {
    return gate.call(parts::chunks);
  }

  /** Whether writes go through now: read-write, open, and no writer stopped by a failure. */
  public boolean writable() {
    return gate.isOpen() && parts.writable();
  }

  /**
   * The configuration: the index folder's {@code relearn.json} (defaults when there is
   * none) with {@code RELEARN_*} environment overrides, as read when the engine was opened.
   */
  public RelearnConfig config() {
    return parts.config();
  }

  /** The index folder. */
  public Path directory() {
    return parts.dir();
  }

  /** The model id, dimension and schema version of this index. */
  public IndexMetadata metadata() {
    return parts.embedder().metadata();
  }

  /** Whether this engine was opened read-only. */
  public boolean readOnly() {
    return parts.readOnly();
  }

  /** The embedder this engine uses (created on first call). */
  public Embedder embedder() {
    return gate.get(() -> parts.embedder().get());
  }

  /** Whether the model is loaded: on the first search or text to embed, not at open. */
  boolean modelLoaded() {
    return parts.embedder().loaded();
  }

  /**
   * Commits nothing new (every index call has committed), releases the lock and the model. Waits
   * for the calls that other threads have in flight (an index call to its end) and for every
   * write whose caller stopped waiting, whatever interrupts this thread; later calls fail with
   * {@link IllegalStateException}. If a failure stopped a writer, it first replaces the writers
   * as the next write would, so that a forget the failure cut short is finished. Calling it
   * again does nothing.
   *
   * @throws IllegalStateException if called from within one of this engine's own calls
   */
  @Override
  public synchronized void close() throws IOException {
    if (gate.close()) { // false the second time: idempotent, as AutoCloseable recommends
      writes.close(() -> { // the parts of a recovery in flight, too
        recovery.beforeClose();
        parts.close();
      });
    }
  }
}
