package dev.relearn.lucene.rerank;

import dev.relearn.lucene.schema.ChunkIds;
import dev.relearn.lucene.schema.ChunkSchema;
import dev.relearn.lucene.schema.LearnedValues;
import dev.relearn.lucene.schema.LearnedValuesSource;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.search.IndexSearcher;

/**
 * Reads what the index knows about first-stage hits: the chunk id from the doc values of the id
 * field ({@link ChunkSchema#ID} unless the options name another, through {@link ChunkIds}), the
 * learned values through a {@link LearnedValuesSource}, and (only when a context needs them) the
 * stored {@link ChunkSchema#PATH} and {@link ChunkSchema#KIND}. Hits are visited in doc-id order,
 * leaf by leaf, so each doc-values iterator only moves forward with {@code advanceExact}; the
 * result keeps the input order. Works on any index, not only one relearn's indexer built: a
 * missing field reads as no id, neutral learned values, no path and no kind.
 */
final class CandidateReader {
  private static final Set<String> CONTEXT_FIELDS = Set.of(ChunkSchema.PATH, ChunkSchema.KIND);

  private final LearnedValuesSource learnedValues;
  private final boolean readContextFields;
  private final String idField;

  /**
   * A reader for one rescorer.
   *
   * @param learnedValues where learned values are read
   * @param readContextFields whether to load the stored path and kind
   * @param idField the field whose doc values hold the chunk ids
   */
  CandidateReader(LearnedValuesSource learnedValues, boolean readContextFields, String idField) {
    this.learnedValues = Objects.requireNonNull(learnedValues, "learnedValues");
    this.readContextFields = readContextFields;
    this.idField = Objects.requireNonNull(idField, "idField");
  }

  /**
   * The first-stage hits {@code firstStage} (positions 0, 1, 2, …; ids, paths and learned values
   * not read yet; doc ids in the searcher's reader) with what the index knows about them, in the
   * same order.
   */
  List<Candidate> read(IndexSearcher searcher, List<Candidate> firstStage) throws IOException {
    List<LeafReaderContext> leaves = searcher.getIndexReader().leaves();
    long[] byDoc = new long[firstStage.size()]; // doc in the high bits, input position in the low
    for (int i = 0; i < byDoc.length; i++) {
      byDoc[i] = ((long) firstStage.get(i).doc() << 32) | i;
    }
    Arrays.sort(byDoc);
    StoredFields stored = readContextFields ? searcher.storedFields() : null;
    Candidate[] out = new Candidate[byDoc.length];
    LeafReaderContext leaf = null;
    ChunkIds ids = null;
    LearnedValuesSource.LeafValues learnedReader = null;
    Candidate previous = null;
    for (long entry : byDoc) {
      int i = (int) entry;
      Candidate hit = firstStage.get(i);
      int doc = hit.doc();
      if (previous != null && previous.doc() == doc) { // a duplicate: read it once
        out[i] = with(hit, previous.chunkId(), previous.path(), previous.kind(),
            previous.learned());
        continue;
      }
      if (leaf == null || doc >= leaf.docBase + leaf.reader().maxDoc()) {
        leaf = leaves.get(ReaderUtil.subIndex(doc, leaves));
        ids = ChunkIds.of(leaf.reader(), idField);
        learnedReader = learnedValues.forLeaf(leaf.reader());
      }
      int local = doc - leaf.docBase;
      String path = null;
      String kind = null;
      if (stored != null) {
        Document fields = stored.document(doc, CONTEXT_FIELDS);
        path = fields.get(ChunkSchema.PATH);
        kind = fields.get(ChunkSchema.KIND);
      }
      out[i] = with(hit, ids.get(local), path, kind, learned(learnedReader, local, doc));
      previous = out[i];
    }
    return Arrays.asList(out);
  }

  private static Candidate with(Candidate hit, String chunkId, String path, String kind,
      LearnedValues learned) {
    return new Candidate(hit.doc(), hit.position(), hit.firstStageScore(), hit.bm25(),
        hit.vector(), chunkId, path, kind, learned);
  }

  /**
   * The learned values of segment document {@code local}, top-level {@code doc}.
   *
   * @throws NullPointerException naming {@code doc} if the source returns null
   */
  static LearnedValues learned(LearnedValuesSource.LeafValues values, int local, int doc)
      throws IOException {
    LearnedValues learned = values.read(local);
    if (learned == null) {
      throw new NullPointerException("the LearnedValuesSource returned null for doc " + doc);
    }
    return learned;
  }
}
