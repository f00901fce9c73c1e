package dev.relearn.feedback.store;

import dev.relearn.feedback.event.EventCodec;
import dev.relearn.feedback.event.EventEvidence;
import dev.relearn.feedback.event.FeedbackEvent;
import dev.relearn.feedback.event.SessionHasher;
import dev.relearn.feedback.event.VectorProtection;
import dev.relearn.feedback.index.CompactionReport;
import dev.relearn.feedback.index.FeedbackIndex;
import dev.relearn.feedback.learn.ChunkAggregates;
import dev.relearn.feedback.learn.LearnedFieldUpdater;
import dev.relearn.feedback.learn.Overlay;
import dev.relearn.feedback.log.ReplayReport;
import dev.relearn.feedback.log.Translog;
import dev.relearn.lucene.feedback.ChunkEvidence;
import dev.relearn.lucene.feedback.FeedbackLookup;
import dev.relearn.lucene.feedback.PastQuery;
import dev.relearn.lucene.files.OwnerOnly;
import dev.relearn.lucene.schema.LearnedValues;
import dev.relearn.lucene.schema.LearnedValuesSource;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.util.IOUtils;
import org.apache.lucene.search.SearcherManager;

/**
 * Durable feedback, kept as query embeddings, that moves the chunks' learned fields.
 *
 * <p>{@link #record} appends the event to the log (fsynced, with group commit, before it
 * returns in REQUEST durability), then applies it: to the ledger (vector-less events, from which
 * the learned fields are computed), to the cluster index (query vectors, for similar-query
 * lookups, visible at once), and to the per-chunk aggregates, whose new values go to an in-memory
 * overlay (visible to the very next search) and are staged as coalesced doc-values updates that
 * a background flush writes. A checkpoint commits everything and trims the log; on open the log
 * is replayed (torn tail cut, damage reported, nothing applied twice), the aggregates are
 * recomputed from the ledger and the chunk index's learned fields are made equal to them.
 *
 * <p>Thread-safe. Recording never blocks a search: searches read the overlay and their own
 * searcher. The store does not own the chunk index's writer or searcher manager.
 */
public final class FeedbackStore implements FeedbackLookup, Closeable {
  static final String CHECKPOINT_KEY = "relearn.translog.checkpoint";
  private static final System.Logger LOG = System.getLogger(FeedbackStore.class.getName());

  private final FeedbackStoreConfig config;
  private final IndexWriter chunkWriter;
  private final SearcherManager chunkSearchers;
  private final SessionHasher sessions;
  private final VectorProtection protection;
  private final EventLedger ledger;
  private final FeedbackIndex index;
  private final Translog log;
  private final EventEvidence evidence;
  private final LearnedFields learned;
  private final ReentrantReadWriteLock gate = new ReentrantReadWriteLock();
  private final Object applyLock = new Object();
  private final InFlightEvents inFlight = new InFlightEvents();
  private final Object checkpointLock = new Object();
  private final Maintenance maintenance;
  private ReplayReport recovery;
  private volatile boolean closed;
  /** Something was applied, renamed or rewritten since the last checkpoint. */
  private volatile boolean dirty;
  private long writesAtLastIdleCheck = -1; // the maintenance thread's

  private FeedbackStore(Path dir, FeedbackStoreConfig config, IndexWriter chunkWriter,
      SearcherManager chunkSearchers) throws IOException {
    this.config = config;
    this.chunkWriter = chunkWriter;
    this.chunkSearchers = chunkSearchers;
    OwnerOnly.createFolder(dir);
    this.sessions = SessionHasher.open(dir);
    this.protection = config.protectVectors()
        || java.nio.file.Files.exists(dir.resolve(VectorProtection.SECRET_FILE))
        ? VectorProtection.open(dir, config.index().dimension()) : null;
    this.evidence = new EventEvidence(config.eta());
    this.learned = new LearnedFields(config.perSessionCap(), chunkWriter, chunkSearchers);
    this.ledger = EventLedger.open(dir.resolve("ledger"));
    FeedbackIndex opened = null;
    Translog openedLog = null;
    try {
      opened = FeedbackIndex.open(dir.resolve("clusters"), config.index());
      openedLog = Translog.open(dir.resolve("log"), config.durability(), config.syncInterval());
    } catch (IOException | RuntimeException e) {
      IOUtils.closeWhileSuppressingExceptions(e, opened, ledger);
      throw e;
    }
    this.index = opened;
    this.log = openedLog;
    this.maintenance = new Maintenance(this, config);
  }

