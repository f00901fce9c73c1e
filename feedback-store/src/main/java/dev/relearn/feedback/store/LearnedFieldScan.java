package dev.relearn.feedback.store;

import dev.relearn.feedback.index.FeedbackIndex;
import dev.relearn.feedback.learn.ChunkAggregates;
import dev.relearn.feedback.learn.LearnedFieldUpdater;
import dev.relearn.lucene.schema.ChunkSchema;
import dev.relearn.lucene.schema.LeafLearnedValues;
import dev.relearn.lucene.schema.LearnedValues;
import java.io.IOException;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.Map;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.SortedDocValues;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.util.Bits;

/**
 * Reconciles the chunk index's learned doc values with the recorded events: recomputes the
 * aggregates and stages each chunk whose values differ from what the next flush would leave
 * (including chunks whose evidence is gone, back to neutral).
 */
final class LearnedFieldScan {
  private LearnedFieldScan() {}

  /** Recomputes from {@code index}, stages the differences, and returns the new aggregates. */
  static ChunkAggregates reconcile(FeedbackIndex index, double perSessionCap,
      SearcherManager chunkSearchers, LearnedFieldUpdater updater)
      throws IOException {
    ChunkAggregates fresh = new ChunkAggregates(perSessionCap);
    index.forEachEvent(
        entry -> fresh.addEvent(entry.sessionHash(), entry.evidence(), entry.timeMillis()));
    Map<String, LearnedValues> stored = nonNeutral(chunkSearchers);
    stored.putAll(updater.staged()); // staged values are written by the next flush, whatever
    Set<String> ids = new LinkedHashSet<>(stored.keySet());
    ids.addAll(fresh.chunkIds());
    for (String id : ids) {
      LearnedValues target = fresh.get(id);
      if (!target.equals(stored.getOrDefault(id, LearnedValues.NEUTRAL))) {
        updater.stage(id, target);
      }
    }
    return fresh;
  }

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
}
