package dev.relearn.feedback.store;

import dev.relearn.lucene.schema.ChunkSchema;
import dev.relearn.lucene.schema.LearnedValues;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.SortedDocValues;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.util.Bits;

/** Reads the learned doc values of every live chunk that is not neutral. */
final class LearnedFieldScan {
  private LearnedFieldScan() {}

  static Map<String, LearnedValues> nonNeutral(SearcherManager searchers) throws IOException {
    Map<String, LearnedValues> out = new HashMap<>();
    IndexSearcher searcher = searchers.acquire();
    try {
      for (LeafReaderContext leaf : searcher.getIndexReader().leaves()) {
        SortedDocValues ids = DocValues.getSorted(leaf.reader(), ChunkSchema.ID);
        Bits live = leaf.reader().getLiveDocs();
        for (int doc = 0; doc < leaf.reader().maxDoc(); doc++) {
          if (live != null && !live.get(doc)) {
            continue;
          }
          LearnedValues values = LearnedValues.read(leaf.reader(), doc);
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
