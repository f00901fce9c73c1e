package dev.relearn.feedback.index;

import dev.relearn.lucene.files.OwnerOnly;
import dev.relearn.feedback.event.FeedbackEvent;
import dev.relearn.feedback.index.AddResult.Status;
import dev.relearn.feedback.index.VectorSearch.Neighbour;
import dev.relearn.lucene.feedback.ChunkEvidence;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.store.Directory;

/**
 * The write side of a {@link FeedbackIndex}: one write at a time (each method holds this
 * object's monitor), each ending with a blocking near-real-time refresh so that the next lookup
 * sees it. Decisions (duplicate, merge target, compaction plan) are made on the refreshed
 * snapshot under the same monitor, so they always see every earlier write.
 */
final class ClusterWriter {
  private final Path folder;
  private final FeedbackIndexConfig config;
  private final Directory directory;
  private final IndexWriter writer;
  private final SearcherManager searchers;
  private final ClusterMerger merger;
  private volatile boolean closed;

  ClusterWriter(Path folder, FeedbackIndexConfig config, IndexFolder.Opened opened) {
    this.folder = folder;
    this.config = config;
    this.directory = opened.directory();
    this.writer = opened.writer();
    this.searchers = opened.searchers();
    this.merger = new ClusterMerger(config.perSessionCap(), config.decay());
  }

  /** Adds or merges an event; see {@link FeedbackIndex#add}. */
  synchronized AddResult add(FeedbackEvent event, float[] unitVector,
      Map<String, ChunkEvidence> evidence) throws IOException {
    ensureOpen();
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
      List<Neighbour> nearest = VectorSearch.search(searcher, unitVector,
          config.mergeSimilarity(), 1, FeedbackFields.sessionQuery(event.sessionHash()),
          config.exactFor(searcher.getIndexReader().numDocs()));
      if (nearest.isEmpty()) {
        cluster = merger.create(event, unitVector, evidence);
        status = Status.ADDED;
      } else {
        Cluster old = FeedbackFields.cluster(
            searcher.storedFields().document(nearest.get(0).doc()));
        cluster = merger.absorb(old, event, unitVector, evidence);
        status = Status.MERGED;
      }
    } finally {
      searchers.release(searcher);
    }
    writer.updateDocument(FeedbackFields.idTerm(cluster.id()), FeedbackFields.document(cluster));
    searchers.maybeRefreshBlocking();
    return new AddResult(status, cluster.id());
  }

  /** Compacts and commits; see {@link FeedbackIndex#compact()}. */
  synchronized CompactionReport compact() throws IOException {
    ensureOpen();
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
    int removed;
    IndexSearcher searcher = searchers.acquire();
    try {
      removed = searcher.count(query);
    } finally {
      searchers.release(searcher);
    }
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
    int removed;
    IndexSearcher searcher = searchers.acquire();
    try {
      removed = searcher.getIndexReader().numDocs();
    } finally {
      searchers.release(searcher);
    }
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
    if (userData != null) {
      writer.setLiveCommitData(Map.copyOf(userData).entrySet());
    }
    writer.commit();
    OwnerOnly.restrictTree(folder);
  }

  /** The user data of the latest commit. */
  Map<String, String> committedUserData() throws IOException {
    ensureOpen();
    return Map.copyOf(SegmentInfos.readLatestCommit(directory).getUserData());
  }

  /** The near-real-time searchers every write refreshes. */
  SearcherManager searchers() {
    ensureOpen();
    return searchers;
  }

  /** Closes everything without committing. Idempotent. */
  synchronized void close() throws IOException {
    if (!closed) {
      closed = true;
      IndexFolder.close(searchers, writer, directory);
    }
  }

  private void ensureOpen() {
    if (closed) {
      throw new IllegalStateException("feedback index is closed: " + folder);
    }
  }
}
