package dev.relearn.feedback.store;

import dev.relearn.feedback.event.EventEvidence;
import dev.relearn.feedback.event.FeedbackEvent;
import dev.relearn.feedback.index.FeedbackIndex;
import dev.relearn.feedback.learn.ChunkAggregates;
import dev.relearn.feedback.learn.LearnedFieldUpdater;
import dev.relearn.lucene.schema.LearnedValues;
import dev.relearn.lucene.schema.LearnedValuesSource;
import java.io.IOException;
import java.util.concurrent.locks.Lock;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.search.SearcherManager;

/**
 * The store's learned per-chunk fields, in their two forms: the in-memory aggregates (the
 * authority, computed from the recorded events, which the engine's searches read at once), and
 * the doc-values updates staged for the chunk index and written by {@link #flush}: readers of the
 * doc values see a change after the next flush.
 *
 * <p>Changes ({@link #add}, {@link #reconcile}) must come one at a time: the store makes them
 * under its apply lock ({@link Checkpointer#apply}). Reads ({@link #get}, {@link #source}) are
 * lock-free.
 */
final class LearnedFields {
  private final double perSessionCap;
  private final SearcherManager chunkSearchers;
  private final Lock chunkWrites;
  private final LearnedFieldUpdater updater;
  private volatile ChunkAggregates aggregates;
  private final StoreStop stop;

  /**
   * @param perSessionCap the most evidence one session may add to one chunk
   * @param chunkWriter the chunk index's writer, where staged values are written
   * @param chunkSearchers refreshed after each write, so searches see the new doc values
   * @param chunkWrites held while writing and refreshing: the refresh would show the chunk index
   *     as it is, so it waits for an index call's writes to end (see {@link
   *     FeedbackStore#chunkIndexWrites()})
   * @param stop what a failed write stops: the chunk index's writer may then name doc-values
   *     files it deleted, so nothing may write through it until the store is reopened
   */
  LearnedFields(double perSessionCap, IndexWriter chunkWriter, SearcherManager chunkSearchers,
      Lock chunkWrites, StoreStop stop) {
    this.perSessionCap = perSessionCap;
    this.stop = stop;
    this.chunkSearchers = chunkSearchers;
    this.chunkWrites = chunkWrites;
    this.updater = new LearnedFieldUpdater(chunkWriter);
    this.aggregates = new ChunkAggregates(perSessionCap);
  }

  /** Adds {@code event}'s evidence: its changed chunks are visible at once and staged. */
  void add(FeedbackEvent event, EventEvidence evidence) {
    updater.stageAll(aggregates.add(event, evidence));
  }

  /**
   * Recomputes the aggregates from {@code index}'s events and stages every stored field that
   * differs.
   *
   * @return whether anything is staged
   */
  boolean reconcile(FeedbackIndex index) throws IOException {
    aggregates = LearnedFieldScan.reconcile(index, perSessionCap, chunkSearchers,
        updater);
    return updater.pending() > 0;
  }

  /**
   * Writes the staged values as doc values and refreshes the chunk searchers; a failure stops
   * the store ({@link StoreStop}).
   */
  void flush() throws IOException {
    chunkWrites.lock();
    try {
      if (updater.flush() > 0) {
        chunkSearchers.maybeRefreshBlocking();
      }
    } catch (IOException | RuntimeException e) {
      stop.stop(e);
      throw e;
    } finally {
      chunkWrites.unlock();
    }
  }

  /** A chunk's learned values now (ahead of the doc values). */
  LearnedValues get(String chunkId) {
    return aggregates.get(chunkId);
  }

  /** Learned values for searches, through the aggregates' per-segment ledger slots. */
  LearnedValuesSource source() {
    return leaf -> aggregates.bySegment().forLeaf(leaf);
  }

  /** How many chunks have learned values. */
  int chunks() {
    return aggregates.size();
  }

  /** How many chunks' values are staged and not yet written. */
  int pending() {
    return updater.pending();
  }
}
