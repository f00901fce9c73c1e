package dev.relearn.lucene.rerank;

import dev.relearn.lucene.schema.ChunkDocs;
import java.io.IOException;
import java.util.Arrays;
import java.util.Map;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.search.IndexSearcher;

/**
 * The documents of one searcher that similar past queries vouch for (their chunk's boost has
 * evidence), with that boost: the re-rank reads ids and learned values only for these, because
 * every other candidate's learned terms are exactly {@code +0.0}. Found through {@link ChunkDocs}
 * from the evidence's chunk ids, so a document's boost here is exactly {@link
 * FeedbackEvidence#boost} of its id. An open-addressing map from doc id to boost, small enough to
 * stay in cache while a window is scored. Immutable once built.
 */
final class VouchedDocs {
  /** No document is vouched for. */
  static final VouchedDocs NONE = new VouchedDocs(new int[] {-1}, new LearnedBoost[1], 0);

  private final int[] docs; // -1 marks a free slot
  private final LearnedBoost[] boosts;
  private final int size;

  private VouchedDocs(int[] docs, LearnedBoost[] boosts, int size) {
    this.docs = docs;
    this.boosts = boosts;
    this.size = size;
  }

  /** The vouched documents of {@code searcher}, by the chunk ids in {@code idField}. */
  static VouchedDocs of(IndexSearcher searcher, String idField, FeedbackEvidence evidence)
      throws IOException {
    Map<String, LearnedBoost> byChunk = evidence.vouched();
    if (byChunk.isEmpty()) {
      return NONE;
    }
    Builder builder = new Builder(byChunk.size());
    for (LeafReaderContext leaf : searcher.getIndexReader().leaves()) {
      ChunkDocs chunkDocs = ChunkDocs.of(leaf.reader(), idField);
      for (Map.Entry<String, LearnedBoost> chunk : byChunk.entrySet()) {
        for (int doc : chunkDocs.docs(chunk.getKey())) {
          builder.put(leaf.docBase + doc, chunk.getValue());
        }
      }
    }
    return builder.build();
  }

  /** The boost of {@code doc}, or null when no similar past query vouches for it. */
  LearnedBoost get(int doc) {
    int mask = docs.length - 1;
    for (int slot = mix(doc) & mask; ; slot = (slot + 1) & mask) {
      int found = docs[slot];
      if (found == doc) {
        return boosts[slot];
      }
      if (found == -1) {
        return null;
      }
    }
  }

  /** How many documents are vouched for. */
  int size() {
    return size;
  }

  private static int mix(int doc) {
    int h = doc * 0x9E3779B9;
    return h ^ (h >>> 16);
  }

  /** Fills a table that stays under half full. */
  private static final class Builder {
    private int[] docs;
    private LearnedBoost[] boosts;
    private int size;

    Builder(int expected) {
      allocate(Integer.highestOneBit(Math.max(4, expected * 4 - 1)) << 1);
    }

    void put(int doc, LearnedBoost boost) {
      if (2 * (size + 1) > docs.length) {
        int[] oldDocs = docs;
        LearnedBoost[] oldBoosts = boosts;
        allocate(docs.length * 2);
        for (int i = 0; i < oldDocs.length; i++) {
          if (oldDocs[i] != -1) {
            insert(oldDocs[i], oldBoosts[i]);
          }
        }
      }
      insert(doc, boost);
    }

    VouchedDocs build() {
      return new VouchedDocs(docs, boosts, size);
    }

    private void allocate(int capacity) {
      docs = new int[capacity];
      Arrays.fill(docs, -1);
      boosts = new LearnedBoost[capacity];
      size = 0;
    }

    private void insert(int doc, LearnedBoost boost) {
      int mask = docs.length - 1;
      int slot = mix(doc) & mask;
      while (docs[slot] != -1 && docs[slot] != doc) {
        slot = (slot + 1) & mask;
      }
      if (docs[slot] == -1) {
        size++;
      }
      docs[slot] = doc;
      boosts[slot] = boost;
    }
  }
}
