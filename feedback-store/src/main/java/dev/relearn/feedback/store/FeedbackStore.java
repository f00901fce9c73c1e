package dev.relearn.feedback.store;

import dev.relearn.feedback.event.EventSummary;
import dev.relearn.feedback.event.FeedbackEvent;
import dev.relearn.feedback.event.SessionHasher;
import dev.relearn.feedback.event.VectorProtection;
import dev.relearn.feedback.index.CompactionReport;
import dev.relearn.feedback.index.RecordedEvents;
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
import org.apache.lucene.util.IOUtils;

/**
 * Durable feedback, kept as query embeddings, that moves the chunks' learned fields. {@link
 * #record} logs the event (fsynced before it returns in REQUEST durability), then applies it to
 * the events index and the in-memory aggregates, which the very next search reads; a background
 * flush mirrors them into the chunk index's doc values. A checkpoint commits everything and trims
 * the log; an open replays it (docs/ARCHITECTURE.md, "Feedback").
 *
 * <p>Thread-safe; recording never blocks a search. The store does not own the chunk index's
 * writer or searcher manager. It writes on its own {@link WriteThreads}, so a caller's interrupt
 * ends only the caller's wait ({@link java.io.InterruptedIOException}).
 */
public final class FeedbackStore implements FeedbackLookup, Closeable {
  private final StoreFolder folder;
  private final FeedbackStoreConfig config;
  private final LearnedFields learned;
  private final Checkpointer checkpointer;
  private final EventRecorder recorder;
  private final Rewrites rewrites;
  private final Maintenance maintenance;
  private final ReentrantLock chunkWrites = new ReentrantLock();
  private final StoreStop stop = new StoreStop();
  private final WriteThreads writes;
  /** How many threads a store writes on: appends group-commit across them. */
  private static final int WRITE_THREADS = 4;

  private ReplayReport recovery;
  private volatile boolean closed;

  private FeedbackStore(StoreFolder folder, FeedbackStoreConfig config, ChunkAggregates scanned,
      IndexWriter chunkWriter, SearcherManager chunkSearchers, ForgetAllFollowUp followUp,
      WriteThreads writes) throws IOException {
    this.writes = writes;
    this.folder = folder;
    this.config = config;
    this.learned = new LearnedFields(config.perSessionCap(), scanned, chunkWriter,
        chunkSearchers, chunkWrites, stop);
    this.checkpointer = new Checkpointer(folder, learned, chunkWriter, chunkWrites, stop);
    this.recorder = new EventRecorder(config, chunkSearchers, folder, learned, checkpointer,
        stop);
    this.rewrites = new Rewrites(folder, checkpointer, followUp, stop);
    this.maintenance = new Maintenance(this, config, stop);
  }

  /**
   * Opens the store in {@code dir}, replays its log and brings the chunk index's learned fields
   * ({@code chunkWriter}: see {@link LearnedFieldUpdater#withOverlays}) in line with the events;
   * {@code followUp} is what {@link #forgetAll()} also resets, {@code storage} opens its files.
   */
  public static FeedbackStore open(Path dir, FeedbackStoreConfig config, IndexWriter chunkWriter,
      SearcherManager chunkSearchers, ForgetAllFollowUp followUp, StorageOpener storage)
      throws IOException {
    WriteThreads writes = new WriteThreads("relearn-feedback-write-", WRITE_THREADS);
    StoreFolder folder = null;
    FeedbackStore store;
    try {
      ChunkAggregates scanned = new ChunkAggregates(config.perSessionCap());
      StoreFolder opened = StoreFolder.open(dir, config, storage, scanned);
      folder = opened;
      store = new FeedbackStore(opened, config, scanned, chunkWriter, chunkSearchers, followUp,
          writes);
      store.recovery = writes.call(() -> StoreRecovery.recover(opened, store.recorder,
          store.rewrites, store.checkpointer));
    } catch (IOException | RuntimeException | Error e) {
      IOUtils.closeWhileSuppressingExceptions(e, folder, writes);
      throw e;
    }
    store.maintenance.start();
    return store;
  }

  /** Its durability and intervals, as given to {@link #open}. */
  public FeedbackStoreConfig config() {
    return config;
  }

  /** The per-install session hasher: callers hash session ids before building events. */
  public SessionHasher sessions() {
    return folder.sessions();
  }

