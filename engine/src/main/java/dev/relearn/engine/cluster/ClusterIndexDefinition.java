package dev.relearn.engine.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.relearn.lucene.schema.ChunkSchema;
import dev.relearn.lucene.schema.IndexMetadata;
import java.util.regex.Pattern;

/**
 * The chunk index a client creates on a cluster: the plugin's settings and mappings (its {@code
 * ChunkIndexDefinition}), plus {@value #CHUNK}, an unindexed object only a client reads (title,
 * headings, lines, text, content hash), and {@code _meta.relearn}, the embedding model.
 */
public final class ClusterIndexDefinition {
  /** The field holding what the client shows and compares, unindexed. */
  public static final String CHUNK = "chunk";
  /** The longest name: OpenSearch's 255 less room for the plugin's indexes beside it. */
  public static final int MAX_NAME_LENGTH = 200;
  private static final Pattern NAME =
      Pattern.compile("[a-z0-9][a-z0-9_.-]{0," + (MAX_NAME_LENGTH - 1) + "}");

  private ClusterIndexDefinition() {}

  /** {@code index}, checked as OpenSearch would; an {@link IllegalArgumentException} names it. */
  public static String requireName(String index) {
    if (index == null || !NAME.matcher(index).matches()) {
      throw new IllegalArgumentException("a cluster index name must be 1 to " + MAX_NAME_LENGTH
          + " lower-case letters, digits, '_', '.' or '-', starting with a letter or digit"
          + " (the plugin keeps <name>-past-queries beside it), not " + index);
    }
    return index;
  }

  /**
   * The body of {@code PUT /{index}} for chunks embedded by {@code model}. It names no shard
   * count: the cluster's default (1) or an index template decides it, as for any index.
   */
  public static ObjectNode body(IndexMetadata model) {
    ObjectNode body = ClusterHttp.JSON.createObjectNode();
    body.putObject("settings")
        .put("index.auto_expand_replicas", "0-1")
        .put("index.similarity.default.type", "relearn_bm25");
    ObjectNode mappings = body.putObject("mappings");
    mappings.put("dynamic", "strict");
    mappings.putObject("_meta").putObject("relearn")
        .put("model", model.modelId())
        .put("dimension", model.dimension())
        .put("schema", model.schemaVersion());
    ObjectNode properties = mappings.putObject("properties");
    for (String keyword : new String[] {ChunkSchema.ID, ChunkSchema.ORIGIN, ChunkSchema.PATH,
        ChunkSchema.KIND}) {
      properties.putObject(keyword).put("type", "keyword");
    }
    properties.putObject(ChunkSchema.BODY).put("type", "text")
        .put("analyzer", "relearn_english");
    properties.putObject(ChunkSchema.BODY_CODE).put("type", "text")
        .put("analyzer", "relearn_code").put("search_analyzer", "relearn_code_query");
    properties.putObject(ChunkSchema.VECTOR).put("type", "relearn_vector")
        .put("dimension", model.dimension());
    properties.putObject(CHUNK).put("type", "object").put("enabled", false);
    return body;
  }

  /**
   * The model an index records, from its {@code GET /{index}/_mapping} answer.
   *
   * @throws IllegalStateException when the index records none (not created by relearn)
   */
  static IndexMetadata model(JsonNode mappingAnswer, String index) {
    JsonNode meta = mappingAnswer.path(index).path("mappings").path("_meta").path("relearn");
    if (!meta.path("model").isTextual() || !meta.path("dimension").canConvertToInt()) {
      throw new IllegalStateException("cluster index " + index + " records no relearn embedding"
          + " model (_meta.relearn); index into a new one with relearn index --cluster");
    }
    return new IndexMetadata(meta.path("model").asText(), meta.path("dimension").asInt(),
        meta.path("schema").asInt(ChunkSchema.VERSION));
  }
}
