package dev.relearn.eval.firststage;

import dev.relearn.lucene.schema.ChunkSchema;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.util.Bits;

/**
 * A chunk of an index as stored, read straight from its Lucene folder, so that code-search
 * checks can judge it by path and lines.
 *
 * @param id the chunk id
 * @param path where the chunk is
 * @param startLine its first line, 1-based
 * @param endLine its last line
 */
record StoredChunk(String id, String path, int startLine, int endLine) {
  /** Every live chunk of the index in {@code index}. */
  static List<StoredChunk> readAll(Path index) throws IOException {
    List<StoredChunk> out = new ArrayList<>();
    try (FSDirectory directory = FSDirectory.open(index);
        DirectoryReader reader = DirectoryReader.open(directory)) {
      for (LeafReaderContext leaf : reader.leaves()) {
        Bits live = leaf.reader().getLiveDocs();
        for (int doc = 0; doc < leaf.reader().maxDoc(); doc++) {
          if (live == null || live.get(doc)) {
            Document d = leaf.reader().storedFields().document(doc);
            out.add(new StoredChunk(d.get(ChunkSchema.ID), d.get(ChunkSchema.PATH),
                d.getField(ChunkSchema.START_LINE).numericValue().intValue(),
                d.getField(ChunkSchema.END_LINE).numericValue().intValue()));
          }
        }
      }
    }
    return out;
  }
}
