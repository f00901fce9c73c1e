package dev.relearn.feedback.index;

import dev.relearn.feedback.event.FeedbackEvent;
import dev.relearn.feedback.index.AddResult.Status;
import dev.relearn.lucene.feedback.ChunkEvidence;
import dev.relearn.lucene.files.MergeThreads;
import dev.relearn.lucene.files.OwnerOnly;
import dev.relearn.lucene.files.WriteThreads;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.MergePolicy;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.store.Directory;
import org.apache.lucene.util.IOFunction;

/**
 * The write side of a {@link FeedbackIndex}: one write at a time (each method holds this
 * object's monitor). An add does not refresh the reader: the clusters written since the last
 * refresh are kept in memory ({@link PendingClusters}), later adds consult them beside the
 * (older) snapshot, and every reader path refreshes first ({@link #searchers()}), so the next
 * lookup sees every write.
 * Decisions (duplicate, merge target, compaction plan) are made under the same monitor on the
 * snapshot and those pending clusters, so they always see every earlier write.
 */
final class ClusterWriter {
  private final Path folder;
  private final FeedbackIndexConfig config;
  private final Directory directory;
  private final IndexWriter writer;
  private final SearcherManager searchers;
  private final ClusterMerger merger;
  private final WriteThreads refreshes;
  /** Refresh at the latest after this many unrefreshed writes. */
  private static final int MAX_PENDING = 256;
  private final PendingClusters pending = new PendingClusters();
  private long writes; // adds, compactions and purges so far; guarded by this
  private volatile boolean closed;

  /** A writer of {@code opened}; lookups on other threads refresh on {@code refreshes}. */
  ClusterWriter(Path folder, FeedbackIndexConfig config, IndexFolder.Opened opened,
      WriteThreads refreshes) {
    this.folder = folder;
    this.refreshes = refreshes;
    this.config = config;
    this.directory = opened.directory();
    this.writer = opened.writer();
    this.searchers = opened.searchers();
    this.merger = new ClusterMerger(config.perSessionCap(), config.decay());
  }

  /**
   * Adds or merges an event; see {@link FeedbackIndex#add}. The reader is not refreshed here:
   * clusters written since the last refresh are kept in {@link PendingClusters} and consulted
   * beside the (possibly older) searcher, and every reader path refreshes first ({@link
   * #searchers()}).
   */
  synchronized AddResult add(FeedbackEvent event, float[] unitVector,
      Map<String, ChunkEvidence> evidence) throws IOException {
    ensureOpen();
    writes++;
    String pendingCluster = pending.clusterOfEvent(event.eventId());
    if (pendingCluster != null) {
      return new AddResult(Status.DUPLICATE, pendingCluster);
    }
    Cluster cluster;
    Status status;
    IndexSearcher searcher = searchers.acquire();
    try {
      ScoreDoc[] holder = searcher.search(FeedbackFields.eventQuery(event.eventId()), 1)
          .scoreDocs;
      if (holder.length > 0) {
        return new AddResult(Status.DUPLICATE, searcher.storedFields()
            .document(holder[0].doc, Set.of(FeedbackFields.ID)).get(FeedbackFields.ID));
      }
      Cluster old = pending.mergeTarget(searcher, event.sessionHash(), unitVector, config);
      if (old == null) {
        cluster = merger.create(event, unitVector, evidence);
        status = Status.ADDED;
      } else {
        cluster = merger.absorb(old, event, unitVector, evidence);
        status = Status.MERGED;
      }
    } finally {
      searchers.release(searcher);
    }
    writer.updateDocument(FeedbackFields.idTerm(cluster.id()), FeedbackFields.document(cluster));
    if (pending.put(event.eventId(), cluster) >= MAX_PENDING) {
      refreshIfDirty();
    }
    return new AddResult(status, cluster.id());
  }

  /**
   * Makes every write visible to new searchers, if there are unrefreshed ones. After a failure
   * that stopped the writer for good ({@link #tragicException()}), searchers keep the last
   * snapshot: lookups go on with what was learned until then.
   */
  synchronized void refreshIfDirty() throws IOException {
    if (!pending.isEmpty() && writer.getTragicException() == null) {
      searchers.maybeRefreshBlocking();
      pending.clear();
    }
  }

  /** Compacts and commits; see {@link FeedbackIndex#compact()}. */
  synchronized CompactionReport compact() throws IOException {
    ensureOpen();
    writes++;
    refreshIfDirty();
    int before;
    Compactor.Plan plan;
    IndexSearcher searcher = searchers.acquire();
    try {
      before = searcher.getIndexReader().numDocs();
      plan = new Compactor(merger, config.compactSimilarity())
          .plan(searcher, config.exactFor(before));
    } finally {
      searchers.release(searcher);
    }
    for (Cluster cluster : plan.updated()) {
      writer.updateDocument(FeedbackFields.idTerm(cluster.id()), FeedbackFields.document(cluster));
    }
    writer.deleteDocuments(plan.removed().stream().map(FeedbackFields::idTerm)
        .toArray(Term[]::new));
    commit(null);
    searchers.maybeRefreshBlocking();
    return new CompactionReport(before, before - plan.removed().size());
  }

