package dev.relearn.engine;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Set;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.util.Bits;

/** Visits every live chunk in an index folder's last commit: what a crash would leave. */
public final class CommittedChunks {
  /** Sees one live document. */
  @FunctionalInterface
  public interface Visitor {
    /** {@code doc} of {@code leaf}, with the stored {@code fields} asked for. */
    void visit(LeafReader leaf, int doc, Document fields) throws IOException;
  }

  private CommittedChunks() {}

  /** Calls {@code visitor} for each live document, loading the stored {@code fields}. */
  public static void forEach(Path index, Set<String> fields, Visitor visitor) throws IOException {
    try (Directory directory = FSDirectory.open(index);
        DirectoryReader reader = DirectoryReader.open(directory)) {
      for (LeafReaderContext leaf : reader.leaves()) {
        Bits live = leaf.reader().getLiveDocs();
        for (int doc = 0; doc < leaf.reader().maxDoc(); doc++) {
          if (live == null || live.get(doc)) {
            visitor.visit(leaf.reader(), doc, leaf.reader().storedFields().document(doc, fields));
          }
        }
      }
    }
  }
}
