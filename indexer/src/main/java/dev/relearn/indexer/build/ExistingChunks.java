package dev.relearn.indexer.build;

import dev.relearn.lucene.readers.ScanStoredFields;
import dev.relearn.lucene.schema.Chunk;
import dev.relearn.lucene.schema.ChunkSchema;
import dev.relearn.lucene.schema.LearnedValues;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.PostingsEnum;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.PrefixQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Scorer;
import org.apache.lucene.search.TermInSetQuery;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.Weight;
import org.apache.lucene.util.Bits;
import org.apache.lucene.util.BytesRef;

/**
 * The chunks an index already holds for one origin, read once at the start of a run.
 *
 * <p>Chunks a folder indexed before paths began with a root key (paths relative to the folder,
 * e.g. {@code README.md} and id {@code README.md#…}) are looked up under the id and path they
 * have now ({@code a/README.md#…}), so the run rewrites them under their new id with their learned
 * values, instead of adding duplicates. Chunks of adopted origins (see {@link RootKeys}) are read
 * too, and rewritten with the new origin.
 */
final class ExistingChunks {
  /**
   * One indexed chunk: what identifies it, its content hash and its learned values.
   *
   * @param id the id it is stored under
   * @param key the id it is looked up by: {@code id}, or its current form for an old chunk
   * @param origin the origin it is stored with
   * @param path its path, in current form
   * @param fileStamp its {@link FileStamp}, or null (none written)
   */
  record Entry(String id, String key, String origin, String path, String section, String sha256,
      int startLine, int endLine, String fileStamp, LearnedValues learned) {
    /** Whether {@code chunk} is exactly what is indexed: same id, origin, content and place. */
    boolean sameAs(Chunk chunk) {
      return id.equals(chunk.id()) && origin.equals(chunk.origin())
          && sha256.equals(chunk.sha256())
          && startLine == chunk.startLine() && endLine == chunk.endLine()
          && path.equals(chunk.path());
    }

    /** {@link FileStamp#key} of this chunk. */
    String stampKey() {
      return FileStamp.key(id, sha256, startLine, endLine);
    }

    Entry withKey(String newKey) {
      return new Entry(id, newKey, origin, path, section, sha256, startLine, endLine, fileStamp,
          learned);
    }
  }

  private final Map<String, Entry> byId = new LinkedHashMap<>();
  private Map<String, List<Entry>> byPath; // built on first use, dropped when entries change

  private ExistingChunks() {}

  /**
   * Reads the chunks of {@code origins}.
   *
   * @param origins the source's origin and any origins it adopts
   * @param rootKey the folder source's root key, or null for sources whose ids are given
   */
  static ExistingChunks read(DirectoryReader reader, List<String> origins, String rootKey)
      throws IOException {
    return read(reader, origins, rootKey, (Query) null);
  }

  /**
   * As {@link #read(DirectoryReader, List, String)}, only the chunks of the folder's part {@code
   * scope} (a path under it; empty: all), whose paths are {@code rootKey/scope} or, in old form,
   * {@code scope}, and under them: a file saved in a large folder reads its own chunks only.
   */
  static ExistingChunks read(DirectoryReader reader, List<String> origins, String rootKey,
      String scope) throws IOException {
    if (scope.isEmpty()) {
      return read(reader, origins, rootKey);
    }
    return read(reader, origins, rootKey, partPaths(rootKey, scope));
  }

  /** The chunk paths of a folder's part {@code scope} (non-empty), as {@link #read} reads them. */
  static Query partPaths(String rootKey, String scope) {
    BooleanQuery.Builder paths = new BooleanQuery.Builder();
    for (String path : List.of(rootKey + "/" + scope, scope)) {
      paths.add(new TermQuery(new Term(ChunkSchema.PATH, path)), Occur.SHOULD);
      paths.add(new PrefixQuery(new Term(ChunkSchema.PATH, path + "/")), Occur.SHOULD);
    }
    return paths.build();
  }

  /** Adds the chunks of {@code origins} with the text of one of {@code chunks}, but no others. */
  void addSameText(DirectoryReader reader, List<String> origins, String rootKey,
      List<Chunk> chunks) throws IOException {
    if (!chunks.isEmpty()) {
      addAll(read(reader, origins, rootKey, new TermInSetQuery(ChunkSchema.SHA256,
          chunks.stream().map(chunk -> new BytesRef(chunk.sha256())).toList())));
    }
  }

  /** The chunks of {@code origins} (whose ids are given: JSONL, BEIR) with one of {@code ids}. */
  static ExistingChunks readIds(DirectoryReader reader, List<String> origins,
      Collection<String> ids) throws IOException {
    return read(reader, origins, null, new TermInSetQuery(ChunkSchema.ID,
        ids.stream().map(BytesRef::new).toList()));
  }