  /** Records an event: durable, applied, acknowledged (a known id as a duplicate) or thrown. */
  public FeedbackAck record(FeedbackEvent given) throws IOException {
    requireOpen();
    stop.check();
    return writes.call(() -> recorder.record(given));
  }

  /** What similar past queries taught, renamed chunks under their current ids. */
  @Override
  public List<PastQuery> similar(float[] queryVector, float minSimilarity, int max)
      throws IOException {
    requireOpen();
    VectorProtection protection = folder.protection();
    return folder.index().similar(
        protection == null ? queryVector : protection.protect(queryVector), minSimilarity, max);
  }

  /** What trust is fit on: the latest {@code limit} learned clusters ({@link HeldOutQueries}). */
  public void forEachHeldOut(float minSimilarity, int max, int limit,
      HeldOutQueries.Receiver receiver) throws IOException {
    requireOpen();
    HeldOutQueries.forEach(folder.index(), minSimilarity, max, limit, receiver);
  }

  /** The newest {@code limit} (at most 500) events' summaries, newest first. */
  public List<EventSummary> recent(int limit) throws IOException {
    requireOpen();
    return folder.index().recorded().recent(limit);
  }

  /** How many events are recorded: cheap. */
  public long events() {
    return folder.index().recorded().events();
  }

  /** Whether any feedback is recorded: cheap, for choosing a default search mode. */
  public boolean hasFeedback() {
    return events() > 0;
  }

  /** Whether an event with this id has been recorded (and not forgotten or expired). */
  public boolean contains(String eventId) {
    return folder.index().recorded().contains(eventId);
  }

  /** A chunk's learned values as the store knows them now (ahead of the doc values). */
  public LearnedValues learned(String chunkId) {
    return learned.get(chunkId);
  }

  /** Learned values for searches, from the aggregates ({@link ChunkAggregates#bySegment()}). */
  public LearnedValuesSource learnedValues() {
    return learned.source();
  }

  /**
   * Makes each old chunk id's evidence count for its new id; durable when this returns. Call it
   * before the chunk-index commit that holds the new ids (holding {@link #chunkIndexWrites()}).
   */
  public void renameChunks(Map<String, String> successors) throws IOException {
    requireOpen();
    writes.run(() -> rewrites.renameChunks(successors));
  }

  /** Merges near-identical query clusters; the report reads "compacted N → M". */
  public CompactionReport compact() throws IOException {
    requireOpen();
    return writes.call(rewrites::compact);
  }

  /** Deletes a session's feedback and commits; logged first, as {@link #forgetAll} is. */
  public int forgetSession(String sessionHash) throws IOException {
    requireOpen();
    return writes.call(() -> rewrites.forgetSession(sessionHash));
  }

  /**
   * Deletes all feedback and runs the {@link ForgetAllFollowUp}. Logged first: if it fails, the
   * store stops ({@link #failure()}) and its reopening finishes it.
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

  /** Writes the staged learned fields now; a failure stops the store ({@link #failure()}). */
  public void flushLearnedFields() throws IOException {
    requireOpen();
    stop.running("learned-field flush", writes, learned::flush);
  }

  /**
   * The lock the store holds while it writes to or commits the chunk index; an index call holds it
   * from its first write to its commit. First in the lock order: its holder may call the store,
   * but must not wait for a thread that does.
   */
  public Lock chunkIndexWrites() {
    return chunkWrites;
  }

  /** Commits both indexes and trims the log, if anything changed; a failure stops the store. */
  public void checkpoint() throws IOException {
    requireOpen();
    stop.running("checkpoint", writes, checkpointer::checkpoint);
  }

  /**
   * What stopped the store from writing until it is reopened (which recovers every acknowledged
   * event), or null while it works.
   */
  public Throwable failure() {
    return folder.failure() != null ? folder.failure() : stop.cause();
  }

  /** Waits for the events index's merges: a broken one is then a {@link #failure}. */
  public void awaitMerges() {
    folder.index().awaitMerges();
  }

  /** Counts by signal class and outcome, the positive rate, and what recovery found. */
  public StoreStats stats() throws IOException {
    requireOpen();
    RecordedEvents recorded = folder.index().recorded();
    return new StoreStats(recorded.stats(), recorded.events(), learned.chunks(), learned.pending(),
        recovery);
  }

  private void requireOpen() {
    if (closed) {
      throw new IllegalStateException("the feedback store is closed");
    }
  }

  /** Waits for the writes in flight, checkpoints (unless stopped) and closes everything. */
  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    writes.close(() -> {
      try {
        maintenance.stop();
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
