package dev.relearn.feedback.store;

import static dev.relearn.feedback.store.LedgerDocuments.ALIAS_FROM;
import static dev.relearn.feedback.store.LedgerDocuments.ALIAS_TO;
import static dev.relearn.feedback.store.LedgerDocuments.EVENT_ID;
import static dev.relearn.feedback.store.LedgerDocuments.EVIDENCE;
import static dev.relearn.feedback.store.LedgerDocuments.SESSION;
import static dev.relearn.feedback.store.LedgerDocuments.SUMMARY;
import static dev.relearn.feedback.store.LedgerDocuments.TIME;
import static dev.relearn.feedback.store.LedgerDocuments.forEachLive;
import static dev.relearn.feedback.store.LedgerDocuments.renameOf;

import dev.relearn.feedback.event.EventSummary;
import dev.relearn.feedback.event.EvidenceCodec;
import dev.relearn.feedback.event.FeedbackEvent;
import dev.relearn.lucene.feedback.ChunkEvidence;
import dev.relearn.lucene.files.OwnerOnly;
import dev.relearn.lucene.files.MergeThreads;
import dev.relearn.lucene.files.ShieldedLockFactory;
import dev.relearn.lucene.files.StorageOpener;
import dev.relearn.lucene.schema.ChunkIds;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.index.TieredMergePolicy;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.LockObtainFailedException;

/**
 * Every applied event, without its query vector: id, session hash, time and per-chunk evidence.
 * The learned fields are a function of this ledger, so they can be recomputed exactly; the
 * cluster index, which merges events, serves similarity lookups instead. Also records chunk
 * renames (a changed chunk's new id inherits the old one's evidence). Ids are kept in memory for
 * O(1) duplicate checks. How events and renames are stored, and what any ledger reader tells
 * without this state, is {@link LedgerDocuments}. Thread-safe.
 */
final class EventLedger implements Closeable {
  /** One ledger entry as recomputation needs it. */
  record Entry(String sessionHash, long timeMillis, Map<String, ChunkEvidence> evidence) {}

  private final Path folder;
  private final Directory directory;
  private final IndexWriter writer;
  private final Set<String> ids = new HashSet<>();
  private final Map<String, String> aliases = new HashMap<>();
  private volatile Map<String, String> renamed = Map.of(); // see renamed(); rebuilt when stale
  private volatile boolean renamedStale;
  private boolean deleted; // events were deleted since the last commit; guarded by this
  private final RecentEvents recent = new RecentEvents(); // guarded by this
  private boolean recentStale; // events were deleted since recent was filled; guarded by this

  private EventLedger(Path folder, Directory directory, IndexWriter writer) {
    this.folder = folder;
    this.directory = directory;
    this.writer = writer;
  }

  static EventLedger open(Path folder, StorageOpener storage) throws IOException {
    OwnerOnly.createFolder(folder);
    Directory directory = storage.directory(folder, ShieldedLockFactory.INSTANCE);
    IndexWriter writer;
    try {
      TieredMergePolicy mergePolicy = new TieredMergePolicy();
      mergePolicy.setForceMergeDeletesPctAllowed(0); // a purge rewrites every segment it touched
      writer = new IndexWriter(directory, new IndexWriterConfig().setMergePolicy(mergePolicy));
    } catch (LockObtainFailedException e) {
      directory.close();
      throw new IllegalStateException("feedback ledger in use by another process: " + folder, e);
    }
    EventLedger ledger = new EventLedger(folder, directory, writer);
    ledger.load();
    return ledger;
  }

  private void load() throws IOException {
    try (DirectoryReader reader = DirectoryReader.open(writer)) {
      forEachLive(reader, Set.of(EVENT_ID, ALIAS_FROM, ALIAS_TO, SUMMARY), d -> {
        if (d.get(EVENT_ID) != null) {
          ids.add(d.get(EVENT_ID));
          if (d.get(SUMMARY) != null) {
            recent.add(EventSummary.decode(d.get(SUMMARY)));
          }
        } else if (d.get(ALIAS_FROM) != null) {
          aliases.put(d.get(ALIAS_FROM), d.get(ALIAS_TO));
          renamedStale = true;
        }
      });
    }
  }

  /** The failure that stopped the ledger's writer for good, or null while it works. */
  Throwable tragicException() {
    return writer.getTragicException();
  }

  synchronized boolean contains(String eventId) {
    return ids.contains(eventId);
  }

  synchronized int size() {
    return ids.size();
  }

  /** Adds an event (not committed). A duplicate id is ignored. */
  synchronized boolean add(FeedbackEvent event, Map<String, ChunkEvidence> evidence)
      throws IOException {
    if (!ids.add(event.eventId())) {
      return false;
    }
    writer.addDocument(LedgerDocuments.event(event, evidence));
    recent.add(EventSummary.of(event));
    return true;
  }

  /** The newest {@code limit} events' summaries (at most {@link RecentEvents#LIMIT}). */
  synchronized List<EventSummary> recent(int limit) throws IOException {
    if (recentStale) {
      recent.clear();
      try (DirectoryReader reader = DirectoryReader.open(writer)) {
        LedgerDocuments.summaries(reader, recent);
      }
      recentStale = false;
    }
    return recent.newest(limit);
  }

