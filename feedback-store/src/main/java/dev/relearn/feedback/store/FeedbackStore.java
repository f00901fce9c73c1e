package dev.relearn.feedback.store;

import dev.relearn.feedback.event.EventSummary;
import dev.relearn.feedback.event.FeedbackEvent;
import dev.relearn.feedback.event.SessionHasher;
import dev.relearn.feedback.event.VectorProtection;
import dev.relearn.feedback.index.CompactionReport;
import dev.relearn.feedback.index.FeedbackIndex;
import dev.relearn.feedback.learn.ChunkAggregates;
import dev.relearn.feedback.learn.LearnedFieldUpdater;
import dev.relearn.feedback.log.ReplayReport;
import dev.relearn.lucene.feedback.FeedbackLookup;
import dev.relearn.lucene.feedback.PastQuery;
import dev.relearn.lucene.files.StorageOpener;
import dev.relearn.lucene.files.WriteThreads;
import dev.relearn.lucene.schema.LearnedValues;
import dev.relearn.lucene.schema.LearnedValuesSource;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.util.IORunnable;
import org.apache.lucene.util.IOUtils;

/**
 * Durable feedback, kept as query embeddings, that moves the chunks' learned fields.
 *
 * <p>{@link #record} appends the event to the log (fsynced, with group commit, before it
 * returns in REQUEST durability), then applies it: to the ledger (vector-less events, from which
 * the learned fields are computed), to the cluster index (query vectors, for similar-query
 * lookups, visible at once), and to the per-chunk aggregates, which the very next search reads,
 * and whose new values are staged as coalesced doc-values updates that a background flush writes
 * (within 250 ms). A checkpoint commits everything and trims the log; on open the log
 * is replayed (torn tail cut, damage reported, nothing applied twice), the aggregates are
 * recomputed from the ledger and the chunk index's learned fields are made equal to them.
 *
 * <p>Thread-safe. Recording never blocks a search: searches read the in-memory aggregates
 * ({@link #learnedValues()}) and their own searcher. The store does not own the
 * chunk index's writer or searcher manager. Every method that writes does so on the store's
 * write threads ({@link WriteThreads}, inline when called on one of an engine's), as does a
 * lookup that must first make fresh feedback visible, so a caller's thread may be interrupted
 * without closing the store's files: the caller then gets an {@link
 * java.io.InterruptedIOException} saying whether the write was begun (it then completes or fails
 * by itself, unacknowledged) or not (it never runs).
 */
public final class FeedbackStore implements FeedbackLookup, Closeable {
  private final StoreFolder folder;
  private final FeedbackStoreConfig config;
  private final FeedbackIndex index;
  private final LearnedFields learned;
  private final Checkpointer checkpointer;
  private final EventRecorder recorder;
  private final Rewrites rewrites;
  private final ClusterMerges merges;
  private final Maintenance maintenance;
  private final ReentrantLock chunkWrites = new ReentrantLock();
  private final StoreStop stop = new StoreStop();
  private final WriteThreads writes;
  /** How many threads a store writes on: appends group-commit across them. */
  private static final int WRITE_THREADS = 4;

  private ReplayReport recovery;
  private volatile boolean closed;

  private FeedbackStore(StoreFolder folder, FeedbackStoreConfig config, IndexWriter chunkWriter,
      SearcherManager chunkSearchers, ForgetAllFollowUp followUp, WriteThreads writes)
      throws IOException {
    this.writes = writes;
    this.folder = folder;
    this.config = config;
    this.index = folder.index();
    this.learned =
        new LearnedFields(config.perSessionCap(), chunkWriter, chunkSearchers, chunkWrites, stop);
    this.checkpointer = new Checkpointer(folder, learned, chunkWriter, chunkWrites, stop);
    this.recorder = new EventRecorder(config, chunkSearchers, folder, learned, checkpointer,
        stop);
    this.rewrites = new Rewrites(config, folder, checkpointer, followUp, stop);
    this.merges = new ClusterMerges(index, checkpointer);
    this.maintenance = new Maintenance(this, config);
  }

