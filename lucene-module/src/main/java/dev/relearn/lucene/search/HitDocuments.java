package dev.relearn.lucene.search;

import dev.relearn.lucene.fusion.FusedHit;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.search.IndexSearcher;

/**
 * The stored documents of one search's hits, each read at most once. A second stage that must
 * wait for work on another thread can read its first stage's best hits meanwhile ({@link
 * #readAhead}); {@link HybridSearcher#load(IndexSearcher, SearchRequest, HybridSearcher.Candidates,
 * dev.relearn.lucene.schema.LearnedValuesSource, HitDocuments)} then takes those it shows from
 * here instead of reading them again. Reading a hit's stored fields is most of loading it (about
 * 12 µs a hit on ToolLens), and a re-ranked top 10 keeps most of the first stage's. For one
 * thread and one searcher, like Lucene's {@link StoredFields}.
 */
public final class HitDocuments {
  private final StoredFields stored;
  private final Map<Integer, Document> read = new HashMap<>();

  /** Documents of {@code searcher}'s reader. */
  public HitDocuments(IndexSearcher searcher) throws IOException {
    this.stored = searcher.storedFields();
  }

  /** The stored fields of top-level document {@code doc}: read on first call, then kept. */
  public Document document(int doc) throws IOException {
    Document document = read.get(doc);
    if (document == null) {
      document = stored.document(doc);
      read.put(doc, document);
    }
    return document;
  }

  /**
   * Reads the documents of {@code hits} in order, at most {@code max} of them, while {@code
   * waiting} holds: it is asked before each read, so the reads stop at most one document late.
   */
  public void readAhead(List<FusedHit> hits, int max, BooleanSupplier waiting) throws IOException {
    for (int i = 0; i < Math.min(max, hits.size()) && waiting.getAsBoolean(); i++) {
      document(hits.get(i).doc());
    }
  }

  /** How many documents have been read. */
  public int size() {
    return read.size();
  }
}