  /**
   * Opens the store in {@code dir}, replays its log and brings the chunk index's learned fields
   * in line with the recorded events.
   *
   * @param chunkWriter the chunk index's writer (configure it with {@link
   *     LearnedFieldUpdater#withOverlays})
   * @param chunkSearchers the chunk index's searcher manager, refreshed after learned-field writes
   */
  public static FeedbackStore open(Path dir, FeedbackStoreConfig config, IndexWriter chunkWriter,
      SearcherManager chunkSearchers) throws IOException {
    FeedbackStore store = new FeedbackStore(dir, config, chunkWriter, chunkSearchers);
    try {
      store.recover();
    } catch (IOException | RuntimeException e) {
      IOUtils.closeWhileSuppressingExceptions(e, store.log, store.index, store.ledger);
      throw e;
    }
    store.maintenance.start();
    return store;
  }

  private void recover() throws IOException {
    recovery = LogReplay.replay(log, event -> applyToIndexes(event, evidence.of(event)));
    dirty = recovery.records() > 0;
    if (!recovery.clean()) {
      LOG.log(System.Logger.Level.WARNING, "feedback log " + log.directory() + " was damaged; "
          + "every intact record was kept: " + String.join("; ", recovery.problems()));
    }
    index.expire();
    rebuildLearnedFields();
    checkpoint();
  }

  /** Whether stored query vectors are rotated and quantised. */
  public boolean protectsVectors() {
    return protection != null;
  }

  /** The per-install session hasher: callers hash session ids before building events. */
  public SessionHasher sessions() {
    return sessions;
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
    EventChecks.requireDimension(given, config.index().dimension());
    FeedbackEvent event =
        protection == null ? given : given.withQueryVector(protection.protect(given.queryVector()));
    List<String> unknown = EventChecks.unknownIds(event, chunkSearchers);
    FeedbackAck duplicate = new FeedbackAck(event.eventId(), -1, true, unknown,
        event.learnability(), event.signal());
    gate.readLock().lock();
    try {
      return inFlight.once(event.eventId(), ledger::contains, duplicate, () -> {
        long sequence = log.append(EventCodec.encode(event));
        apply(event);
        return new FeedbackAck(event.eventId(), sequence, false, unknown, event.learnability(),
            event.signal());
      });
    } finally {
      gate.readLock().unlock();
    }
  }

  private void apply(FeedbackEvent event) throws IOException {
    Map<String, ChunkEvidence> chunks = evidence.of(event);
    synchronized (applyLock) {
      applyToIndexes(event, chunks);
      learned.add(event, evidence);
      dirty = true;
    }
  }

  private void applyToIndexes(FeedbackEvent event, Map<String, ChunkEvidence> chunks)
      throws IOException {
    ledger.add(event, chunks);
    index.add(event, chunks); // reports DUPLICATE itself when replay meets a committed event
  }

  /** What similar past queries taught: the cluster index's lookup. */
  @Override
  public List<PastQuery> similar(float[] queryVector, float minSimilarity, int max)
      throws IOException {
    return index.similar(protection == null ? queryVector : protection.protect(queryVector),
        minSimilarity, max);
  }

  /** Whether any feedback is recorded: cheap, for choosing a default search mode. */
  public boolean hasFeedback() {
    return ledger.size() > 0;
  }

  /** Whether an event with this id has been recorded (and not forgotten or expired). */
  public boolean contains(String eventId) {
    return ledger.contains(eventId);
  }

  /** A chunk's learned values as the store knows them now (ahead of the doc values). */
  public LearnedValues learned(String chunkId) {
    return learned.get(chunkId);
  }