  /**
   * Opens the store in {@code dir}, replays its log and brings the chunk index's learned fields
   * in line with the recorded events.
   *
   * @param chunkWriter the chunk index's writer (configure it with {@link
   *     LearnedFieldUpdater#withOverlays})
   * @param chunkSearchers the chunk index's searcher manager, refreshed after learned-field writes
   * @param followUp what {@link #forgetAll()} also resets outside the store; run here too when a
   *     forget-all was cut short before it ended
   */
  public static FeedbackStore open(Path dir, FeedbackStoreConfig config, IndexWriter chunkWriter,
      SearcherManager chunkSearchers, ForgetAllFollowUp followUp) throws IOException {
    return open(dir, config, chunkWriter, chunkSearchers, followUp, StorageOpener.REAL);
  }

  /**
   * Opens the store as {@link #open(Path, FeedbackStoreConfig, IndexWriter, SearcherManager,
   * ForgetAllFollowUp)} does, its ledger, cluster index and log writing through {@code storage}
   * (the engine passes its own; tests inject faults there).
   */
  public static FeedbackStore open(Path dir, FeedbackStoreConfig config, IndexWriter chunkWriter,
      SearcherManager chunkSearchers, ForgetAllFollowUp followUp, StorageOpener storage)
      throws IOException {
    WriteThreads writes = new WriteThreads("relearn-feedback-write-", WRITE_THREADS);
    StoreFolder folder = null;
    FeedbackStore store;
    try {
      StoreFolder opened = StoreFolder.open(dir, config, storage, writes);
      folder = opened;
      store = new FeedbackStore(opened, config, chunkWriter, chunkSearchers, followUp, writes);
      store.recovery = writes.call(() -> StoreRecovery.recover(opened, store.recorder,
          store.rewrites, store.checkpointer));
    } catch (IOException | RuntimeException e) {
      IOUtils.closeWhileSuppressingExceptions(e, folder, writes);
      throw e;
    }
    store.maintenance.start();
    return store;
  }

  /** How the store runs: its durability and intervals, as given to {@link #open}. */
  public FeedbackStoreConfig config() {
    return config;
  }

  /** Whether stored query vectors are rotated and quantised. */
  public boolean protectsVectors() {
    return folder.protection() != null;
  }

  /** The per-install session hasher: callers hash session ids before building events. */
  public SessionHasher sessions() {
    return folder.sessions();
  }

  /**
   * Records an event: durable, then applied, then acknowledged. An event id seen before is
   * acknowledged as a duplicate and not applied again.
   *
   * @throws IOException if the event could not be made durable; it is then not acknowledged
   */
  public FeedbackAck record(FeedbackEvent given) throws IOException {
    requireOpen();
    maintenance.check();
    stop.check();
    return writes.call(() -> recorder.record(given));
  }

  /**
   * What similar past queries taught: the cluster index's lookup, with evidence for renamed
   * chunks counted for their current ids, and without the clusters that unfinished forgets will
   * delete.
   */
  @Override
  public List<PastQuery> similar(float[] queryVector, float minSimilarity, int max)
      throws IOException {
    requireOpen();
    VectorProtection protection = folder.protection();
    List<PastQuery> found = rewrites.marks().lookUp(index::similarExcept,
        protection == null ? queryVector : protection.protect(queryVector), minSimilarity, max);
    return RenamedEvidence.follow(found, folder.ledger().renamed());
  }

  /**
   * Each logged query of the latest {@code limit} learned clusters, oldest first, with the past
   * queries similar to it from other sessions ({@link HeldOutQueries}): what trust is fit on.
   */
  public void forEachHeldOut(float minSimilarity, int max, int limit,
      HeldOutQueries.Receiver receiver) throws IOException {
    requireOpen();
    HeldOutQueries.forEach(index, rewrites.marks(), folder.ledger().renamed(),
        minSimilarity, max, limit, receiver);
  }

