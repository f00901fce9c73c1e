package dev.relearn.lucene.rerank;

import dev.relearn.lucene.schema.ChunkDocs;
import dev.relearn.lucene.schema.LearnedValues;
import dev.relearn.lucene.schema.LearnedValuesSource;
import java.io.IOException;
import java.util.ArrayList;
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
 * index. Immutable once built.
 *
 * <p><b>Layout.</b> The table is usually built on the lookup thread and read on the caller's, so
 * every cache line the ranking touches crosses between cores. Ranking therefore reads only two
 * flat arrays: an open-addressing table of (doc, index) pairs, and the numbers a score needs,
 * {@link #STRIDE} per document. When it chased each vouched document's objects instead (its id,
 * learned values, boost and usage), the two passes that read the table took 9.6 µs of ToolLens's
 * 14 µs re-rank at p50; with the arrays, 4.8 µs. The objects are kept, as {@link Chunk}, for the
 * few hits a re-rank returns with their features.
 */
final class VouchedDocs {
  /** No document is vouched for. */
  static final VouchedDocs NONE = new VouchedDocs(new int[] {-1, 0}, new double[0], new Chunk[0]);

  /** Numbers per document in {@link #numbers}: uses, boost evidence and value, usage. */
  private static final int STRIDE = 6;

  /**
   * What is known of one vouched document's chunk.
   *
   * @param id the chunk id
   * @param learned its learned values when the table was built
   * @param boost its boost from the similar past queries
   * @param usage its usage features from {@code learned}
   */
  record Chunk(String id, LearnedValues learned, LearnedBoost boost, ChunkUsage usage) {}

  private final int[] table; // pairs (doc, index); doc -1 marks a free slot
  private final double[] numbers; // by index, STRIDE each
  private final Chunk[] chunks; // by index

  private VouchedDocs(int[] table, double[] numbers, Chunk[] chunks) {
    this.table = table;
    this.numbers = numbers;
    this.chunks = chunks;
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
    List<Integer> docs = new ArrayList<>(ids.size());
    List<Chunk> chunks = new ArrayList<>(ids.size());
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
        docs.add(leaf.docBase + doc);
        chunks.add(new Chunk(id, learned, evidence.boost(id), extractor.usage(learned)));
      }
    }
    return of(docs, chunks);
  }

  /** The table of {@code chunks}, each of the document at the same place in {@code docs}. */
  private static VouchedDocs of(List<Integer> docs, List<Chunk> chunks) {
    int n = docs.size();
    int slots = Integer.highestOneBit(Math.max(2, 2 * n - 1)) << 1; // at most half full
    int[] table = new int[2 * slots];
    for (int slot = 0; slot < slots; slot++) {
      table[2 * slot] = -1;
    }
    double[] numbers = new double[STRIDE * n];
    for (int index = 0; index < n; index++) {
      int doc = docs.get(index);
      int slot = mix(doc) & (slots - 1);
      while (table[2 * slot] != -1) {
        slot = (slot + 1) & (slots - 1);
      }
      table[2 * slot] = doc;
      table[2 * slot + 1] = index;
      Chunk chunk = chunks.get(index);
      int at = STRIDE * index;
      numbers[at] = chunk.learned().clicks();
      numbers[at + 1] = chunk.boost().evidence();
      numbers[at + 2] = chunk.boost().value();
      numbers[at + 3] = chunk.usage().logPrior();
      numbers[at + 4] = chunk.usage().recency();
      numbers[at + 5] = chunk.usage().logUses();
    }
    return new VouchedDocs(table, numbers, chunks.toArray(new Chunk[0]));
  }

  /** The index of {@code doc}'s entry, or -1 if no similar past query vouches for it. */
  int indexOf(int doc) {
    int mask = table.length / 2 - 1;
    for (int slot = mix(doc) & mask; ; slot = (slot + 1) & mask) {
      int found = table[2 * slot];
      if (found == doc) {
        return table[2 * slot + 1];
      }
      if (found == -1) {
        return -1;
      }
    }
  }

  /** What is known of the chunk of the document at {@code index}. */
  Chunk chunk(int index) {
    return chunks[index];
  }

  /** Its uses: the learned clicks, as {@link WindowStats.Builder#addUses} takes them. */
  double uses(int index) {
    return numbers[STRIDE * index];
  }

  /**
   * Its score in {@code model} from these first-stage terms, exactly as {@link
   * LinearModel#score(CandidateFeatures)} of its features: {@link LearnedBoost#evidence} and
   * {@link LearnedBoost#value} are all of the boost that counts.
   *
   * @param logMaxUses {@code ln(1+most uses)} of the vouched documents in the window
   */
  double score(int index, LinearModel model, double relevance, double balance,
      double logMaxUses) {
    int at = STRIDE * index;
    return model.score(relevance, balance, numbers[at + 1], numbers[at + 2], numbers[at + 3],
        numbers[at + 4], UsageSignals.frequencyOfLogs(numbers[at + 5], logMaxUses), 0);
  }

  /** How many documents are vouched for. */
  int size() {
    return chunks.length;
  }

  private static int mix(int doc) {
    int h = doc * 0x9E3779B9;
    return h ^ (h >>> 16);
  }
}
