package dev.relearn.feedback.store;

import dev.relearn.feedback.event.FeedbackEvent;
import dev.relearn.feedback.index.FeedbackIndex;
import dev.relearn.feedback.learn.ChunkAggregates;
import dev.relearn.feedback.learn.LearnedFieldUpdater;
import dev.relearn.lucene.feedback.ChunkEvidence;
import dev.relearn.lucene.schema.ChunkSchema;
import dev.relearn.lucene.schema.LeafLearnedValues;
import dev.relearn.lucene.schema.LearnedValues;
import dev.relearn.lucene.schema.LearnedValuesSource;
import java.io.IOException;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.locks.Lock;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.SortedDocValues;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.util.Bits;

/**
 * The store's learned per-chunk fields: the in-memory aggregates (the authority, which searches
 * read at once) and the doc values staged for the chunk index, written by {@link #flush}. Changes
 * come one at a time, under the apply lock ({@link Checkpointer#apply}); reads are lock-free.
 */
final class LearnedFields {
  private final double perSessionCap;
  private final SearcherManager chunkSearchers;
  private final Lock chunkWrites;
  private final LearnedFieldUpdater updater;
  private volatile ChunkAggregates aggregates;
  private final StoreStop stop;

  /**
   * Starts from {@code aggregates} (of the events as opened, capped at {@code perSessionCap} per
   * session, as every recount is), writes through {@code chunkWriter}
   * and refreshes {@code chunkSearchers} holding {@code chunkWrites} (so the refresh never shows
   * half an index call); a failed write stops the store via {@code stop}, as the writer may then
   * name doc-values files it deleted.
   */
  LearnedFields(double perSessionCap, ChunkAggregates aggregates, IndexWriter chunkWriter,
      SearcherManager chunkSearchers, Lock chunkWrites, StoreStop stop) {
    this.perSessionCap = perSessionCap;
    this.stop = stop;
    this.chunkSearchers = chunkSearchers;
    this.chunkWrites = chunkWrites;
    this.updater = new LearnedFieldUpdater(chunkWriter);
    this.aggregates = aggregates;
  }

  /**
   * Adds {@code event}'s {@code evidence} (under the chunks' current ids, as {@link #reconcile}
   * reads it): its changed chunks are visible at once and staged.
   */
  void add(FeedbackEvent event, Map<String, ChunkEvidence> evidence) {
    updater.stageAll(aggregates.addEvent(event.sessionHash(), evidence, event.timestampMillis()));
  }

  /**
   * Moves chunk {@code from}'s values, as they are, to {@code to}, which has none (a renamed
   * chunk whose evidence all moved): what a {@link #reconcile} would give, without reading every
   * event. Both are staged.
   */
  void move(String from, String to) {
    updater.stage(to, aggregates.move(from, to));
    updater.stage(from, LearnedValues.NEUTRAL);
  }

  /**
   * Recomputes the aggregates from {@code index}'s events and stages each chunk whose values
   * differ from what the next flush would leave (also chunks whose evidence is gone, back to
   * neutral); whether anything is staged.
   */
  boolean reconcile(FeedbackIndex index) throws IOException {
    ChunkAggregates fresh = new ChunkAggregates(perSessionCap);
    index.forEachEvent(
        entry -> fresh.addEvent(entry.sessionHash(), entry.evidence(), entry.timeMillis()));
    aggregates = fresh;
    return stageDifferences();
  }

  /**
   * Stages each chunk whose values in the aggregates differ from what the next flush would leave
   * (as {@link #reconcile} does, without counting again); whether anything is staged.
   */
  boolean stageDifferences() throws IOException {
    ChunkAggregates current = aggregates;
    Map<String, LearnedValues> stored = nonNeutral(chunkSearchers);
    stored.putAll(updater.staged()); // staged values are written by the next flush, whatever
    Set<String> ids = new LinkedHashSet<>(stored.keySet());
    ids.addAll(current.chunkIds());
    for (String id : ids) {
      LearnedValues target = current.get(id);
      if (!target.equals(stored.getOrDefault(id, LearnedValues.NEUTRAL))) {
        updater.stage(id, target);
      }
    }
    return updater.pending() > 0;
  }

  /** The learned values of the chunk index's live documents that are not neutral, by chunk id. */
  static Map<String, LearnedValues> nonNeutral(SearcherManager searchers) throws IOException {
    Map<String, LearnedValues> out = new HashMap<>();
    IndexSearcher searcher = searchers.acquire();
    try {
      for (LeafReaderContext leaf : searcher.getIndexReader().leaves()) {
        SortedDocValues ids = DocValues.getSorted(leaf.reader(), ChunkSchema.ID);
        LeafLearnedValues learned = LeafLearnedValues.of(leaf.reader());
        Bits live = leaf.reader().getLiveDocs();
        for (int doc = 0; doc < leaf.reader().maxDoc(); doc++) {
          if (live != null && !live.get(doc)) {
            continue;
          }
          LearnedValues values = learned.read(doc);
          if (!values.equals(LearnedValues.NEUTRAL) && ids.advanceExact(doc)) {
            out.put(ids.lookupOrd(ids.ordValue()).utf8ToString(), values);
          }
        }
      }
    } finally {
      searchers.release(searcher);
    }
    return out;
  }

  /**
   * Refreshes the chunk searchers, so that {@link #reconcile} compares with what the chunk index
   * holds now: the chunks an index call wrote since, with the learned values it gave them.
   */
  void refreshSearchers() throws IOException {
    chunkWrites.lock();
    try {
      chunkSearchers.maybeRefreshBlocking();
    } finally {
      chunkWrites.unlock();
    }
  }

  /** Writes the staged values and refreshes the chunk searchers; a failure stops the store. */
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

  int chunks() {
    return aggregates.size();
  }

  /** How many chunks' values are staged and not yet written. */
  int pending() {
    return updater.pending();
  }
}
