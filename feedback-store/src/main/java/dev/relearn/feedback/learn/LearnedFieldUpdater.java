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
 * Mirrors learned values into the chunk index's doc-values-only fields, in place, with {@link
 * IndexWriter#updateDocValues}. Changes are staged (the latest value per chunk wins) and applied
 * in batches by {@link #flush()}: one update of all five learned fields per chunk, so a reader
 * never sees half of a chunk's values. Staging is lock-free and may run during a flush; a value
 * staged during a flush is kept for the next one unless the flush already took it.
 *
 * <p>After a flush, callers refresh their {@code SearcherManager}; only the refreshed searcher
 * sees the new values. The update is durable at the writer's next commit.
 *
 * <p>An update whose id matches no document changes nothing, silently: use {@link #unknownIds} to
 * report such ids. Give the chunk writer's config {@link #withOverlays} so that an update costs
 * time and bytes in proportion to the chunks changed, not to the size of the index.
 */
public final class LearnedFieldUpdater {
  /**
   * The doc-values overlays {@link #withOverlays} allows per field: sparse layers of updated
   * values stacked on a segment's doc values, collapsed into a full rewrite of the field only
   * when there would be more.
   */
  public static final int OVERLAYS = 8;

  private final IndexWriter chunkWriter;
  private final ConcurrentHashMap<String, LearnedValues> staged = new ConcurrentHashMap<>();

  /** An updater writing through the chunk index's writer. */
  public LearnedFieldUpdater(IndexWriter chunkWriter) {
    this.chunkWriter = Objects.requireNonNull(chunkWriter, "chunkWriter");
  }

  /**
   * Enables incremental doc-values updates on a chunk writer's config: {@link
   * IndexWriterConfig#setMaxDocValuesOverlays} with {@link #OVERLAYS}. Without it (Lucene's
   * default, 0), every batch of updates rewrites each learned field of a whole segment; with it,
   * a batch writes a sparse layer of just the changed documents, and readers merge the layers.
   * Overlays are an implementation detail of the writer: the values read are the same.
   *
   * @return the same config, for chaining
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
   * Applies every staged change: one {@link IndexWriter#updateDocValues} per chunk. If the writer
   * fails, the changes not yet applied are staged again (unless a newer value was staged
   * meanwhile) and the failure is thrown.
   *
   * @return how many chunks were updated
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

  /**
   * The ids with no live document in the searcher's index: updates to them would change nothing.
   *
   * @return those ids, sorted
   */
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
