package dev.relearn.feedback.index;

import dev.relearn.feedback.event.FeedbackEvent;
import dev.relearn.feedback.index.RecordedEvents.Stored;
import dev.relearn.lucene.feedback.ChunkEvidence;
import dev.relearn.lucene.feedback.FeedbackLookup;
import dev.relearn.lucene.feedback.PastQuery;
import dev.relearn.lucene.files.StorageOpener;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.function.Consumer;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.util.IOUtils;

/**
 * The events index: every recorded feedback event with its query vector and evidence, and the
 * chunk renames and compaction merges, in one Lucene index ({@link EventFields}); the query
 * clusters that lookups read are derived from it in memory ({@link RecordedEvents}).
 *
 * <p>Thread-safe. Lookups see every write that has returned; writes run one at a time, durable
 * after {@link #commit(Map)} (with the caller's user data). {@link #close()} does not commit: the
 * store replays its log (adds are idempotent by event id).
 *
 * <p>Privacy: a forgotten session's events are deleted and the next commit rewrites their
 * segments, so their vectors leave the disk; centroids exist in memory only, and cluster ids are
 * random.
 */
public final class FeedbackIndex implements FeedbackLookup, Closeable {
  private final Path folder;
  private final FeedbackIndexConfig config;
  private final EventsWriter files;
  private final IndexWriter writer;
  private volatile RecordedEvents state;
  private volatile boolean closed;

  private FeedbackIndex(Path folder, FeedbackIndexConfig config, EventsWriter files) {
    this.folder = folder;
    this.config = config;
    this.files = files;
    this.writer = files.writer();
  }

  /**
   * Opens (creating owner-only) the events index in {@code dir}, holding its write lock until
   * {@link #close()}, writing through {@code storage}, and gives {@code scanned} each event read
   * (as {@link #forEachEvent} would). IllegalStateException if another process or instance holds
   * the folder, or its vectors have another dimension than {@code config}'s.
   */
  public static FeedbackIndex open(Path dir, FeedbackIndexConfig config, StorageOpener storage,
      Consumer<RecordedEvents.Entry> scanned) throws IOException {
    Path folder = dir.toAbsolutePath().normalize();
    EventsWriter files = EventsWriter.open(folder, storage);
    try {
      FeedbackIndex index = new FeedbackIndex(folder, config, files);
      index.rebuild(scanned);
      return index;
    } catch (IOException | RuntimeException | Error e) {
      IOUtils.closeWhileSuppressingExceptions(e, files);
      throw e;
    }
  }

  /** What the events hold, derived in memory: it sees every write that has returned. */
  public RecordedEvents recorded() {
    return state;
  }

  /**
   * Records an event with what it taught per chunk id (empty when ambiguous), in its session's
   * most similar cluster at least {@link FeedbackIndexConfig#mergeSimilarity()} similar, else a
   * new one; a known event id changes nothing. Visible to lookups when this returns.
   */
  public AddResult add(FeedbackEvent event, Map<String, ChunkEvidence> evidence)
      throws IOException {
    return addAll(List.of(new TaughtEvent(event, evidence))).getFirst();
  }

  /** {@link #add}s the events in order, shown to lookups together: one table copy per call. */
  public synchronized List<AddResult> addAll(List<TaughtEvent> events) throws IOException {
    ensureOpen();
    List<AddResult> results = new ArrayList<>(events.size());
    try {
      for (TaughtEvent taught : events) {
        results.add(addUnpublished(taught.event(), Map.copyOf(taught.evidence())));
      }
    } finally {
      if (results.stream().anyMatch(r -> r != AddResult.DUPLICATE)) {
        state.table().publish();
      }
    }
    return results;
  }

  private AddResult addUnpublished(FeedbackEvent event, Map<String, ChunkEvidence> taught)
      throws IOException {
    RecordedEvents recorded = state;
    if (recorded.contains(event.eventId())) {
      return AddResult.DUPLICATE;
    }
    float[] unit = UnitVectors.copy(event.queryVector(), config.dimension(),
        "event " + event.eventId());
    Cluster target = recorded.table().mergeTarget(event.sessionHash(), unit);
    String cluster = target == null ? UUID.randomUUID().toString() : target.id();
    long seq = recorded.nextSeq();
    writer.addDocument(EventFields.event(event, taught, cluster, seq));
    recorded.add(new Stored(seq, event, taught, cluster), cluster);
    return target == null ? AddResult.ADDED : AddResult.MERGED;
  }

  /** Past queries as {@link FeedbackLookup} says, decayed to now ({@link ClusterTable}). */
  @Override
  public List<PastQuery> similar(float[] queryVector, float minSimilarity, int max) {
    return state.similar(queryVector, minSimilarity, max, List.of());
  }

  /**
   * Merges clusters more than {@link FeedbackIndexConfig#compactSimilarity()} similar ({@link
   * ClusterTable#compactionGroups}), linking each absorbed one to the kept one; durable on commit.
   */
  public synchronized CompactionReport compact() throws IOException {
    ensureOpen();
    int before = state.table().size();
    for (List<String> group : state.table().compactionGroups(config.compactSimilarity())) {
      for (String absorbed : group.subList(1, group.size())) {
        String from = EventFields.CLUSTER + absorbed;
        writer.updateDocument(EventFields.linkOf(from), EventFields.link(from, group.get(0)));
      }
    }
    rebuild();
    return new CompactionReport(before, state.table().size());
  }

