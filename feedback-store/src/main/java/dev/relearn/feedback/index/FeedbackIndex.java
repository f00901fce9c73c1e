package dev.relearn.feedback.index;

import dev.relearn.feedback.event.FeedbackEvent;
import dev.relearn.feedback.index.VectorSearch.Neighbour;
import dev.relearn.lucene.feedback.ChunkEvidence;
import dev.relearn.lucene.feedback.FeedbackLookup;
import dev.relearn.lucene.feedback.PastQuery;
import dev.relearn.lucene.files.StorageOpener;
import dev.relearn.lucene.files.WriteThreads;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.SearcherManager;

/**
 * The feedback index: past query vectors, clustered, with what they taught. It implements the
 * re-ranker's {@link FeedbackLookup}.
 *
 * <p>Threading: thread-safe. Lookups ({@link #similar}, {@link #contains}, {@link #forEach},
 * {@link #stats}) run concurrently on near-real-time snapshots; writes run one at a time. A
 * lookup refreshes the snapshot first when writes are pending, so it sees every write that has
 * returned, from any thread.
 *
 * <p>Durability: adds are visible at once but durable only after {@link #commit(Map)}, which
 * records the caller's user data (the store's log checkpoint) atomically with the index. {@link
 * #compact()}, {@link #forgetSession}, {@link #forgetAll()} and {@link #expire()} (when it deletes
 * anything) commit themselves, keeping the last user data, so they also make earlier adds
 * durable. {@link #close()} does not commit: uncommitted adds are discarded, and the store
 * replays its log from the committed checkpoint (adds are idempotent by event id).
 *
 * <p>Privacy: forgetting deletes every cluster a session contributed to and rewrites the segments
 * that held them before committing, so the vectors leave the disk. After {@link #compact()} a
 * cluster may merge several sessions; forgetting any of them deletes the whole cluster, the
 * other sessions' evidence included: privacy wins over keeping what was learned.
 */
public final class FeedbackIndex implements FeedbackLookup, Closeable {
  private final Path folder;
  private final FeedbackIndexConfig config;
  private final ClusterWriter writes;
  private final ClusterLookup lookup;

  private FeedbackIndex(Path folder, FeedbackIndexConfig config, ClusterWriter writes) {
    this.folder = folder;
    this.config = config;
    this.writes = writes;
    this.lookup = new ClusterLookup(folder, config);
  }

  /**
   * Opens (creating if needed) the feedback index in {@code dir}, holding its write lock until
   * {@link #close()}, writing through {@code storage}. The folder and its files are restricted to
   * their owner where POSIX allows. Lookups on other threads that must first make fresh writes
   * visible refresh on {@code refreshes}, the owner's write threads.
   *
   * @throws IllegalStateException if another process (or another open instance) holds the
   *     folder, or if its vectors have another dimension than {@code config}'s
   */
  public static FeedbackIndex open(Path dir, FeedbackIndexConfig config, StorageOpener storage,
      WriteThreads refreshes) throws IOException {
    Objects.requireNonNull(dir, "dir");
    Objects.requireNonNull(config, "config");
    Objects.requireNonNull(storage, "storage");
    Objects.requireNonNull(refreshes, "refreshes");
    Path folder = dir.toAbsolutePath().normalize();
    return new FeedbackIndex(folder, config, new ClusterWriter(folder, config,
        IndexFolder.open(folder, config.dimension(), storage), refreshes));
  }

  /** Whether any cluster holds {@code eventId}; sees every add that has returned. */
  public boolean contains(String eventId) throws IOException {
    Objects.requireNonNull(eventId, "eventId");
    SearcherManager searchers = writes.searchers();
    IndexSearcher searcher = searchers.acquire();
    try {
      return searcher.count(FeedbackFields.eventQuery(eventId)) > 0;
    } finally {
      searchers.release(searcher);
    }
  }

  /**
   * Records an event: merges it into the most similar cluster its session contributed to when
   * that is at least {@link FeedbackIndexConfig#mergeSimilarity()} similar (event count + 1,
   * count-weighted centroid, evidence summed and capped per session), else starts a cluster whose
   * id is the event id. An event id already present changes nothing. Visible to every lookup when
   * this returns; durable on the next commit.
   *
   * @param evidence what the event taught per chunk id (from {@code EventEvidence}); empty for an
   *     ambiguous event, which is still recorded
   * @throws IllegalArgumentException if the event's vector has the wrong dimension or is zero
   */
  public AddResult add(FeedbackEvent event, Map<String, ChunkEvidence> evidence)
      throws IOException {
    Objects.requireNonNull(event, "event");
    Map<String, ChunkEvidence> taught = Map.copyOf(Objects.requireNonNull(evidence, "evidence"));
    float[] unit = UnitVectors.copy(event.queryVector(), config.dimension(),
        "event " + event.eventId());
    return writes.add(event, unit, taught);
  }

