package dev.relearn.indexer.build;

import dev.relearn.lucene.schema.ChunkSchema;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.PostingsEnum;
import org.apache.lucene.index.SortedDocValues;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.util.Bits;
import org.apache.lucene.util.BytesRef;

/**
 * Picks the root key a folder's chunk paths start with, so that no two indexed roots share one.
 *
 * <p>A key is held by an origin when some of its chunk ids start with {@code key/}: a folder's ids
 * start with their paths, while a JSONL or BEIR record's id is its own, whatever its path. The choice
 * is the first candidate this origin holds that no other existing origin holds (a root keeps its
 * key across runs), else the first candidate no other existing origin holds. An origin whose file
 * or folder no longer exists does not block a key: its chunks under the chosen key are adopted,
 * so a folder that was moved and indexed again keeps its paths, ids and learned values. Nor does
 * an origin inside this one, whose chunks this origin takes over ({@link NestedOrigins}): a folder
 * indexed after one of its files gets the paths a fresh index gives.
 */
final class RootKeys {
  /**
   * The key chosen for a run.
   *
   * @param key the root key
   * @param adopted origins that no longer exist whose chunks under {@code key} the run takes over
   */
  record Choice(String key, List<String> adopted) {
    Choice {
      Objects.requireNonNull(key, "key");
      adopted = List.copyOf(adopted);
    }
  }

  private RootKeys() {}

  /**
   * @param candidates keys in order of preference, each one path segment
   * @throws IllegalStateException naming the origin when every candidate is held
   */
  static Choice choose(IndexReader reader, String origin, List<String> candidates)
      throws IOException {
    Set<String> others = new TreeSet<>(IndexOrigins.count(reader).keySet());
    others.remove(origin);
    NestedOrigins.inside(others, Path.of(origin)).forEach(others::remove);
    Choice free = null;
    for (String key : candidates) {
      List<String> gone = new ArrayList<>();
      boolean blocked = false;
      for (String other : others) {
        if (holds(reader, other, key)) {
          if (IndexOrigins.onDisk(other)) {
            blocked = true;
            break;
          }
          gone.add(other);
        }
      }
      if (blocked) {
        continue;
      }
      if (holds(reader, origin, key)) {
        return new Choice(key, gone);
      }
      if (free == null) {
        free = new Choice(key, gone);
      }
    }
    if (free == null) {
      throw new IllegalStateException("every path prefix for " + origin
          + " is used by another indexed source: " + candidates);
    }
    return free;
  }

  /**
   * Whether a live chunk of {@code origin} has an id under {@code key/}: the origin's postings
   * walked with the ids' sorted doc values, stopping at the first. A prefix query enumerated every
   * id under the key instead (a fifth of the CPU of indexing one file of a 14,000-chunk folder).
   */
  private static boolean holds(IndexReader reader, String origin, String key) throws IOException {
    BytesRef under = new BytesRef(key + "/");
    BytesRef past = new BytesRef(key + "0"); // '0' follows '/': ids under the key sort between
    Term originTerm = new Term(ChunkSchema.ORIGIN, origin);
    for (LeafReaderContext leaf : reader.leaves()) {
      SortedDocValues ids = DocValues.getSorted(leaf.reader(), ChunkSchema.ID);
      int from = firstOrdAtOrAfter(ids, under);
      int to = firstOrdAtOrAfter(ids, past);
      PostingsEnum docs = from < to ? leaf.reader().postings(originTerm, PostingsEnum.NONE) : null;
      if (docs == null) {
        continue;
      }
      Bits live = leaf.reader().getLiveDocs();
      for (int doc = docs.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = docs.nextDoc()) {
        if ((live == null || live.get(doc)) && ids.advanceExact(doc)
            && ids.ordValue() >= from && ids.ordValue() < to) {
          return true;
        }
      }
    }
    return false;
  }

  private static int firstOrdAtOrAfter(SortedDocValues ids, BytesRef term) throws IOException {
    int ord = ids.lookupTerm(term);
    return ord >= 0 ? ord : -ord - 1;
  }
}
