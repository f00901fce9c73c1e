package dev.relearn.indexer.build;

import dev.relearn.lucene.schema.ChunkSchema;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.IndexWriter;
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

  /** Marks {@code origin} unfinished, or not, in {@code writer}'s next commit. */
  static void mark(IndexWriter writer, String origin, boolean unfinished) {
    Map<String, String> data = liveData(writer);
    String key = UNFINISHED + origin;
    if (unfinished ? data.put(key, "") == null : data.remove(key) != null) {
      writer.setLiveCommitData(data.entrySet());
    }
  }

  /** A copy of {@code writer}'s commit data. */
  static Map<String, String> liveData(IndexWriter writer) {
    Map<String, String> data = new HashMap<>();
    Iterable<Map.Entry<String, String>> live = writer.getLiveCommitData();
    if (live != null) {
      live.forEach(entry -> data.put(entry.getKey(), entry.getValue()));
    }
    return data;
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

  /**
   * Whether the file or folder {@code origin} is on disk, following links unless {@code options}
   * says not to; an origin that is no path of this system counts as on disk (nothing to check).
   */
  public static boolean onDisk(String origin, LinkOption... options) {
    try {
      return Files.exists(Path.of(origin), options);
    } catch (InvalidPathException e) {
      return true;
    }
  }
}
