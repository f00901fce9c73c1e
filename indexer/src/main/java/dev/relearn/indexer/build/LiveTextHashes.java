package dev.relearn.indexer.build;

import dev.relearn.lucene.schema.Chunk;
import dev.relearn.lucene.schema.ChunkSchema;
import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.util.Bits;

/**
 * The document-vector cache keys an index still needs: the hex SHA-256 of each live chunk's
 * {@linkplain Chunk#searchableText() searchable text}, rebuilt from its stored heading path,
 * title and text, as {@link DocumentVectors} keys the vectors it caches. Reads those three stored
 * fields of every live chunk: about as costly as a pass over the index's stored text.
 */
public final class LiveTextHashes {
  private static final Set<String> FIELDS =
      Set.of(ChunkSchema.TITLE, ChunkSchema.HEADING_PATH, ChunkSchema.TEXT);

  private LiveTextHashes() {}

  /** The cache keys of {@code reader}'s live chunks. */
  public static Set<String> of(IndexReader reader) throws IOException {
    Set<String> hashes = new HashSet<>(Math.max(16, reader.numDocs() * 2));
    for (LeafReaderContext context : reader.leaves()) {
      LeafReader leaf = context.reader();
      Bits live = leaf.getLiveDocs();
      StoredFields stored = leaf.storedFields();
      for (int doc = 0; doc < leaf.maxDoc(); doc++) {
        if (live != null && !live.get(doc)) {
          continue;
        }
        Document document = stored.document(doc, FIELDS);
        String title = document.get(ChunkSchema.TITLE);
        String text = document.get(ChunkSchema.TEXT);
        hashes.add(Chunk.sha256Hex(Chunk.searchableText(
            List.of(document.getValues(ChunkSchema.HEADING_PATH)),
            title == null ? "" : title, text == null ? "" : text)));
      }
    }
    return hashes;
  }
}
