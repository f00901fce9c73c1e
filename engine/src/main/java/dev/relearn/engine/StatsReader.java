package dev.relearn.engine;

import dev.relearn.lucene.schema.ChunkKind;
import dev.relearn.lucene.schema.ChunkSchema;
import dev.relearn.lucene.schema.IndexMetadata;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.store.Directory;
import org.apache.lucene.util.BytesRef;

/** Reads {@link IndexStats} from the current searcher. */
final class StatsReader {
  private StatsReader() {}

  static IndexStats read(Path dir, Directory directory, SearcherManager searchers,
      IndexMetadata metadata) throws IOException {
    IndexSearcher searcher = searchers.acquire();
    try {
      IndexReader reader = searcher.getIndexReader();
      Map<String, Integer> byKind = new LinkedHashMap<>();
      for (ChunkKind kind : ChunkKind.values()) {
        int count = searcher.count(new TermQuery(new Term(ChunkSchema.KIND, kind.label())));
        if (count > 0) {
          byKind.put(kind.label(), count);
        }
      }
      Set<String> origins = new HashSet<>();
      for (LeafReaderContext leaf : reader.leaves()) {
        Terms terms = leaf.reader().terms(ChunkSchema.ORIGIN);
        if (terms != null) {
          TermsEnum it = terms.iterator();
          for (BytesRef term = it.next(); term != null; term = it.next()) {
            origins.add(term.utf8ToString());
          }
        }
      }
      long bytes = 0;
      for (String file : directory.listAll()) {
        bytes += directory.fileLength(file);
      }
      boolean empty = reader.numDocs() == 0;
      return new IndexStats(dir.toString(), empty ? null : metadata.modelId(),
          empty ? 0 : metadata.dimension(), reader.numDocs(), byKind, origins.size(),
          reader.leaves().size(), bytes);
    } finally {
      searchers.release(searcher);
    }
  }
}
