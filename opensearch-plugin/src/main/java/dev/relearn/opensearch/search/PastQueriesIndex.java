package dev.relearn.opensearch.search;

import static dev.relearn.opensearch.search.LearnedValuesIndex.number;

import dev.relearn.feedback.index.Decay;
import dev.relearn.feedback.index.FeedbackIndexConfig;
import dev.relearn.lucene.feedback.ChunkEvidence;
import dev.relearn.lucene.feedback.PastQuery;
import dev.relearn.lucene.schema.ChunkSchema;
import dev.relearn.opensearch.RelearnVectorFieldMapper;
import dev.relearn.feedback.index.SessionBudget;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.util.VectorUtil;
import org.opensearch.index.query.QueryBuilder;
import org.opensearch.index.query.QueryBuilders;

/**
 * The past queries beside a chunk index ({@code <index>-past-queries}): one document per past
 * query, or per merged group of near-identical ones, holding its unit vector (a {@value
 * RelearnVectorFieldMapper#CONTENT_TYPE} field, searched by kNN), how many events it merges, when
 * the latest happened, the (hashed) sessions behind it, their share of the session event budget
 * ({@link SessionBudget}) and the evidence per chunk id. Never its text. A search looks the
 * similar ones up once, on the coordinating node: within budget and over it apart, as embedded.
 */
public final class PastQueriesIndex {
  static final String EVENTS = "events";
  static final String LAST_MILLIS = "last_millis";
  /** The (hashed) sessions behind a past query: one on a cluster, which stores one per event. */
  public static final String SESSIONS = "sessions";
  static final String CHUNKS = "chunks";
  /** The past query's share of its session's event budget, in (0, 1]. */
  public static final String SHARE = "share";
  /** Evidence decays as embedded: by half every {@link FeedbackIndexConfig#DEFAULT_HALF_LIFE}. */
  static final Decay DECAY = Decay.of(FeedbackIndexConfig.DEFAULT_HALF_LIFE);

  private PastQueriesIndex() {
  }

  /** The past-queries index of a chunk index. */
  public static String of(String chunkIndex) {
    return chunkIndex + "-past-queries";
  }

  /** Its mappings: the vector searched, the rest kept in the source only. */
  public static Map<String, Object> mappings(int dimension) {
    return Map.of("dynamic", "strict", "properties", Map.of(
        ChunkSchema.VECTOR, Map.of("type", RelearnVectorFieldMapper.CONTENT_TYPE,
            "dimension", dimension),
        EVENTS, Map.of("type", "integer", "index", false),
        LAST_MILLIS, Map.of("type", "long", "index", false),
        SESSIONS, Map.of("type", "keyword"),
        SHARE, Map.of("type", "float"),
        CHUNKS, Map.of("type", "object", "enabled", false)));
  }

  /** A past query's document; {@code query.similarity()} and its scale are not stored. */
  public static Map<String, Object> source(float[] vector, PastQuery query) {
    Map<String, Object> chunks = new HashMap<>();
    query.chunks().forEach((id, evidence) -> chunks.put(id, Map.of(
        "examinations", evidence.examinations(), "clicks", evidence.clicks(),
        "successes", evidence.successes(), "failures", evidence.failures())));
    return Map.of(ChunkSchema.VECTOR, vector, EVENTS, query.events(),
        LAST_MILLIS, query.lastMillis(), SESSIONS, List.copyOf(query.sessions()),
        SHARE, query.share(), CHUNKS, chunks);
  }

  /**
   * Reads a past query found for {@code queryVector}: its similarity is the dot product of the two
   * vectors, computed here in float as Lucene's DOT_PRODUCT does; its evidence decayed from its
   * last event to {@code nowMillis}, as embedded.
   */
  public static PastQuery read(Map<String, Object> source, float[] queryVector, long nowMillis) {
    float[] vector = vector(source);
    Map<String, ChunkEvidence> chunks = new HashMap<>();
    Object stored = source.getOrDefault(CHUNKS, Map.of());
    if (!(stored instanceof Map<?, ?> byChunk)) {
      throw new IllegalArgumentException("past query " + CHUNKS + " is not an object");
    }
    byChunk.forEach((id, evidence) -> chunks.put(String.valueOf(id), evidence(evidence)));
    long last = number(source, LAST_MILLIS).longValue();
    return new PastQuery(Math.max(-1f, Math.min(1f, dot(vector, queryVector))),
        number(source, EVENTS).intValue(), chunks, last, DECAY.factor(last, nowMillis),
        sessions(source), number(source.getOrDefault(SHARE, 1.0), SHARE).doubleValue());
  }

  /** The (hashed) sessions of a stored past query. */
  public static Set<String> sessions(Map<String, Object> source) {
    Set<String> sessions = new LinkedHashSet<>();
    if (source.get(SESSIONS) instanceof List<?> list) {
      list.forEach(session -> sessions.add(String.valueOf(session)));
    }
    return sessions;
  }

  /**
   * The past queries whose sessions are within their event budget ({@code share} 1), or those
   * over it: a lookup finds the nearest of each apart, so spam never crowds the others out.
   */
  public static QueryBuilder budget(boolean within) {
    QueryBuilder over = QueryBuilders.rangeQuery(SHARE).lt(1.0);
    return within ? QueryBuilders.boolQuery().mustNot(over) : over;
  }

  /** A session's share of the budget after {@code events} events, as embedded counts it. */
  public static double share(long events) {
    return Math.min(1.0, (double) SessionBudget.EVENTS / Math.max(1, events));
  }

  /** The dot product as Lucene computes it ({@link VectorUtil#dotProduct}), and embedded too. */
  public static float dot(float[] a, float[] b) {
    if (a.length != b.length) {
      throw new IllegalArgumentException("past query has " + a.length
          + " dimensions, the query " + b.length);
    }
    return VectorUtil.dotProduct(a, b);
  }

  private static ChunkEvidence evidence(Object value) {
    if (!(value instanceof Map<?, ?> fields)) {
      throw new IllegalArgumentException("chunk evidence is not an object: " + value);
    }
    return new ChunkEvidence(number(fields, "examinations").doubleValue(),
        number(fields, "clicks").doubleValue(), number(fields, "successes").doubleValue(),
        number(fields, "failures").doubleValue());
  }

  /** A past query's stored unit vector. */
  public static float[] vector(Map<String, Object> source) {
    if (!(source.get(ChunkSchema.VECTOR) instanceof List<?> list)) {
      throw new IllegalArgumentException("past query vector is not an array");
    }
    List<Float> read = new ArrayList<>(list.size());
    list.forEach(component -> read.add(number(component, "vector").floatValue()));
    float[] out = new float[read.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = read.get(i);
    }
    return out;
  }
}
