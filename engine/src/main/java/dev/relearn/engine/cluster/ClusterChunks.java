package dev.relearn.engine.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.relearn.engine.search.Hit;
import dev.relearn.engine.search.HybridSearcher;
import dev.relearn.engine.search.Snippets;
import dev.relearn.engine.search.SourceFiles;
import dev.relearn.lucene.schema.Chunk;
import dev.relearn.lucene.schema.ChunkKind;
import dev.relearn.lucene.schema.ChunkSchema;
import dev.relearn.lucene.schema.IndexMetadata;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/** A chunk index on a cluster: written with {@code _bulk}, read with {@code _mget}. Thread-safe. */
public final class ClusterChunks {
  private static final int PAGE = 1000;

  private final ClusterHttp http;
  private final String index;
  private final SourceFiles files = new SourceFiles();

  /** The chunk index {@code index} on the cluster {@code http} talks to. */
  public ClusterChunks(ClusterHttp http, String index) {
    this.http = Objects.requireNonNull(http, "http");
    this.index = ClusterIndexDefinition.requireName(index);
  }

  /** The index's name. */
  public String index() {
    return index;
  }

  /** The ids among {@code ids} that the index does not hold, sorted. */
  public Set<String> unknown(Collection<String> ids) throws IOException {
    Set<String> unknown = new TreeSet<>(ids);
    unknown.removeAll(fetch(ids).keySet());
    return unknown;
  }

  /** The model the index records, or null when there is no such index. */
  public IndexMetadata model() throws IOException {
    if (!http.exists("/" + index)) {
      return null;
    }
    return ClusterIndexDefinition.model(http.send("GET", "/" + index + "/_mapping", null),
        index);
  }

  /** Creates the index for chunks embedded by {@code model}. */
  public void create(IndexMetadata model) throws IOException {
    http.send("PUT", "/" + index, ClusterIndexDefinition.body(model));
  }

  /** The content hash of every chunk of {@code origin}, by chunk id. */
  public Map<String, String> hashes(String origin) throws IOException {
    Map<String, String> hashes = new HashMap<>();
    JsonNode after = null;
    while (true) {
      ObjectNode search = ClusterHttp.JSON.createObjectNode().put("size", PAGE);
      search.putObject("query").putObject("term").put(ChunkSchema.ORIGIN, origin);
      search.putArray("sort").add(ChunkSchema.ID);
      search.putArray("_source").add(ClusterIndexDefinition.CHUNK + "." + ChunkSchema.SHA256);
      if (after != null) {
        search.set("search_after", after);
      }
      JsonNode hits = search(search).path("hits").path("hits");
      for (JsonNode hit : hits) {
        hashes.put(hit.path("_id").asText(), hit.path("_source").path(ClusterIndexDefinition.CHUNK)
            .path(ChunkSchema.SHA256).asText());
        after = hit.path("sort");
      }
      if (hits.size() < PAGE) {
        return hashes;
      }
    }
  }

  /**
   * A {@code _search} of the index; an {@link IOException} when a shard failed to answer (a node
   * lost, its shard without a replica), whose chunks the answer would silently leave out.
   */
  private JsonNode search(ObjectNode body) throws IOException {
    JsonNode answer = http.send("POST", "/" + index + "/_search", body);
    JsonNode shards = answer.path("_shards");
    if (shards.path("failed").asInt() > 0) {
      throw new IOException(shards.path("failed").asInt() + " of " + shards.path("total").asInt()
          + " shards of cluster index " + index + " failed to answer: "
          + shards.path("failures").path(0).path("reason"));
    }
    return answer;
  }

  /**
   * Writes {@code chunks} with their vectors and deletes {@code deleted} in one {@code _bulk}
   * request, refreshed before it answers when {@code refresh}; a refusal names the chunk.
   */
  public void write(List<Chunk> chunks, List<float[]> vectors, Collection<String> deleted,
      boolean refresh) throws IOException {
    StringBuilder lines = new StringBuilder();
    for (int i = 0; i < chunks.size(); i++) {
      Chunk chunk = chunks.get(i);
      lines.append(action("index", chunk.id())).append('\n')
          .append(ClusterHttp.JSON.writeValueAsString(document(chunk, vectors.get(i))))
          .append('\n');
    }
    for (String id : deleted) {
      lines.append(action("delete", id)).append('\n');
    }
    if (lines.isEmpty()) {
      return;
    }
    JsonNode answer = http.sendLines("/_bulk" + (refresh ? "?refresh=wait_for" : ""),
        lines.toString());
    if (answer.path("errors").asBoolean()) {
      for (JsonNode item : answer.path("items")) {
        JsonNode result = item.elements().next();
        if (result.has("error") && !(item.has("delete") && result.path("status").asInt() == 404)) {
          throw new IOException("the cluster refused chunk " + result.path("_id").asText()
              + " of index " + index + ": " + result.path("error"));
        }
      }
    }
  }

  private String action(String verb, String id) throws IOException {
    ObjectNode action = ClusterHttp.JSON.createObjectNode();
    action.putObject(verb).put("_index", index).put("_id", id);
    return ClusterHttp.JSON.writeValueAsString(action);
  }