  /**
   * The newest {@code limit} events' summaries, newest first (at most 500): derived from the
   * recorded events, so a forgotten or expired event leaves the list with it.
   */
  public List<EventSummary> recent(int limit) throws IOException {
    requireOpen();
    return folder.ledger().recent(limit);
  }

  /** How many events the ledger holds: cheap. */
  public long events() {
    return folder.ledger().size();
  }

  /** Whether any feedback is recorded: cheap, for choosing a default search mode. */
  public boolean hasFeedback() {
    return folder.ledger().size() > 0;
  }

  /** Whether an event with this id has been recorded (and not forgotten or expired). */
  public boolean contains(String eventId) {
    return folder.ledger().contains(eventId);
  }

  /** A chunk's learned values as the store knows them now (ahead of the doc values). */
  public LearnedValues learned(String chunkId) {
    return learned.get(chunkId);
  }

  /**
   * Learned values as searches should read them: from the store's in-memory aggregates, which are
   * authoritative and never behind the doc values, through a per-segment cache of each document's
   * ledger ({@link ChunkAggregates#bySegment()}): one array read per hit instead of five
   * doc-values reads through Lucene's overlay layers, or a hash lookup by id.
   */
  public LearnedValuesSource learnedValues() {
    return learned.source();
  }

  /**
   * Carries learned values over to re-indexed chunks: each {@code old -> new} id pair makes the
   * old chunk's evidence count for the new one. Checkpoints: durable when this returns. Call it
   * before the chunk-index commit that holds the new ids (an index call does, holding {@link
   * #chunkIndexWrites()}): a crash after that commit then keeps the learned values, and one
   * before it leaves the old chunks without theirs only until the next index call renames them
   * again.
   */
  public void renameChunks(Map<String, String> successors) throws IOException {
    requireOpen();
    writes.run(() -> rewrites.renameChunks(successors));
  }

  /** Merges near-identical query clusters; the report reads "compacted N → M". */
  public CompactionReport compact() throws IOException {
    requireOpen();
    return writes.call(index::compact);
  }

  /**
   * Deletes a session's feedback, commits, updates the learned fields. The forget is logged
   * first: if it then fails part-way, the store stops, and its reopening (relearn's engine
   * reopens before its next write) or the next open finishes it (see {@link #forgetAll}).
   */
  public int forgetSession(String sessionHash) throws IOException {
    requireOpen();
    return writes.call(() -> rewrites.forgetSession(sessionHash));
  }

  /**
   * Deletes all feedback, commits, resets every learned field and runs the {@link
   * ForgetAllFollowUp} given to {@link #open}. The forget is logged first, so if it then fails
   * part-way, the store stops ({@link #failure()}), and the replay of its reopening finishes it,
   * follow-up included. Meanwhile, this process's similar-query lookups skip the clusters it will
   * delete (all of them, here), and the learned values may still count its feedback.
   */
  public int forgetAll() throws IOException {
    requireOpen();
    return writes.call(rewrites::forgetAll);
  }

  /** Deletes events and clusters older than the TTL (done on open and daily); clusters removed. */
  public int expire() throws IOException {
    requireOpen();
    return writes.call(rewrites::expire);
  }

  /**
   * Writes staged learned fields as doc values now and refreshes the chunk searchers. A failure
   * stops the store until it is reopened ({@link #failure()}).
   */
  public void flushLearnedFields() throws IOException {
    requireOpen();
    stopping("learned-field flush", learned::flush);
  }

  /**
   * Runs {@code work} on the write threads; a failure stops the store ({@link StoreStop}).
   * Lucene's refusal of a writer an earlier failure stopped ("this writer hit an unrecoverable
   * error; cannot commit") is an {@code IOException} naming {@code what} failed. An interrupt of
   * the caller's wait is no failure of the work.
   */
  private void stopping(String what, IORunnable work) throws IOException {
    writes.run(() -> {
      try {
        work.run();
      } catch (IllegalStateException e) {
        stop.stop(e);
        throw new IOException("the feedback store's " + what + " failed: " + e.getMessage(), e);
      } catch (IOException | RuntimeException e) {
        stop.stop(e);
        throw e;
      }
    });
  }

