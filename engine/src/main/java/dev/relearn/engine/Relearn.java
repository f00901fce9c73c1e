package dev.relearn.engine;

import dev.relearn.engine.config.RelearnConfig;
import dev.relearn.engine.search.SearchMode;
import dev.relearn.engine.search.RankedChunk;
import dev.relearn.engine.search.SearchRequest;
import dev.relearn.engine.search.SearchResults;
import dev.relearn.engine.weights.AdaptiveWeights;
import dev.relearn.feedback.store.FeedbackAck;
import dev.relearn.feedback.store.FeedbackStore;
import dev.relearn.feedback.store.StoreStats;
import dev.relearn.indexer.build.IndexReport;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.build.RemoveReport;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.lucene.embed.Embedder;
import dev.relearn.lucene.rerank.RescoredHit;
import dev.relearn.lucene.schema.IndexMetadata;
import dev.relearn.lucene.fusion.QueryClass;
import dev.relearn.lucene.fusion.QueryClassifier;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * An open relearn index: the one embeddable entry point (docs/JAVA_API.md).
 *
 * <ul>
 *   <li>Lifecycle: {@link #open} a folder (created if needed), share the instance between
 *       threads, {@link #close()} it once; later calls throw {@link IllegalStateException}.
 *       Searches run concurrently, index calls one at a time. Query text is never written.
 *   <li>Read-only: a read-write engine holds the folder's {@code write.lock}; another process
 *       gets {@link IndexInUseException} and can open read-only, where writes throw {@link
 *       IllegalStateException} and reads see the writer's last commit (looked for at most every
 *       {@link #READ_ONLY_REFRESH_MILLIS} ms) and its feedback store's last checkpoint.
 *   <li>Interrupts: a caller's interrupt ends only its wait (an {@code InterruptedIOException});
 *       the write finishes on relearn's own thread {@code relearn-write-N}.
 *   <li>Failures that stop a writer (a failed fsync, a full disk): searches go on, and the next
 *       write first reopens the writers from the last commits, replaying the feedback log ({@link
 *       PartsRecovery}); {@link #feedbackStore()} is then a new store.
 *   <li>A folder deleted or moved while open is never created again: every later call fails
 *       saying so ({@link FolderWatch}).
 * </ul>
 */
public final class Relearn implements AutoCloseable, RelearnOperations {
  /** The feedback store's folder inside the index folder. */
  public static final String FEEDBACK_FOLDER = "feedback";
  /** How often, at most, a read-only engine looks for the writer's newer commits. */
  public static final long READ_ONLY_REFRESH_MILLIS = 200;
  /** The adaptive weights' file inside the index folder. */
  public static final String WEIGHTS_FILE = "adaptive-weights.json";
  private final CallGate gate;

  /** Made by {@link EngineOpener} from the parts it opened; it then attaches the feedback half. */
  Relearn(EngineParts parts) {
    this.gate = new CallGate(this, parts);
  }

  EngineParts parts() { // the parts in use (replaced when a writer stopped)
    return gate.parts();
  }

  /**
   * Opens (or, read-write, creates: in a missing or empty folder, or one of relearn's own files)
   * the index in {@code dir}.
   *
   * @throws IndexInUseException if another process holds the write lock
   * @throws IllegalStateException if the index or its feedback was made with another model or
   *     schema
   * @throws IllegalArgumentException if a read-only open finds no index; {@link
   *     NotAnIndexFolderException} for a folder neither empty nor an index; {@link
   *     dev.relearn.engine.config.ConfigException} for a bad setting. Nothing is written then
   * @throws java.io.InterruptedIOException if the calling thread is interrupted while opening
   *     (it keeps its interrupt status); opening again works
   */
  public static Relearn open(Path dir, RelearnOptions options) throws IOException {
    return EngineOpener.open(dir, options);
  }

  /**
   * Indexes a folder, file, JSONL file or BEIR corpus incrementally and commits; {@code progress}
   * is called on the write thread. An interrupt, or a {@code progress} that throws or interrupts
   * its thread, stops the work at its next event, indexing the path whole or not at all ({@link
   * StoppableProgress}).
   *
   * @throws IllegalArgumentException for a missing path, or a folder with nothing to index that
   *     the index holds no chunks of (of one it holds, the chunks are deleted)
   */
  public IndexReport index(Path path, SourceFormat format, Progress progress) throws IOException {
    StoppableProgress stoppable = new StoppableProgress(progress);
    return stoppable.run(() -> gate.write(
        p -> p.indexing().index(path, format, stoppable, p.store()), stoppable::stop));
  }

  /**
   * Deletes every chunk whose origin is one of {@code paths} (which need not exist any more), or
   * of a file or subfolder of an indexed folder that no longer exists (an editor deleted it), and
   * commits once; {@code dryRun} (allowed read-only) deletes nothing. Feedback on them stays.
   *
   * @throws IllegalArgumentException naming each path that is no origin, listing the origins
   */
  public List<RemoveReport> remove(List<Path> paths, boolean dryRun) throws IOException {
    paths.forEach(path -> Objects.requireNonNull(path, "paths holds a null"));
    if (!dryRun) {
      return gate.write(p -> p.indexing().remove(paths, false, p.store()));
    }
    return gate.call(p -> {
      p.searches().followWriter();
      return p.indexing().remove(paths, true, p.store());
    });
  }

  /** Runs a search in the request's mode ({@code learned} re-ranks the first stage). */
  @Override
  public SearchResults search(SearchRequest request) throws IOException {
    Objects.requireNonNull(request, "request");
    return gate.call(p -> p.searches().search(request,
        request.mode().needsVector() ? p.embedder().queryVector(request.text()) : null));
  }

  /** {@link #search}'s hits as chunk ids and scores, without loading stored fields. */
  @Override
  public List<RankedChunk> rank(SearchRequest request) throws IOException {
    Objects.requireNonNull(request, "request");
    return gate.call(p -> p.searches().rank(request,
        request.mode().needsVector() ? p.embedder().queryVector(request.text()) : null));
  }

  /** A {@code learned} search with each hit's score explained (docs/RANKING.md). */
  public ExplainedResults explain(SearchRequest request) throws IOException {
    Objects.requireNonNull(request, "request");
    return gate.call(p -> p.searches().explain(request,
        p.embedder().queryVector(request.text())));
  }

  /** Every candidate of a {@code learned} search, re-ranked, with features and first rank. */
  public List<RescoredHit> learnedWindow(SearchRequest request) throws IOException {
    Objects.requireNonNull(request, "request");
    return gate.call(p -> p.searches().learnedWindow(request,
        p.embedder().queryVector(request.text())));
  }

  /** The newest {@code limit} (at most 500) pieces of feedback, by class and time only. */
  public List<FeedbackSummary> recentFeedback(int limit) throws IOException {
    return gate.call(p -> p.feedback().recent(limit));
  }

  /** Records feedback, durable when this returns; the query text is embedded and dropped. */
  @Override
  public FeedbackAck feedback(FeedbackRequest request) throws IOException {
    Objects.requireNonNull(request, "request");
    return gate.write(p -> p.feedback().record(request));
  }

  /**
   * Forgets the events recorded with {@code sessionId}, committed before this returns (logged
   * first: one cut short is finished before the next write or open); what its ratings taught the
   * weights stays ({@link #resetWeights}). Returns the clusters removed.
   */
  public int forgetSession(String sessionId) throws IOException {
    EngineFeedback.requireSession(sessionId);
    return gate.write(p -> p.feedback().forgetSession(sessionId));
  }

  /** Forgets all feedback and what ratings taught the weights, as above; returns the clusters. */
  public int forgetAll() throws IOException {
    return gate.write(p -> p.feedback().forgetAll());
  }

  /** Which of {@code ids} (none null) are not ids of chunks in the index, sorted. */
  public Set<String> unknownChunkIds(Collection<String> ids) throws IOException {
    return gate.call(p -> p.searches().unknownIds(ids));
  }

  /** What feedback this engine learns from: events, clusters, sessions, outcomes, chunks. */
  public StoreStats feedbackStats() throws IOException {
    return gate.call(p -> p.feedback().stats());
  }

  /** {@link #feedbackStats()} per event: the event count exact, the rest at most 1 s old. */
  public StoreStats recentFeedbackStats() throws IOException {
    return gate.call(p -> p.feedback().recentStats());
  }

  /** Waits for the queued trust refit (every 250 events): rankings then do not hang on timing. */
  @Override
  public void awaitLearning() throws IOException {
    gate.call(p -> p.feedback().awaitLearning());
  }

  /** Refits the trust on every event so far: for measurements before and after a change. */
  @Override
  public void learnNow() throws IOException {
    gate.call(p -> p.feedback().learnNow());
  }

  /** The mode for a search without one: {@code learned} once there is feedback, else hybrid. */
  public SearchMode defaultMode() throws IOException {
    return gate.call(
        p -> p.feedback().hasFeedback() ? SearchMode.LEARNED : SearchMode.HYBRID);
  }

  /** The trust in similar past queries' vote and its history; read-only: as the writer saved it. */
  @Override
  public TrustState trust() throws IOException {
    return gate.call(p -> p.feedback().trust());
  }

  /** The feedback store, for similar-query lookups and maintenance; null when read-only. */
  public FeedbackStore feedbackStore() {
    return gate.get(EngineParts::store);
  }

  /**
   * The weights over (bm25, vector, learned) per query class, learned from ratings; live
   * (read-only: as the writer last saved them, looked for at most every 200 ms).
   *
   * @throws java.io.UncheckedIOException if a read-only engine cannot read the writer's newer
   *     weights
   */
  @Override
  public AdaptiveWeights weights() {
    return gate.get(p -> p).followedWeights(); // refused once closed
  }

  /** Forgets what ratings taught the weights of {@code queryClass} (null: all); saved at once. */
  @Override
  public void resetWeights(QueryClass queryClass) throws IOException {
    gate.write(p -> {
      p.weights().reset(queryClass);
      return null;
    });
  }

  /**
   * Seeds the weights from a file of historical ratings ({@link AdaptiveWeights#seed(Path)}),
   * saves them and returns how many were applied; a bad line changes nothing.
   */
  @Override
  public int seedWeights(Path historicalRatings) throws IOException {
    return gate.write(p -> p.weights().seed(historicalRatings));
  }

  /** The class of {@code queryText} that weights are kept for; the text itself is not kept. */
  public static QueryClass queryClass(String queryText) {
    return QueryClassifier.classify(Objects.requireNonNull(queryText, "queryText"));
  }

  /** Counts and sizes of what the index holds. */
  public IndexStats stats() throws IOException {
    return gate.call(EngineParts::stats);
  }

  /** {@link #stats()}'s chunk count alone, kept by the reader: cheap enough for health checks. */
  public int chunkCount() throws IOException {
    return gate.call(EngineParts::chunks);
  }

  /** Whether writes go through now: read-write, open, no writer stopped, the folder there. */
  public boolean writable() {
    return gate.isOpen() && parts().writable() && !gate.folder().gone();
  }

  /** The index folder's {@code relearn.json} with {@code RELEARN_*} overrides, as at open. */
  public RelearnConfig config() {
    return parts().config();
  }

  /** The index folder. */
  public Path directory() {
    return parts().dir();
  }

  /** The model id, dimension and schema version of this index. */
  public IndexMetadata metadata() {
    return parts().embedder().metadata();
  }

  /** Whether this engine was opened read-only. */
  public boolean readOnly() {
    return parts().options().readOnly();
  }

  /** The embedder this engine uses (created on first call). */
  public Embedder embedder() {
    return gate.get(p -> p.embedder().get());
  }

  /**
   * Releases the lock and the model once the calls in flight and the writes whose caller stopped
   * waiting have ended ({@link CallGate#close()}). Calling it again does nothing.
   */
  @Override
  public synchronized void close() throws IOException {
    gate.close(); // does nothing the second time, as AutoCloseable recommends
  }
}