  /**
   * Deletes the events of {@code sessionHash}; lookups stop seeing the clusters it contributed to
   * at once (those shared after compaction come back rebuilt from the others' events), the next
   * commit purges them from disk. Returns the clusters removed.
   */
  public int forgetSession(String sessionHash) throws IOException {
    return forget(Objects.requireNonNull(sessionHash, "sessionHash"));
  }

  /** Deletes every event (and so every link); returns the clusters removed. */
  public int forgetAll() throws IOException {
    return forget(null);
  }

  private synchronized int forget(String sessionHash) throws IOException {
    ensureOpen();
    List<Cluster> touched = state.table().touchedBy(sessionHash);
    if (touched.isEmpty()) {
      return 0;
    }
    int before = state.table().size();
    state.table().remove(touched.stream().map(Cluster::id).toList()); // lookups first
    return before - delete(sessionHash == null ? EventFields.before(Long.MAX_VALUE)
        : new TermQuery(EventFields.sessionOf(sessionHash)));
  }

  /** Deletes events past {@link FeedbackIndexConfig#ttl()}, purged on commit; clusters removed. */
  public synchronized int expire() throws IOException {
    ensureOpen();
    if (config.ttl() == null) {
      return 0;
    }
    long cutoff = config.clock().millis() - config.ttl().toMillis();
    if (state.table().clusters().stream().noneMatch(c -> c.firstMillis() < cutoff)) {
      return 0; // the usual case: nothing read, nothing written
    }
    return state.table().size() - delete(EventFields.before(cutoff));
  }

  /**
   * Records that chunk {@code from} is now {@code to}: its evidence counts for {@code to}, whose
   * own link goes (an edit reverted gives a chunk its old id back: no cycle). Says what that did
   * to recorded evidence.
   */
  public synchronized RenameEffect rename(String from, String to) throws IOException {
    ensureOpen();
    if (from.equals(to)) {
      return new RenameEffect(false, null);
    }
    String key = EventFields.CHUNK + from;
    writer.updateDocument(EventFields.linkOf(key), EventFields.link(key, to));
    writer.deleteDocuments(EventFields.linkOf(EventFields.CHUNK + to));
    return state.rename(from, to);
  }

  /**
   * Commits everything written so far with {@code userData}, first rewriting the segments that
   * held events deleted since the last commit, so that their bytes leave the disk.
   */
  public synchronized void commit(Map<String, String> userData) throws IOException {
    ensureOpen();
    files.commit(userData);
  }

  /** The failure that stopped the writer for good (a full disk, say), or null while it works. */
  public Throwable tragicException() {
    return files.tragicException();
  }

  /** Waits until no background merge runs: a broken one has then stopped the writer. */
  public void awaitMerges() {
    files.awaitMerges();
  }

  /** {@code evidence} under the chunks' current ids, as {@link #forEachEvent} gives events. */
  public Map<String, ChunkEvidence> currentIds(Map<String, ChunkEvidence> evidence) {
    return state.current(evidence);
  }

  /** {@link RecordedEvents#forEachEvent}: every event recorded so far, read from the index. */
  public synchronized void forEachEvent(Consumer<RecordedEvents.Entry> action) throws IOException {
    try (DirectoryReader reader = DirectoryReader.open(writer)) {
      state.forEachEvent(reader, folder, action);
    }
  }

  /** Derives the state from the index again. */
  private void rebuild() throws IOException {
    rebuild(entry -> { });
  }

  private void rebuild(Consumer<RecordedEvents.Entry> scanned) throws IOException {
    RecordedEvents replaced = state;
    try (DirectoryReader reader = DirectoryReader.open(writer)) {
      state = RecordedEvents.scan(reader, config, folder, scanned);
    }
    if (replaced != null) {
      replaced.retire(); // no graph of it to build on in the background
    }
  }

  /** Deletes the events {@code query} matches, then dead links, rebuilding; clusters left. */
  private int delete(Query query) throws IOException {
    writer.deleteDocuments(query);
    files.purgeOnCommit();
    rebuild();
    List<Term> dead = new ArrayList<>();
    for (String kind : List.of(EventFields.CHUNK, EventFields.CLUSTER)) {
      state.deadLinks(kind).forEach(from -> dead.add(EventFields.linkOf(kind + from)));
    }
    if (!dead.isEmpty()) {
      writer.deleteDocuments(dead.toArray(Term[]::new));
      rebuild();
    }
    return state.table().size();
  }

  private void ensureOpen() {
    if (closed) {
      throw new IllegalStateException("feedback index is closed: " + folder);
    }
  }

  /** Releases the folder's lock without committing. Idempotent. */
  @Override
  public synchronized void close() throws IOException {
    if (!closed) {
      closed = true;
      state.retire();
      files.close(); // uncommitted changes are in the event log and are replayed
    }
  }
}
