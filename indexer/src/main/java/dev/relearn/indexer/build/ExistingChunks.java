package dev.relearn.indexer.build;

import dev.relearn.lucene.schema.Chunk;
import dev.relearn.lucene.schema.ChunkSchema;
import dev.relearn.lucene.schema.LearnedValues;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Scorer;
import org.apache.lucene.search.Weight;
import org.apache.lucene.util.Bits;

/** The chunks an index already holds for one origin, read once at the start of a run. */
final class ExistingChunks {
  /** One indexed chunk: what identifies it, its content hash and its learned values. */
  record Entry(String id, String path, String section, String sha256, int startLine,
      int endLine, LearnedValues learned) {
    /** Whether {@code chunk} is exactly what is indexed: same content and same place. */
    boolean sameAs(Chunk chunk) {
      return sha256.equals(chunk.sha256()) && startLine == chunk.startLine()
          && endLine == chunk.endLine() && path.equals(chunk.path());
    }
  }

  private final Map<String, Entry> byId = new LinkedHashMap<>();

  private ExistingChunks() {}

  static ExistingChunks read(DirectoryReader reader, String origin) throws IOException {
    ExistingChunks existing = new ExistingChunks();
    IndexSearcher searcher = new IndexSearcher(reader);
    Weight weight = searcher.createWeight(
        searcher.rewrite(ChunkSchema.originQuery(origin)), ScoreMode.COMPLETE_NO_SCORES, 1f);
    Set<String> fields = Set.of(ChunkSchema.ID, ChunkSchema.PATH, ChunkSchema.TITLE,
        ChunkSchema.HEADING_PATH, ChunkSchema.SHA256, ChunkSchema.START_LINE, ChunkSchema.END_LINE);
    for (LeafReaderContext leaf : reader.leaves()) {
      Scorer scorer = weight.scorer(leaf);
      if (scorer == null) {
        continue;
      }
      StoredFields stored = leaf.reader().storedFields();
      Bits live = leaf.reader().getLiveDocs();
      DocIdSetIterator it = scorer.iterator();
      for (int doc = it.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = it.nextDoc()) {
        if (live != null && !live.get(doc)) {
          continue;
        }
        Document d = stored.document(doc, fields);
        String path = d.get(ChunkSchema.PATH);
        String section = sectionKey(path, List.of(d.getValues(ChunkSchema.HEADING_PATH)),
            d.get(ChunkSchema.TITLE));
        existing.byId.put(d.get(ChunkSchema.ID), new Entry(d.get(ChunkSchema.ID), path, section,
            d.get(ChunkSchema.SHA256), d.getField(ChunkSchema.START_LINE).numericValue().intValue(),
            d.getField(ChunkSchema.END_LINE).numericValue().intValue(),
            LearnedValues.read(leaf.reader(), doc)));
      }
    }
    return existing;
  }

  /** Where a chunk sits in its file: the key a changed chunk's successor is matched by. */
  static String sectionKey(String path, List<String> headingPath, String title) {
    return path + '\u0000' + String.join("\u0001", headingPath) + '\u0000' + title;
  }

  Entry get(String id) {
    return byId.get(id);
  }

  /** Entries whose ids are not in {@code keep}, grouped by section key for successor lookup. */
  Map<String, List<Entry>> vanished(Set<String> keep) {
    Map<String, List<Entry>> out = new HashMap<>();
    for (Entry entry : byId.values()) {
      if (!keep.contains(entry.id())) {
        out.computeIfAbsent(entry.section(), k -> new ArrayList<>()).add(entry);
      }
    }
    return out;
  }
}