  /**
   * Past query clusters at least {@code minSimilarity} similar to {@code queryVector}, most
   * similar first, their evidence decayed from their last event to the clock's now. Exact while
   * the index holds fewer than {@link FeedbackIndexConfig#exactSearchBelow()} clusters, HNSW
   * above. The vector is scaled to unit length in a copy; the caller's array is not modified.
   *
   * @throws IllegalArgumentException naming the sizes if the vector has the wrong dimension
   */
  @Override
  public List<PastQuery> similar(float[] queryVector, float minSimilarity, int max)
      throws IOException {
    return lookup.similar(writes.searchers(), queryVector, minSimilarity, max, null);
  }

  /**
   * As {@link #similar}, without the clusters any of {@code sessionHashes} contributed to: those
   * that {@link #forgetSession} deletes for each (merged clusters with other sessions included).
   */
  public List<PastQuery> similarExcept(float[] queryVector, float minSimilarity, int max,
      Collection<String> sessionHashes) throws IOException {
    return lookup.similar(writes.searchers(), queryVector, minSimilarity, max,
        FeedbackFields.withoutSessions(sessionHashes));
  }

  /**
   * Merges clusters of any session whose centroids are more than {@link
   * FeedbackIndexConfig#compactSimilarity()} similar (greedily, see {@link Compactor}): evidence
   * summed, sessions and event ids unioned. Then commits.
   */
  public CompactionReport compact() throws IOException {
    return writes.compact();
  }

  /**
   * Deletes every cluster {@code sessionHash} contributed to (after compaction, with the other
   * sessions merged into them), purges them from disk and commits.
   *
   * @return the clusters removed
   */
  public int forgetSession(String sessionHash) throws IOException {
    Objects.requireNonNull(sessionHash, "sessionHash");
    if (sessionHash.isBlank()) {
      throw new IllegalArgumentException("session hash must not be blank");
    }
    return writes.purge(FeedbackFields.sessionQuery(sessionHash), true);
  }

  /**
   * Deletes every cluster and commits (the commit's user data is kept).
   *
   * @return the clusters removed
   */
  public int forgetAll() throws IOException {
    return writes.purgeAll();
  }

  /**
   * Deletes clusters whose last event is older than {@link FeedbackIndexConfig#ttl()} by the
   * clock, purges them from disk and commits if it deleted any. A null ttl deletes nothing.
   *
   * @return the clusters removed
   */
  public int expire() throws IOException {
    if (config.ttl() == null) {
      return 0;
    }
    long cutoff = config.clock().millis() - config.ttl().toMillis();
    return writes.purge(FeedbackFields.lastBefore(cutoff), false);
  }

  /**
   * Commits everything written so far with {@code userData} as the commit's user data. It
   * replaces the previous map, and later commits of this index keep it.
   */
  public void commit(Map<String, String> userData) throws IOException {
    writes.commit(Objects.requireNonNull(userData, "userData"));
  }

  /** The user data of the last commit: empty until the first {@link #commit(Map)}. */
  public Map<String, String> committedUserData() throws IOException {
    return writes.committedUserData();
  }

  /** A count of the writes so far (adds, compactions, purges), to tell when it was idle. */
  public long writes() {
    return writes.writes();
  }

  /**
   * Merges the cluster index into one segment if nothing was written since {@code writesSeen}
   * ({@link #writes()}); lookups then walk one HNSW graph instead of one per segment. The merge
   * is committed by the next {@link #commit}.
   *
   * @return whether it merged
   */
  public boolean mergeIfUnchangedSince(long writesSeen) throws IOException {
    return writes.mergeIfUnchangedSince(writesSeen);
  }

  /** The clusters lookups see now. */
  public int clusters() throws IOException {
    SearcherManager searchers = writes.searchers();
    IndexSearcher searcher = searchers.acquire();
    try {
      return searcher.getIndexReader().numDocs();
    } finally {
      searchers.release(searcher);
    }
  }

  /**
   * The failure that stopped the cluster index's writer for good (a full disk, say), or null
   * while it works. Lookups then go on with the last snapshot; writes fail until it is reopened.
   */
  public Throwable tragicException() {
    return writes.tragicException();
  }

  /**
   * Waits until no background merge of the index runs: one that a failure broke has then stopped
   * the writer ({@link #tragicException()}).
   */
  public void awaitMerges() {
    writes.awaitMerges();
  }

  /** Counts over every cluster of the current snapshot. */
  public FeedbackStats stats() throws IOException {
    return ClusterScan.stats(writes.searchers());
  }

  /**
   * Calls {@code action} with every cluster of the current snapshot, in index order. Evidence is
   * as of each cluster's {@link Cluster#lastMillis()}, not decayed to now ({@link
   * FeedbackIndexConfig#decay()} does that). Concurrent writes do not disturb the scan, and the
   * action may itself write (the scan holds no lock).
   */
  public void forEach(Consumer<? super Cluster> action) throws IOException {
    ClusterScan.forEach(writes.searchers(), Objects.requireNonNull(action, "action"));
  }

  /** The index folder (absolute). */
  public Path folder() {
    return folder;
  }

  /** The configuration. */
  public FeedbackIndexConfig config() {
    return config;
  }

  /** Releases the folder's lock without committing: uncommitted adds are discarded. Idempotent. */
  @Override
  public void close() throws IOException {
    writes.close();
  }
}
