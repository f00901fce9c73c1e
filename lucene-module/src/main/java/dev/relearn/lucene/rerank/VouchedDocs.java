package dev.relearn.lucene.rerank;

import dev.relearn.lucene.schema.ChunkDocs;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.search.IndexSearcher;

/**
 * The documents of one searcher that similar past queries vouch for (their chunk's {@link
 * FeedbackEvidence#boost} has evidence): the re-rank reads ids and learned values only for these,
 * because every other candidate's learned terms are exactly {@code +0.0}. Found through {@link
 * ChunkDocs} from the evidence's chunk ids. An open-addressing set of doc ids, small enough to
 * stay in cache while a window is scored. Immutable once built.
 */
final class VouchedDocs {
  /** No document is vouched for. */
  static final VouchedDocs NONE = new VouchedDocs(new int[] {-1}, 0);

  private final int[] docs; // -1 marks a free slot
  private final int size;

  private VouchedDocs(int[] docs, int size) {
    this.docs = docs;
    this.size = size;
  }

  /** The vouched documents of {@code searcher}, by the chunk ids in {@code idField}. */
  static VouchedDocs of(IndexSearcher searcher, String idField, FeedbackEvidence evidence)
      throws IOException {
    List<String> chunks = evidence.vouchedChunks();
    if (chunks.isEmpty()) {
      return NONE;
    }
    Builder builder = new Builder(chunks.size());
    for (LeafReaderContext leaf : searcher.getIndexReader().leaves()) {
      ChunkDocs chunkDocs = ChunkDocs.of(leaf.reader(), idField);
      for (String chunk : chunks) {
        for (int doc : chunkDocs.docs(chunk)) {
          builder.add(leaf.docBase + doc);
        }
      }
    }
    return builder.build();
  }

  /** Whether a similar past query vouches for {@code doc}. */
  boolean contains(int doc) {
    int mask = docs.length - 1;
    for (int slot = mix(doc) & mask; ; slot = (slot + 1) & mask) {
      int found = docs[slot];
      if (found == doc) {
        return true;
      }
      if (found == -1) {
        return false;
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
    private int size;

    Builder(int expected) {
      allocate(Integer.highestOneBit(Math.max(4, expected * 4 - 1)) << 1);
    }

    void add(int doc) {
      if (2 * (size + 1) > docs.length) {
        int[] old = docs;
        allocate(docs.length * 2);
        for (int kept : old) {
          if (kept != -1) {
            insert(kept);
          }
        }
      }
      insert(doc);
    }

    VouchedDocs build() {
      return new VouchedDocs(docs, size);
    }

    private void allocate(int capacity) {
      docs = new int[capacity];
      Arrays.fill(docs, -1);
      size = 0;
    }

    private void insert(int doc) {
      int mask = docs.length - 1;
      int slot = mix(doc) & mask;
      while (docs[slot] != -1 && docs[slot] != doc) {
        slot = (slot + 1) & mask;
      }
      if (docs[slot] == -1) {
        docs[slot] = doc;
        size++;
      }
    }
  }
}
