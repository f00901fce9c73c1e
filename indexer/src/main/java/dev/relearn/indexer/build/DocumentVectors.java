package dev.relearn.indexer.build;

import dev.relearn.lucene.embed.Embedder;
import dev.relearn.lucene.embed.VectorChecks;
import dev.relearn.lucene.schema.Chunk;
import dev.relearn.lucene.schema.ChunkSchema;
import dev.relearn.lucene.schema.IndexMetadata;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.lucene.index.FloatVectorValues;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.KnnVectorValues;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.PostingsEnum;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.util.Bits;
import org.apache.lucene.util.BytesRef;

/**
 * Vectors for chunks: the vector the index already holds for a chunk of the same content hash
 * ({@link ChunkSchema#SHA256}, which covers everything the model sees), wherever that chunk sits
 * (unchanged, moved, renamed or in another origin), else the embedder's. Vectors are reused only
 * from an index that records this embedder's model and dimension, so another model's vectors are
 * never taken. Every embedded vector is checked before it is returned, so a faulty embedder fails
 * the run before its chunk is written.
 */
final class DocumentVectors {
  private final Embedder embedder;

  DocumentVectors(Embedder embedder) {
    this.embedder = embedder;
  }

  /**
   * The vectors {@code reader} holds for {@code chunks}' content hashes, in order, null where it
   * holds none; all null unless {@code indexed} (the index's recorded model) is this embedder's.
   */
  float[][] fromIndex(IndexReader reader, IndexMetadata indexed, List<Chunk> chunks)
      throws IOException {
    float[][] out = new float[chunks.size()][];
    if (indexed == null || !indexed.modelId().equals(embedder.modelId())
        || indexed.dimension() != embedder.dimension()) {
      return out;
    }
    Map<String, float[]> byHash = new HashMap<>();
    for (int i = 0; i < chunks.size(); i++) {
      String hash = chunks.get(i).sha256();
      out[i] = byHash.containsKey(hash) ? byHash.get(hash) : find(reader, hash);
      byHash.put(hash, out[i]);
    }
    return out;
  }

  /** The vector of a live chunk whose content hash is {@code hash}, or null. */
  private float[] find(IndexReader reader, String hash) throws IOException {
    BytesRef term = new Term(ChunkSchema.SHA256, hash).bytes();
    for (LeafReaderContext context : reader.leaves()) {
      LeafReader leaf = context.reader();
      FloatVectorValues values = leaf.getFloatVectorValues(ChunkSchema.VECTOR);
      TermsEnum terms = leaf.terms(ChunkSchema.SHA256) == null ? null
          : leaf.terms(ChunkSchema.SHA256).iterator();
      if (values == null || terms == null || !terms.seekExact(term)) {
        continue;
      }
      Bits live = leaf.getLiveDocs();
      PostingsEnum docs = terms.postings(null, PostingsEnum.NONE);
      for (int doc = docs.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = docs.nextDoc()) {
        KnnVectorValues.DocIndexIterator it = values.iterator();
        if ((live == null || live.get(doc)) && it.advance(doc) == doc) {
          return values.vectorValue(it.index()).clone();
        }
      }
    }
    return null;
  }

  /**
   * Whether the embedder reads only the start of {@code chunk}: a record given whole (JSONL,
   * BEIR) may be longer than its window; chunkers keep file chunks within it.
   */
  boolean cutShort(Chunk chunk) {
    return !embedder.documentTokens().fits(chunk.searchableText());
  }

  /** The embedder's token window, for a note on chunks {@link #cutShort}. */
  int window() {
    return embedder.documentTokens().limit();
  }

  /** The embedder's vector for {@code chunk}, checked. */
  float[] embed(Chunk chunk) {
    return VectorChecks.requireUnitVector(embedder.embedDocument(chunk.searchableText()),
        embedder.dimension(), embedder.modelId());
  }
}