  /**
   * Deletes what {@code query} matches, rewriting the segments that held it so it leaves the
   * disk, and commits if anything was deleted or {@code commitAlways}.
   *
   * @return the clusters deleted
   */
  synchronized int purge(Query query, boolean commitAlways) throws IOException {
    ensureOpen();
    writes++;
    refreshIfDirty();
    int removed = withSearcher(searcher -> searcher.count(query));
    if (removed > 0) {
      writer.deleteDocuments(query);
      writer.forceMergeDeletes(true);
    }
    if (removed > 0 || commitAlways) {
      commit(null);
      searchers.maybeRefreshBlocking();
    }
    return removed;
  }

  /** Deletes every cluster (dropping every segment) and commits. @return the clusters deleted */
  synchronized int purgeAll() throws IOException {
    ensureOpen();
    writes++;
    refreshIfDirty();
    int removed = withSearcher(searcher -> searcher.getIndexReader().numDocs());
    writer.deleteAll();
    commit(null);
    searchers.maybeRefreshBlocking();
    return removed;
  }

  /**
   * Commits, restricting new files to their owner.
   *
   * @param userData the commit's user data, or null to keep the last commit's
   */
  synchronized void commit(Map<String, String> userData) throws IOException {
    ensureOpen();
    refreshIfDirty();
    if (userData != null) {
      writer.setLiveCommitData(Map.copyOf(userData).entrySet());
    }
    writer.commit();
    OwnerOnly.restrictTree(folder);
  }

  /** How many writes (adds, compactions, purges) this writer has taken. */
  synchronized long writes() {
    return writes;
  }

  /**
   * Merges the index into one segment if nothing was written since {@code writesSeen} (a value
   * of {@link #writes()}) and lookups see more than one segment: every lookup walks one HNSW
   * graph per segment, so one segment makes lookups several times cheaper. Writes may go on
   * while it merges. Not committed here: the store's next checkpoint commits it. A merge that a
   * concurrent forget aborts (Lucene's {@code deleteAll} aborts running merges) is skipped, not
   * an error: it is only an optimisation.
   *
   * @return whether it merged
   */
  boolean mergeIfUnchangedSince(long writesSeen) throws IOException {
    synchronized (this) {
      ensureOpen();
      if (writes != writesSeen) {
        return false;
      }
      refreshIfDirty();
    }
    if (withSearcher(searcher -> searcher.getIndexReader().leaves().size()) <= 1) {
      return false;
    }
    try {
      writer.forceMerge(1);
    } catch (IOException e) {
      if (abortedMerge(e)) {
        return false; // a forget deleted everything meanwhile; the next idle spell merges again
      }
      throw e;
    }
    searchers.maybeRefreshBlocking();
    return true;
  }

  /** Whether {@code e} reports a merge that {@code deleteAll} or a close aborted. */
  private static boolean abortedMerge(Throwable e) {
    for (Throwable cause = e; cause != null; cause = cause.getCause()) {
      if (cause instanceof MergePolicy.MergeAbortedException) {
        return true;
      }
    }
    return false;
  }

  /** The user data of the latest commit. */
  Map<String, String> committedUserData() throws IOException {
    ensureOpen();
    return Map.copyOf(SegmentInfos.readLatestCommit(directory).getUserData());
  }

  /** The failure that stopped the writer for good (a full disk, say), or null while it works. */
  Throwable tragicException() {
    return writer.getTragicException();
  }

  /** Waits until no background merge of the index runs ({@link MergeThreads#await}). */
  void awaitMerges() {
    MergeThreads.await(writer);
  }

  /**
   * The searcher manager, refreshed first if writes are pending: on a write thread, as the
   * refresh flushes the writer ({@link WriteThreads}; an interrupted lookup then throws {@link
   * java.io.InterruptedIOException}).
   */
  SearcherManager searchers() throws IOException {
    ensureOpen();
    if (dirty()) {
      refreshes.run(this::refreshIfDirty);
    }
    return searchers;
  }

  private synchronized boolean dirty() {
    return !pending.isEmpty();
  }

  /** Closes everything without committing. Idempotent. */
  synchronized void close() throws IOException {
    if (!closed) {
      closed = true;
      IndexFolder.close(searchers, writer, directory);
    }
  }

  /** What {@code read} finds in the current searcher (not refreshed here). */
  private <T> T withSearcher(IOFunction<IndexSearcher, T> read) throws IOException {
    IndexSearcher searcher = searchers.acquire();
    try {
      return read.apply(searcher);
    } finally {
      searchers.release(searcher);
    }
  }

  private void ensureOpen() {
    if (closed) {
      throw new IllegalStateException("feedback index is closed: " + folder);
    }
  }
}