  /** A chunk's document, as {@code ChunkSchema.document} builds it embedded. */
  static ObjectNode document(Chunk chunk, float[] vector) {
    ObjectNode doc = ClusterHttp.JSON.createObjectNode();
    doc.put(ChunkSchema.ID, chunk.id()).put(ChunkSchema.ORIGIN, chunk.origin())
        .put(ChunkSchema.PATH, chunk.path()).put(ChunkSchema.KIND, chunk.kind().label());
    String searchable = chunk.searchableText();
    doc.put(ChunkSchema.BODY, searchable);
    if (chunk.kind() == ChunkKind.CODE) {
      doc.put(ChunkSchema.BODY_CODE, searchable);
    }
    ArrayNode array = doc.putArray(ChunkSchema.VECTOR);
    for (float component : vector) {
      array.add(component);
    }
    ObjectNode shown = doc.putObject(ClusterIndexDefinition.CHUNK);
    shown.put(ChunkSchema.TITLE, chunk.title());
    ArrayNode headings = shown.putArray(ChunkSchema.HEADING_PATH);
    chunk.headingPath().forEach(headings::add);
    shown.put(ChunkSchema.START_LINE, chunk.startLine()).put(ChunkSchema.END_LINE, chunk.endLine())
        .put(ChunkSchema.TEXT, chunk.text()).put(ChunkSchema.SHA256, chunk.sha256());
    return doc;
  }

  /**
   * A hit of the cluster's with its chunk's {@code doc}: snippet around {@code words}, its file
   * where the chunk's origin is a path here (the client's).
   */
  public Hit hit(ClusterHit hit, JsonNode doc, Set<String> words) {
    JsonNode chunk = doc.path(ClusterIndexDefinition.CHUNK);
    List<String> headings = new ArrayList<>();
    chunk.path(ChunkSchema.HEADING_PATH).forEach(heading -> headings.add(heading.asText()));
    return new Hit(hit.chunkId(), doc.path(ChunkSchema.PATH).asText(),
        files.file(doc.path(ChunkSchema.ORIGIN).asText(null), doc.path(ChunkSchema.PATH).asText()),
        ChunkKind.fromLabel(doc.path(ChunkSchema.KIND).asText()),
        chunk.path(ChunkSchema.TITLE).asText(), headings,
        chunk.path(ChunkSchema.START_LINE).asInt(), chunk.path(ChunkSchema.END_LINE).asInt(),
        Snippets.excerpt(chunk.path(ChunkSchema.TEXT).asText(), words,
            HybridSearcher.SNIPPET_CHARS),
        hit.score(), hit.bm25(), hit.vector(), hit.learned());
  }

  /** The {@code _source} without vector of each of {@code ids} the index holds, in order. */
  public Map<String, JsonNode> fetch(Collection<String> ids) throws IOException {
    return sources(ids, "_source_excludes=" + ChunkSchema.VECTOR);
  }

  /**
   * The stored vector of each of {@code ids} the index holds, by id: an indexing run reuses it for
   * a chunk of the same content (a renamed or moved file's) instead of embedding it again.
   */
  public Map<String, float[]> vectors(Collection<String> ids) throws IOException {
    Map<String, float[]> vectors = new HashMap<>();
    for (Map.Entry<String, JsonNode> found :
        sources(ids, "_source_includes=" + ChunkSchema.VECTOR).entrySet()) {
      JsonNode array = found.getValue().path(ChunkSchema.VECTOR);
      float[] vector = new float[array.size()];
      for (int i = 0; i < vector.length; i++) {
        vector[i] = array.get(i).floatValue();
      }
      vectors.put(found.getKey(), vector);
    }
    return vectors;
  }

  private Map<String, JsonNode> sources(Collection<String> ids, String filter) throws IOException {
    Map<String, JsonNode> found = new LinkedHashMap<>();
    if (ids.isEmpty()) {
      return found;
    }
    ObjectNode body = ClusterHttp.JSON.createObjectNode();
    ArrayNode array = body.putArray("ids");
    ids.forEach(array::add);
    for (JsonNode doc : http.send("POST", "/" + index + "/_mget?" + filter, body).path("docs")) {
      if (doc.path("found").asBoolean()) {
        found.put(doc.path("_id").asText(), doc.path("_source"));
      }
    }
    return found;
  }

  /** What the index holds: its chunks, by kind and by origin, its segments and bytes. */
  public record Stats(int chunks, Map<String, Integer> kinds, Map<String, Integer> origins,
      int segments, long bytes) {}

  /** What the index holds now. */
  public Stats stats() throws IOException {
    ObjectNode search = ClusterHttp.JSON.createObjectNode().put("size", 0)
        .put("track_total_hits", true);
    ObjectNode aggs = search.putObject("aggs");
    aggs.putObject("kinds").putObject("terms").put("field", ChunkSchema.KIND).put("size", 100);
    aggs.putObject("origins").putObject("terms").put("field", ChunkSchema.ORIGIN)
        .put("size", 10_000);
    JsonNode answer = search(search);
    JsonNode primaries = http.send("GET", "/" + index + "/_stats/store,segments", null)
        .path("indices").path(index).path("primaries");
    return new Stats(answer.path("hits").path("total").path("value").asInt(),
        buckets(answer.path("aggregations").path("kinds")),
        buckets(answer.path("aggregations").path("origins")),
        primaries.path("segments").path("count").asInt(),
        primaries.path("store").path("size_in_bytes").asLong());
  }

  private static Map<String, Integer> buckets(JsonNode aggregation) {
    Map<String, Integer> counts = new TreeMap<>();
    for (JsonNode bucket : aggregation.path("buckets")) {
      counts.put(bucket.path("key").asText(), bucket.path("doc_count").asInt());
    }
    return counts;
  }
}