  /** The chunks of {@code origins} that {@code filter} (null: any) matches. */
  private static ExistingChunks read(DirectoryReader reader, List<String> origins,
      String rootKey, Query filter) throws IOException {
    ExistingChunks existing = new ExistingChunks();
    IndexSearcher searcher = new IndexSearcher(reader);
    BooleanQuery.Builder anyOrigin = new BooleanQuery.Builder();
    origins.forEach(origin -> anyOrigin.add(ChunkSchema.originQuery(origin), Occur.SHOULD));
    BooleanQuery.Builder query = new BooleanQuery.Builder().add(anyOrigin.build(), Occur.MUST);
    if (filter != null) {
      query.add(filter, Occur.FILTER);
    }
    Weight weight = searcher.createWeight(
        searcher.rewrite(query.build()), ScoreMode.COMPLETE_NO_SCORES, 1f);
    Set<String> fields = Set.of(ChunkSchema.ID, ChunkSchema.ORIGIN, ChunkSchema.PATH,
        ChunkSchema.TITLE, ChunkSchema.HEADING_PATH, ChunkSchema.SHA256, ChunkSchema.START_LINE,
        ChunkSchema.END_LINE, ChunkSchema.FILE_STAMP);
    for (LeafReaderContext leaf : reader.leaves()) {
      Scorer scorer = weight.scorer(leaf);
      if (scorer == null) {
        continue;
      }
      StoredFields stored = ScanStoredFields.of(leaf.reader());
      Bits live = leaf.reader().getLiveDocs();
      DocIdSetIterator it = scorer.iterator();
      for (int doc = it.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = it.nextDoc()) {
        if (live != null && !live.get(doc)) {
          continue;
        }
        Document d = stored.document(doc, fields);
        String id = d.get(ChunkSchema.ID);
        String path = d.get(ChunkSchema.PATH);
        boolean old = rootKey != null && !path.startsWith(rootKey + "/");
        String key = old ? rootKey + "/" + id : id;
        path = old ? rootKey + "/" + path : path;
        String section = sectionKey(path, List.of(d.getValues(ChunkSchema.HEADING_PATH)),
            d.get(ChunkSchema.TITLE));
        Entry entry = new Entry(id, key, d.get(ChunkSchema.ORIGIN), path, section,
            d.get(ChunkSchema.SHA256),
            d.getField(ChunkSchema.START_LINE).numericValue().intValue(),
            d.getField(ChunkSchema.END_LINE).numericValue().intValue(),
            d.get(ChunkSchema.FILE_STAMP), LearnedValues.read(leaf.reader(), doc));
        Entry clash = existing.byId.put(key, entry);
        if (clash != null) { // an old chunk whose new id is taken is looked up as itself: deleted
          Entry dropped = old ? entry : clash;
          existing.byId.put(key, old ? clash : entry);
          existing.byId.put(dropped.id(), dropped.withKey(dropped.id()));
        }
      }
    }
    return existing;
  }

  /** The origin of the live chunk of each of {@code ids} the index holds, by id. */
  static Map<String, String> originsOf(DirectoryReader reader, Collection<String> ids)
      throws IOException {
    Map<String, String> origins = new HashMap<>();
    for (LeafReaderContext leaf : reader.leaves()) {
      Terms terms = leaf.reader().terms(ChunkSchema.ID);
      if (terms == null) {
        continue;
      }
      TermsEnum termsEnum = terms.iterator();
      Bits live = leaf.reader().getLiveDocs();
      StoredFields stored = leaf.reader().storedFields();
      PostingsEnum postings = null;
      for (String id : ids) {
        if (!origins.containsKey(id) && termsEnum.seekExact(new BytesRef(id))) {
          postings = termsEnum.postings(postings, PostingsEnum.NONE);
          for (int doc = postings.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS;
              doc = postings.nextDoc()) {
            if (live == null || live.get(doc)) {
              origins.put(id, stored.document(doc, Set.of(ChunkSchema.ORIGIN))
                  .get(ChunkSchema.ORIGIN));
              break;
            }
          }
        }
      }
    }
    return origins;
  }

  /** Where a chunk sits in its file: the key a changed chunk's successor is matched by. */
  static String sectionKey(String path, List<String> headingPath, String title) {
    return path + '\u0000' + String.join("\u0001", headingPath) + '\u0000' + title;
  }

  /** Keeps only the entries {@code keep} accepts. */
  void retain(Predicate<Entry> keep) {
    byId.values().removeIf(keep.negate());
    byPath = null;
  }

  /** Adds the entries of {@code other} whose keys are not taken here. */
  void addAll(ExistingChunks other) {
    other.byId.forEach(byId::putIfAbsent);
    byPath = null;
  }

  /** The entries whose path (in current form) is {@code path}. */
  List<Entry> ofPath(String path) {
    if (byPath == null) {
      byPath = new HashMap<>();
      byId.values().forEach(entry ->
          byPath.computeIfAbsent(entry.path(), k -> new ArrayList<>()).add(entry));
    }
    return byPath.getOrDefault(path, List.of());
  }

  /** Whether no indexed chunk is held. */
  boolean isEmpty() {
    return byId.isEmpty();
  }

  /** The entry looked up by {@code id} (see {@link Entry#key()}), or null. */
  Entry get(String id) {
    return byId.get(id);
  }

  /** Entries whose ids are not in {@code keep}, grouped by section key for successor lookup. */
  Map<String, List<Entry>> vanished(Set<String> keep) {
    Map<String, List<Entry>> out = new HashMap<>();
    for (Entry entry : byId.values()) {
      if (!keep.contains(entry.key())) {
        out.computeIfAbsent(entry.section(), k -> new ArrayList<>()).add(entry);
      }
    }
    return out;
  }
}
