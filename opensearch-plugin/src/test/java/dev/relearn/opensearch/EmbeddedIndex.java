package dev.relearn.opensearch;

import dev.relearn.lucene.schema.Chunk;
import dev.relearn.lucene.schema.ChunkSchema;
import dev.relearn.lucene.schema.LearnedValues;
import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.store.ByteBuffersDirectory;

/** The corpus indexed as relearn indexes it embedded, in memory: the reference side. */
final class EmbeddedIndex implements Closeable {
  final ChunkSchema schema = new ChunkSchema(SmallCorpus.DIMENSION);
  private final ByteBuffersDirectory directory = new ByteBuffersDirectory();
  private final DirectoryReader reader;
  final IndexSearcher searcher;

  EmbeddedIndex(SmallCorpus corpus) throws IOException {
    IndexWriterConfig config = new IndexWriterConfig(schema.indexAnalyzer())
        .setSimilarity(ChunkSchema.similarity());
    try (IndexWriter writer = new IndexWriter(directory, config)) {
      for (Chunk chunk : corpus.chunks) {
        writer.addDocument(schema.document(chunk, corpus.vectors.get(chunk.id()),
            LearnedValues.NEUTRAL));
      }
    }
    reader = DirectoryReader.open(directory);
    searcher = new IndexSearcher(reader);
    searcher.setSimilarity(ChunkSchema.similarity());
  }

  /** The top {@code n} of {@code query} as (chunk id, score), best first, ties by id. */
  List<RankedId> search(Query query, int n) throws IOException {
    List<RankedId> out = new ArrayList<>();
    for (ScoreDoc hit : searcher.search(query, n).scoreDocs) {
      out.add(new RankedId(searcher.storedFields().document(hit.doc).get(ChunkSchema.ID),
          hit.score));
    }
    return RankedId.sorted(out);
  }

  @Override
  public void close() throws IOException {
    reader.close();
    directory.close();
  }
}