  /** Records that chunk {@code from} is now {@code to}: its evidence counts for {@code to}. */
  synchronized void rename(String from, String to) throws IOException {
    if (from.equals(to)) {
      return;
    }
    aliases.put(from, to);
    renamedStale = true;
    writer.updateDocument(renameOf(from), LedgerDocuments.rename(from, to));
  }

  /**
   * Every renamed chunk id mapped to its current id (renames followed), both {@link
   * ChunkIds#canonical}; immutable. Cheap unless a rename happened since the last call: for
   * similar-query lookups, whose stored evidence still names the ids it was recorded under.
   */
  Map<String, String> renamed() {
    if (renamedStale) {
      synchronized (this) {
        if (renamedStale) {
          renamed = RenamedEvidence.resolved(aliases);
          renamedStale = false;
        }
      }
    }
    return renamed;
  }

  /** The current id of a chunk, following renames. */
  synchronized String resolve(String chunkId) {
    return RenamedEvidence.current(aliases, chunkId);
  }

  /** Calls {@code consumer} for every event, with chunk ids resolved through renames. */
  synchronized void forEach(Consumer<Entry> consumer) throws IOException {
    try (DirectoryReader reader = DirectoryReader.open(writer)) {
      forEachLive(reader, null, d -> {
        if (d.get(EVENT_ID) == null) {
          return;
        }
        Map<String, ChunkEvidence> resolved = new HashMap<>();
        EvidenceCodec.decodeChunks(d.getBinaryValue(EVIDENCE))
            .forEach((chunk, evidence) -> resolved.merge(resolve(chunk), evidence,
                ChunkEvidence::plus));
        consumer.accept(new Entry(d.get(SESSION),
            d.getField(TIME).numericValue().longValue(), resolved));
      });
    }
  }

  /** Deletes a session's events; returns how many. Not committed. */
  synchronized int forgetSession(String sessionHash) throws IOException {
    return delete(LedgerDocuments.ofSession(sessionHash));
  }

  /** Deletes every event (renames stay: see {@link #pruneRenames}); returns how many. */
  synchronized int forgetAll() throws IOException {
    return delete(LedgerDocuments.allEvents());
  }

  /** Deletes events older than {@code cutoffMillis}; returns how many. Not committed. */
  synchronized int expireBefore(long cutoffMillis) throws IOException {
    return delete(LedgerDocuments.eventsUpTo(cutoffMillis - 1));
  }

  /**
   * Deletes the renames that no event and none of {@code namedElsewhere} (the chunk ids the
   * cluster index names) goes through any more; returns how many. Not committed. Without this,
   * every rename of a chunk with evidence stayed for good, in memory and on disk, long after the
   * events it served were forgotten or expired.
   */
  synchronized int pruneRenames(Set<String> namedElsewhere) throws IOException {
    if (aliases.isEmpty()) {
      return 0;
    }
    Set<String> named = new HashSet<>(namedElsewhere);
    try (DirectoryReader reader = DirectoryReader.open(writer)) {
      forEachLive(reader, Set.of(EVIDENCE), d -> {
        if (d.getBinaryValue(EVIDENCE) != null) {
          named.addAll(EvidenceCodec.decodeChunks(d.getBinaryValue(EVIDENCE)).keySet());
        }
      });
    }
    Set<String> needed = RenamedEvidence.needed(aliases, named);
    int before = aliases.size();
    for (String from : Set.copyOf(aliases.keySet())) {
      if (!needed.contains(from)) {
        writer.deleteDocuments(renameOf(from));
        aliases.remove(from);
      }
    }
    if (aliases.size() < before) {
      renamedStale = true;
      deleted = true;
    }
    return before - aliases.size();
  }

  /**
   * Deletes the events {@code query} matches; returns how many. Only those events' ids are read
   * (an expiry on open that finds nothing reads nothing more, and no forget rescans the ledger).
   */
  private int delete(Query query) throws IOException {
    List<String> gone = new ArrayList<>();
    try (DirectoryReader reader = DirectoryReader.open(writer)) {
      IndexSearcher searcher = new IndexSearcher(reader);
      int matches = searcher.count(query);
      if (matches == 0) {
        return 0;
      }
      StoredFields stored = searcher.storedFields();
      for (ScoreDoc hit : searcher.search(query, matches).scoreDocs) {
        String id = stored.document(hit.doc, Set.of(EVENT_ID)).get(EVENT_ID);
        if (id != null) {
          gone.add(id);
        }
      }
    }
    writer.deleteDocuments(query);
    deleted = true;
    recentStale = true;
    gone.forEach(ids::remove);
    return gone.size();
  }

  /**
   * Commits with {@code userData}. When events were deleted (forgotten or expired) since the last
   * commit, the segments that held them are rewritten first, so that their bytes leave the disk
   * with this commit instead of staying in segment files until a merge.
   */
  synchronized void commit(Map<String, String> userData) throws IOException {
    if (deleted) {
      writer.forceMergeDeletes(true);
    }
    writer.setLiveCommitData(userData.entrySet());
    writer.commit();
    deleted = false;
    OwnerOnly.restrictTree(folder); // new segment files follow the umask, as the clusters' do
  }

  /** Waits until no background merge of the ledger runs ({@link MergeThreads#await}). */
  void awaitMerges() {
    MergeThreads.await(writer);
  }

  @Override
  public synchronized void close() throws IOException {
    try (directory) {
      writer.rollback(); // uncommitted changes are in the event log and are replayed
    }
  }
}
