package dev.relearn.feedback.learn;

import dev.relearn.lucene.schema.ChunkSchema;
import dev.relearn.lucene.schema.LearnedValues;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.lucene.document.Field;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.PostingsEnum;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.util.Bits;
import org.apache.lucene.util.BytesRef;

/**
 * Mirrors learned values into the chunk index's doc-values-only fields with {@link
 * IndexWriter#updateDocValues}. Changes are staged (the latest per chunk wins; lock-free, also
 * during a flush) and applied by {@link #flush()}, all five fields of a chunk in one update, so a
 * reader never sees half of them; visible after a searcher refresh, durable at the writer's next
 * commit. An id matching no document changes nothing ({@link #unknownIds} reports such ids).
 */
public final class LearnedFieldUpdater {
  /** The doc-values overlays (sparse layers of updates) {@link #withOverlays} allows per field. */
  public static final int OVERLAYS = 8;

  private final IndexWriter chunkWriter;
  private final ConcurrentHashMap<String, LearnedValues> staged = new ConcurrentHashMap<>();

  /** An updater writing through the chunk index's writer. */
  public LearnedFieldUpdater(IndexWriter chunkWriter) {
    this.chunkWriter = Objects.requireNonNull(chunkWriter, "chunkWriter");
  }

  /**
   * Returns {@code config} with {@link IndexWriterConfig#setMaxDocValuesOverlays}({@link
   * #OVERLAYS}), so that a flush writes a layer of just the changed documents rather than
   * rewriting each learned field of a whole segment; the values read are the same.
   */
  public static IndexWriterConfig withOverlays(IndexWriterConfig config) {
    return config.setMaxDocValuesOverlays(OVERLAYS);
  }

  /** Stages a chunk's values for the next flush, replacing any value staged before. */
  public void stage(String chunkId, LearnedValues values) {
    Objects.requireNonNull(chunkId, "chunkId");
    Objects.requireNonNull(values, "values");
    if (chunkId.isBlank()) {
      throw new IllegalArgumentException("chunk id must not be blank, got: '" + chunkId + "'");
    }
    staged.put(chunkId, values);
  }

  /** Stages every entry, as {@link #stage} does. */
  public void stageAll(Map<String, LearnedValues> values) {
    values.forEach(this::stage);
  }

  /** The values staged for the next flush, by chunk id: a snapshot. */
  public Map<String, LearnedValues> staged() {
    return Map.copyOf(staged);
  }

  /** The number of chunks staged and not yet flushed. */
  public int pending() {
    return staged.size();
  }

  /**
   * Applies every staged change and returns how many chunks were updated. If the writer fails,
   * the changes not yet applied are staged again (unless a newer one was) and the failure thrown.
   */
  public synchronized int flush() throws IOException {
    List<String> ids = new ArrayList<>(staged.keySet());
    Collections.sort(ids); // a deterministic order, for reproducible segments
    int applied = 0;
    for (String id : ids) {
      LearnedValues values = staged.remove(id);
      if (values == null) {
        continue;
      }
      try {
        chunkWriter.updateDocValues(ChunkSchema.idTerm(id),
            values.toFields().toArray(new Field[0]));
      } catch (IOException | RuntimeException e) {
        staged.putIfAbsent(id, values);
        throw e;
      }
      applied++;
    }
    return applied;
  }

  /** The ids with no live document in the searcher's index, sorted. */
  public static Set<String> unknownIds(IndexSearcher searcher, Collection<String> ids)
      throws IOException {
    Set<String> unknown = new TreeSet<>(ids);
    for (LeafReaderContext context : searcher.getIndexReader().leaves()) {
      if (unknown.isEmpty()) {
        break;
      }
      LeafReader leaf = context.reader();
      Terms terms = leaf.terms(ChunkSchema.ID);
      if (terms == null) {
        continue;
      }
      TermsEnum termsEnum = terms.iterator();
      Bits live = leaf.getLiveDocs();
      PostingsEnum postings = null;
      for (var it = unknown.iterator(); it.hasNext(); ) {
        if (termsEnum.seekExact(new BytesRef(it.next()))) {
          postings = termsEnum.postings(postings, PostingsEnum.NONE);
          if (hasLiveDoc(postings, live)) {
            it.remove();
          }
        }
      }
    }
    return unknown;
  }

  private static boolean hasLiveDoc(PostingsEnum postings, Bits live) throws IOException {
    for (int doc = postings.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS;
        doc = postings.nextDoc()) {
      if (live == null || live.get(doc)) {
        return true;
      }
    }
    return false;
  }
}
