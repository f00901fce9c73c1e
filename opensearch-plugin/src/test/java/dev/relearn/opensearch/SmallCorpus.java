package dev.relearn.opensearch;

import dev.relearn.lucene.embed.VectorChecks;
import dev.relearn.lucene.schema.Chunk;
import dev.relearn.lucene.schema.ChunkKind;
import dev.relearn.lucene.schema.ChunkSchema;
import dev.relearn.lucene.schema.LearnedValues;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * A small seeded corpus for the parity tests: prose and code chunks over a small vocabulary, so
 * that terms repeat across documents and shards, each with a random unit vector.
 */
final class SmallCorpus {
  static final int DIMENSION = 8;
  private static final String[] WORDS = {"lamp", "brass", "reading", "parser", "request",
      "socket", "index", "learning", "cluster", "shard", "vector", "ranking", "query", "click",
      "feedback", "window", "graph", "token", "stream", "buffer"};
  private static final String[] IDENTIFIERS = {"parseHttpRequest", "read_socket_buffer",
      "IndexWriter", "rankWindow", "tokenStream"};

  final List<Chunk> chunks = new ArrayList<>();
  final Map<String, float[]> vectors = new HashMap<>();
  /** Learned values of the chunks that have them; the others are neutral. */
  final Map<String, LearnedValues> learned = new HashMap<>();

  SmallCorpus(long seed, int size) {
    Random random = new Random(seed);
    for (int i = 0; i < size; i++) {
      boolean code = i % 4 == 3;
      StringBuilder text = new StringBuilder();
      int words = 5 + random.nextInt(30);
      for (int w = 0; w < words; w++) {
        text.append(code && random.nextInt(4) == 0
            ? IDENTIFIERS[random.nextInt(IDENTIFIERS.length)]
            : WORDS[random.nextInt(WORDS.length)]).append(' ');
      }
      String id = String.format("c%03d", i);
      chunks.add(new Chunk(id, "corpus", "docs/" + id + (code ? ".java" : ".md"),
          code ? ChunkKind.CODE : ChunkKind.MARKDOWN, "", List.of(), 1, 1, words,
          text.toString().trim()));
      vectors.put(id, randomUnitVector(random));
    }
  }

  /** Gives {@code count} random chunks seeded learned values (never used: no recency). */
  SmallCorpus withLearnedValues(Random random, int count) {
    for (int i = 0; i < count; i++) {
      Chunk chunk = chunks.get(random.nextInt(chunks.size()));
      double impressions = 1 + random.nextInt(40);
      learned.put(chunk.id(), new LearnedValues(impressions, random.nextDouble() * impressions,
          random.nextInt(5), random.nextInt(5), 0));
    }
    return this;
  }

  /** A seeded random unit vector of {@link #DIMENSION} components. */
  static float[] randomUnitVector(Random random) {
    float[] vector = new float[DIMENSION];
    for (int d = 0; d < DIMENSION; d++) {
      vector[d] = (float) random.nextGaussian();
    }
    return VectorChecks.normalize(vector);
  }

  /** The chunk as an OpenSearch document of {@link ChunkIndexDefinition}'s mapping. */
  Map<String, Object> source(Chunk chunk) {
    Map<String, Object> source = new HashMap<>();
    source.put(ChunkSchema.ID, chunk.id());
    source.put(ChunkSchema.ORIGIN, chunk.origin());
    source.put(ChunkSchema.PATH, chunk.path());
    source.put(ChunkSchema.KIND, chunk.kind().label());
    source.put(ChunkSchema.BODY, chunk.searchableText());
    if (chunk.kind() == ChunkKind.CODE) {
      source.put(ChunkSchema.BODY_CODE, chunk.searchableText());
    }
    source.put(ChunkSchema.VECTOR, vectors.get(chunk.id()));
    return source;
  }
}
