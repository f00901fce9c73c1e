package dev.relearn.lucene.rerank;

import dev.relearn.lucene.schema.ChunkDocs;
import dev.relearn.lucene.schema.LearnedValues;
import dev.relearn.lucene.schema.LearnedValuesSource;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.search.IndexSearcher;

/**
 * The documents of one searcher that similar past queries vouch for (their chunk's {@link
 * FeedbackEvidence#boost} has evidence): every other candidate's learned terms are exactly {@code
 * +0.0}, so the re-rank scores it from its first-stage scores alone. Found through {@link
 * ChunkDocs} from the evidence's chunk ids; each document's learned values are read, and its boost
 * and usage features computed, when the table is built. So a re-rank prepared beside the first
 * stage ({@link LearnedRescorer#prepare}) finds all it needs for them here, without reading the
 * index. An open-addressing table keyed by doc id, small enough to stay in cache while a window
 * is scored. Immutable once built.
 */
final class VouchedDocs {
  /** No document is vouched for. */
  static final VouchedDocs NONE = new VouchedDocs(new int[] {-1}, new Chunk[1], 0);

  /**
   * What is known of one vouched document's chunk.
   *
   * @param id the chunk id
   * @param learned its learned values when the table was built
   * @param boost its boost from the similar past queries
   * @param usage its usage features from {@code learned}
   */
  record Chunk(String id, LearnedValues learned, LearnedBoost boost, ChunkUsage usage) {}

  private final int[] docs; // -1 marks a free slot
  private final Chunk[] chunks; // by slot
  private final int size;

  private VouchedDocs(int[] docs, Chunk[] chunks, int size) {
    this.docs = docs;
    this.chunks = chunks;
    this.size = size;
  }

  /**
   * The vouched documents of {@code searcher}, by the chunk ids in {@code idField}, with their
   * learned values from {@code learnedValues} and their usage features from {@code extractor}.
   */
  static VouchedDocs of(IndexSearcher searcher, String idField, FeedbackEvidence evidence,
      LearnedValuesSource learnedValues, FeatureExtractor extractor) throws IOException {
    List<String> ids = evidence.vouchedChunks();
    if (ids.isEmpty()) {
      return NONE;
    }
    Builder builder = new Builder(ids.size());
    for (LeafReaderContext leaf : searcher.getIndexReader().leaves()) {
      ChunkDocs chunkDocs = ChunkDocs.of(leaf.reader(), idField);
      long[] found = new long[8]; // local doc in the high bits, index into ids in the low
      int count = 0;
      for (int c = 0; c < ids.size(); c++) {
        for (int doc : chunkDocs.docs(ids.get(c))) {
          if (count == found.length) {
            found = Arrays.copyOf(found, 2 * count);
          }
          found[count++] = ((long) doc << 32) | c;
        }
      }
      if (count == 0) {
        continue;
      }
      Arrays.sort(found, 0, count); // learned values are read in doc order
      LearnedValuesSource.LeafValues values = learnedValues.forLeaf(leaf.reader());
      for (int i = 0; i < count; i++) {
        int doc = (int) (found[i] >>> 32);
        LearnedValues learned = CandidateReader.learned(values, doc, leaf.docBase + doc);
        String id = ids.get((int) found[i]);
        builder.add(leaf.docBase + doc,
            new Chunk(id, learned, evidence.boost(id), extractor.usage(learned)));
      }
    }
    return builder.build();
  }

  /** What is known of {@code doc}'s chunk, or null if no similar past query vouches for it. */
  Chunk chunk(int doc) {
    int mask = docs.length - 1;
    for (int slot = mix(doc) & mask; ; slot = (slot + 1) & mask) {
      int found = docs[slot];
      if (found == doc) {
        return chunks[slot];
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

  /** Fills a table that stays under half full; each document is added once. */
  private static final class Builder {
    private int[] docs;
    private Chunk[] chunks;
    private int size;

    Builder(int expected) {
      allocate(Integer.highestOneBit(Math.max(4, expected * 4 - 1)) << 1);
    }

    void add(int doc, Chunk chunk) {
      if (2 * (size + 1) > docs.length) {
        int[] oldDocs = docs;
        Chunk[] oldChunks = chunks;
        allocate(docs.length * 2);
        for (int slot = 0; slot < oldDocs.length; slot++) {
          if (oldDocs[slot] != -1) {
            insert(oldDocs[slot], oldChunks[slot]);
          }
        }
      }
      insert(doc, chunk);
    }

    VouchedDocs build() {
      return new VouchedDocs(docs, chunks, size);
    }

    private void allocate(int capacity) {
      docs = new int[capacity];
      Arrays.fill(docs, -1);
      chunks = new Chunk[capacity];
      size = 0;
    }

    private void insert(int doc, Chunk chunk) {
      int mask = docs.length - 1;
      int slot = mix(doc) & mask;
      while (docs[slot] != -1) {
        slot = (slot + 1) & mask;
      }
      docs[slot] = doc;
      chunks[slot] = chunk;
      size++;
    }
  }
}
