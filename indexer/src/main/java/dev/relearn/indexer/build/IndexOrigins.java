package dev.relearn.indexer.build;

import dev.relearn.lucene.schema.ChunkSchema;
import java.io.IOException;
import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.MultiTerms;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.util.BytesRef;

/**
 * The sources an index holds: each origin with its live chunks. An origin whose chunks are all
 * deleted is not listed, though its term stays in the index until segments merge. An origin
 * whose last index run committed part of its chunks and then stopped (killed, Ctrl-C, a full
 * disk) before its last commit is marked unfinished in the commit data until a run ends.
 */
public final class IndexOrigins {
  private static final String UNFINISHED = "relearn.unfinished:";

  private IndexOrigins() {}

  /** The commit data key that marks {@code origin} unfinished. */
  static String unfinishedKey(String origin) {
    return UNFINISHED + origin;
  }

  /** The origins that commit data {@code userData} marks unfinished, in order. */
  public static SortedSet<String> unfinished(Map<String, String> userData) {
    SortedSet<String> out = new TreeSet<>();
    userData.keySet().stream().filter(key -> key.startsWith(UNFINISHED))
        .forEach(key -> out.add(key.substring(UNFINISHED.length())));
    return out;
  }

  /** Live chunks per origin, in origin order; origins without live chunks are left out. */
  public static SortedMap<String, Integer> count(IndexReader reader) throws IOException {
    SortedMap<String, Integer> counts = new TreeMap<>();
    Terms terms = MultiTerms.getTerms(reader, ChunkSchema.ORIGIN);
    if (terms == null) {
      return counts;
    }
    IndexSearcher searcher = new IndexSearcher(reader);
    TermsEnum it = terms.iterator();
    for (BytesRef term = it.next(); term != null; term = it.next()) {
      String origin = term.utf8ToString();
      int live = searcher.count(ChunkSchema.originQuery(origin));
      if (live > 0) {
        counts.put(origin, live);
      }
    }
    return counts;
  }
}
