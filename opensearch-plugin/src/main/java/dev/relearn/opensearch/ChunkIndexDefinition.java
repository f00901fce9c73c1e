package dev.relearn.opensearch;

import dev.relearn.lucene.schema.ChunkSchema;
import java.util.Map;

/**
 * The settings and mappings of a relearn chunk index on OpenSearch: {@link ChunkSchema}'s searched
 * fields with the analyzers and BM25 that relearn uses embedded, and the vector as a {@value
 * RelearnVectorFieldMapper#CONTENT_TYPE} field. Chunks are keyed by their id ({@code _id} and
 * the {@code id} keyword).
 *
 * @param shards primary shards, at least 1
 * @param replicas copies of each shard, at least 0
 * @param dimension the embedding's dimension
 */
public record ChunkIndexDefinition(int shards, int replicas, int dimension) {
  /** Validates the counts; the message names the bad value. */
  public ChunkIndexDefinition {
    if (shards < 1) {
      throw new IllegalArgumentException("shards must be at least 1, not " + shards);
    }
    if (replicas < 0) {
      throw new IllegalArgumentException("replicas must be at least 0, not " + replicas);
    }
    if (dimension < 1 || dimension > RelearnVectorFieldMapper.MAX_DIMENSION) {
      throw new IllegalArgumentException("dimension must be 1 to "
          + RelearnVectorFieldMapper.MAX_DIMENSION + ", not " + dimension);
    }
  }

  /** The index settings: shard counts and relearn's BM25 as every field's similarity. */
  public Map<String, Object> settings() {
    return Map.of(
        "index.number_of_shards", shards,
        "index.number_of_replicas", replicas,
        "index.similarity.default.type", RelearnPlugin.SIMILARITY);
  }

  /** The mappings, strict: a field relearn does not write is refused. */
  public Map<String, Object> mappings() {
    return Map.of(
        "dynamic", "strict",
        "properties", Map.of(
            ChunkSchema.ID, Map.of("type", "keyword"),
            ChunkSchema.ORIGIN, Map.of("type", "keyword"),
            ChunkSchema.PATH, Map.of("type", "keyword"),
            ChunkSchema.KIND, Map.of("type", "keyword"),
            ChunkSchema.BODY, Map.of("type", "text", "analyzer", RelearnAnalyzers.ENGLISH),
            ChunkSchema.BODY_CODE, Map.of("type", "text", "analyzer", RelearnAnalyzers.CODE,
                "search_analyzer", RelearnAnalyzers.CODE_QUERY),
            ChunkSchema.VECTOR, Map.of("type", RelearnVectorFieldMapper.CONTENT_TYPE,
                "dimension", dimension)));
  }
}