  /**
   * Maintenance: merges the cluster index into one segment when no feedback arrived since the
   * previous call, so that an idle store's lookups walk one HNSW graph instead of one per segment.
   * The next checkpoint commits the merge.
   */
  void mergeClustersWhenIdle() throws IOException {
    writes.run(merges::mergeWhenIdle);
  }

  /**
   * Merges the cluster index into one segment now, as the store does by itself once no feedback
   * has arrived for 10 s: for benchmarks of that steady state. Committed at the next checkpoint.
   *
   * @return whether there was more than one segment to merge
   */
  public boolean mergeClusters() throws IOException {
    requireOpen();
    maintenance.check();
    return writes.call(merges::mergeNow);
  }

  /**
   * The lock the store holds while it writes to the chunk index and shows or commits its state:
   * flushing learned fields (which refreshes the chunk searchers), checkpoints and forgetting.
   * Whoever makes a change of many chunk-index writes that must be seen and committed whole (an
   * index call, from its first write to its commit) holds it meanwhile; recording goes on, and
   * searches read the learned values from memory. It comes first in the store's lock order: its
   * holder may call the store (an index call renames chunks under it), but must not wait for
   * another thread that does.
   */
  public Lock chunkIndexWrites() {
    return chunkWrites;
  }

  /**
   * Commits the ledger, the cluster index and the chunk index (after an index call's writes, never
   * amid them), then trims the event log; does nothing when nothing changed since the last
   * checkpoint. A failure stops the store until it is reopened ({@link #failure()}).
   */
  public void checkpoint() throws IOException {
    requireOpen();
    stopping("checkpoint", checkpointer::checkpoint);
  }

  /**
   * The failure that stopped the cluster index's writer for good (a full disk, say), or null
   * while it works; see {@link FeedbackIndex#tragicException()}.
   */
  public Throwable tragicException() {
    return index.tragicException();
  }

  /**
   * What stopped the store from writing until it is reopened, or null while it works: a writer
   * of the cluster index or the ledger stopped for good, a failed event log, a failed flush,
   * checkpoint or event ({@link StoreStop}), or a background failure ({@link Maintenance}). Reopening the store (replaying its log) recovers from each,
   * with every acknowledged event.
   */
  public Throwable failure() {
    Throwable stopped = index.tragicException();
    if (stopped == null) {
      stopped = folder.ledger().tragicException();
    }
    if (stopped == null) {
      stopped = folder.log().failure();
    }
    if (stopped == null) {
      stopped = stop.cause();
    }
    return stopped != null ? stopped : maintenance.failure();
  }

  /**
   * Waits until no background merge of the ledger or the cluster index runs, so that a merge a
   * failure broke has stopped its writer ({@link #failure()}) when this returns: for the engine,
   * when a call that writes failed.
   */
  public void awaitMerges() {
    folder.ledger().awaitMerges();
    index.awaitMerges();
  }

  /** Counts by signal class and outcome, the positive rate, and what recovery found. */
  public StoreStats stats() throws IOException {
    requireOpen();
    return new StoreStats(index.stats(), folder.ledger().size(), learned.chunks(),
        learned.pending(), recovery);
  }

  private void requireOpen() {
    if (closed) {
      throw new IllegalStateException("the feedback store is closed");
    }
  }

  /**
   * Waits for the writes in flight (those whose callers stopped waiting too), stops maintenance,
   * checkpoints (unless the store stopped after a failure), and closes the log, both indexes and
   * the write threads, whatever interrupts the caller.
   */
  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    writes.close(() -> {
      maintenance.stop();
      try {
        if (stop.cause() == null) { // else its half-applied changes wait for the log's replay
          checkpoint();
        }
      } finally {
        closed = true;
        folder.close();
      }
    });
  }
}