  /** The overlay in front of the learned doc values, for readers of the doc values. */
  public Overlay overlay() {
    return learned.overlay();
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
   * old chunk's evidence count for the new one. Durable at the next checkpoint.
   */
  public void renameChunks(Map<String, String> successors) throws IOException {
    if (successors.isEmpty()) {
      return;
    }
    gate.writeLock().lock();
    try {
      for (Map.Entry<String, String> rename : successors.entrySet()) {
        ledger.rename(rename.getKey(), rename.getValue());
      }
      dirty = true;
      rebuildLearnedFields();
    } finally {
      gate.writeLock().unlock();
    }
  }

  /** Merges near-identical query clusters; the report reads "compacted N → M". */
  public CompactionReport compact() throws IOException {
    requireOpen();
    return index.compact();
  }

  /** Deletes everything a session contributed, commits, and updates the learned fields. */
  public int forgetSession(String sessionHash) throws IOException {
    return forget(() -> {
      ledger.forgetSession(sessionHash);
      return index.forgetSession(sessionHash);
    });
  }

  /** Deletes all feedback, commits, and resets every learned field. */
  public int forgetAll() throws IOException {
    return forget(() -> {
      ledger.forgetAll();
      return index.forgetAll();
    });
  }

  private int forget(Deletion deletion) throws IOException {
    requireOpen();
    synchronized (checkpointLock) { // lock order everywhere: checkpointLock, then the gate
      return forgetLocked(deletion);
    }
  }

  private int forgetLocked(Deletion deletion) throws IOException {
    gate.writeLock().lock();
    try {
      checkpoint(); // the log keeps nothing that a replay could bring back
      int removed = deletion.run();
      ledger.commit(Map.of(CHECKPOINT_KEY, ledger.committedUserData()
          .getOrDefault(CHECKPOINT_KEY, "0")), true);
      rebuildLearnedFields();
      chunkWriter.commit();
      return removed;
    } finally {
      gate.writeLock().unlock();
    }
  }

  @FunctionalInterface
  private interface Deletion {
    int run() throws IOException;
  }

  /** Deletes events older than the TTL; returns clusters removed. */
  public int expire() throws IOException {
    requireOpen();
    synchronized (checkpointLock) {
      return expireLocked();
    }
  }

  private int expireLocked() throws IOException {
    gate.writeLock().lock();
    try {
      long cutoff = config.index().clock().millis() - config.index().ttl().toMillis();
      int events = ledger.expireBefore(cutoff);
      int clusters = index.expire();
      if (events > 0) {
        dirty = true; // the deletions must be committed even if no learned value changes
        rebuildLearnedFields();
        checkpoint();
      }
      return clusters;
    } finally {
      gate.writeLock().unlock();
    }
  }

  /** Recomputes the aggregates from the ledger and stages every learned field that differs. */
  private void rebuildLearnedFields() throws IOException {
    synchronized (applyLock) {
      dirty |= learned.reconcile(ledger);
    }
    flushLearnedFields();
  }

  /** Writes staged learned fields as doc values now and refreshes the chunk searchers. */
  public void flushLearnedFields() throws IOException {
    learned.flush();
  }

  /**
   * Maintenance: merges the cluster index into one segment when no feedback arrived since the
   * previous call, so that an idle store's lookups walk one HNSW graph instead of one per segment.
   * The next checkpoint commits the merge.
   */
  void mergeClustersWhenIdle() throws IOException {
    long writes = index.writes();
    long seen = writesAtLastIdleCheck;
    writesAtLastIdleCheck = writes;
    if (writes == seen && index.mergeIfUnchangedSince(writes)) {
      dirty = true;
    }
  }

  /**
   * Merges the cluster index into one segment now, as the store does by itself once no feedback
   * has arrived for 10 s: for benchmarks of that steady state. Committed at the next checkpoint.
   *
   * @return whether there was more than one segment to merge
   */
  public boolean mergeClusters() throws IOException {
    maintenance.check();
    if (index.mergeIfUnchangedSince(index.writes())) {
      dirty = true;
      return true;
    }
    return false;
  }

  /**
   * Commits the chunk index, the ledger and the cluster index, then trims the event log; does
   * nothing when nothing changed since the last checkpoint.
   */
  public void checkpoint() throws IOException {
    synchronized (checkpointLock) {
      long rolled;
      gate.writeLock().lock(); // waits for in-flight records: every event <= rolled is applied
      try {
        if (!dirty) {
          return; // nothing since the last checkpoint: no commits, no new log generation
        }
        dirty = false; // records applied after the roll set it again
        rolled = log.rollGeneration();
      } finally {
        gate.writeLock().unlock();
      }
      flushLearnedFields(); // recording goes on meanwhile; later events are in the new generation
      chunkWriter.commit();
      Map<String, String> data = Map.of(CHECKPOINT_KEY, Long.toString(rolled));
      ledger.commit(data, false);
      index.commit(data);
      log.trimUpTo(rolled);
    }
  }

  /** Counts by signal class and outcome, the positive rate, and what recovery found. */
  public StoreStats stats() throws IOException {
    return new StoreStats(index.stats(), ledger.size(), learned.chunks(), learned.pending(),
        recovery);
  }

  private void requireOpen() {
    if (closed) {
      throw new IllegalStateException("the feedback store is closed");
    }
  }

  /** Stops maintenance, checkpoints, and closes the log and both indexes. */
  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    maintenance.stop();
    try {
      checkpoint();
    } finally {
      closed = true;
      IOUtils.close(log, index, ledger);
    }
  }
}
