package dev.relearn.opensearch.search;

import dev.relearn.lucene.schema.LearnedValues;
import dev.relearn.lucene.trust.Trust;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * The learned-values index beside a chunk index ({@code <index>-learned}): one document per used
 * chunk, keyed by chunk id, holding its {@link LearnedValues}. OpenSearch cannot update doc
 * values in place, and a partial update of the chunk itself would re-index its text and vector
 * on every click; so the values live apart and a search reads its window's with one multi-get.
 * A chunk without a document is neutral. Two more documents are read by the same multi-get:
 * {@value #TRUST_ID}, the trust fit from the index's feedback, and {@value #WEIGHTS_ID}, what
 * explicit ratings taught each query class's weights, written by relearn's client.
 */
public final class LearnedValuesIndex {
  static final String IMPRESSIONS = "impressions";
  static final String CLICKS = "clicks";
  static final String SUCCESSES = "successes";
  static final String FAILURES = "failures";
  static final String LAST_USED = "last_used_millis";
  static final String TRUST = "trust";
  /** The id of the document that holds the fitted trust. */
  public static final String TRUST_ID = "relearn.trust";
  static final String WEIGHTS = "weights";
  /**
   * The id of the document that holds the rated weights: {@code {"weights": {"classes":
   * {CLASS: {"bm25", "vector", "learned", "rating_scale"}}, "state": CLIENT'S STATE}}}.
   */
  public static final String WEIGHTS_ID = "relearn.weights";

  /**
   * What ratings taught one query class: its (bm25, vector, learned) weights, and the learned
   * weight relative to its start, which scales the vote's trusted weight.
   */
  public record ClassWeights(double bm25, double vector, double learned, double ratingScale) {}

  private LearnedValuesIndex() {
  }

  /** The most bytes of a document id, OpenSearch's limit. */
  public static final int MAX_ID_BYTES = 512;

  /**
   * Whether a chunk's values can be kept under {@code chunkId}: one of at most {@value
   * #MAX_ID_BYTES} UTF-8 bytes, neither {@value #TRUST_ID} nor {@value #WEIGHTS_ID}.
   */
  public static boolean canHold(String chunkId) {
    return chunkId.getBytes(StandardCharsets.UTF_8).length <= MAX_ID_BYTES
        && !chunkId.equals(TRUST_ID) && !chunkId.equals(WEIGHTS_ID);
  }

  /** The learned-values index of a chunk index. */
  public static String of(String chunkIndex) {
    return chunkIndex + "-learned";
  }

  /**
   * The settings of this, of the {@link PastQueriesIndex} and of the events index: one shard with
   * a replica wherever a second node is, so that a search still finds them when a node is lost;
   * a force merge of deletes rewrites every segment that holds one, so that forgotten events
   * leave the disk.
   */
  public static Map<String, Object> settings() {
    return Map.of("index.number_of_shards", 1, "index.auto_expand_replicas", "0-1",
        "index.merge.policy.expunge_deletes_allowed", 0);
  }

  /** Its mappings: values read by id only, never searched. */
  public static Map<String, Object> mappings() {
    Map<String, Object> stored = Map.of("type", "double", "index", false, "doc_values", false);
    Map<String, Object> storedLong = Map.of("type", "long", "index", false, "doc_values", false);
    return Map.of("dynamic", "strict", "properties", Map.of(IMPRESSIONS, stored, CLICKS, stored,
        SUCCESSES, storedLong, FAILURES, storedLong, LAST_USED, storedLong,
        TRUST, Map.of("type", "object", "enabled", false),
        WEIGHTS, Map.of("type", "object", "enabled", false)));
  }

  /**
   * The weights ratings taught {@code queryClass}, from the weights document; null if none.
   *
   * @throws IllegalArgumentException naming the document and class, for a weight not a number
   */
  public static ClassWeights readWeights(Map<String, Object> source, String queryClass) {
    if (!(source.get(WEIGHTS) instanceof Map<?, ?> weights)
        || !(weights.get("classes") instanceof Map<?, ?> classes)
        || !(classes.get(queryClass) instanceof Map<?, ?> rated)) {
      return null;
    }
    try { // else every learned search of the class fails with a message that says not where
      return new ClassWeights(number(rated, "bm25").doubleValue(),
          number(rated, "vector").doubleValue(), number(rated, "learned").doubleValue(),
          number(rated, "rating_scale").doubleValue());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("[" + WEIGHTS_ID + "] class " + queryClass + ": "
          + e.getMessage(), e);
    }
  }

  /** The trust's document. */
  public static Map<String, Object> trustSource(Trust trust) {
    return Map.of(TRUST, Map.of("fitted", trust.fitted(), "strength", trust.strength(),
        "coefficient", trust.coefficient(), "gain", trust.gain(), "pairs", trust.pairs(),
        "queries", trust.queries()));
  }

  /** Reads the trust's document. */
  public static Trust readTrust(Map<String, Object> source) {
    if (!(source.get(TRUST) instanceof Map<?, ?> fields)) {
      throw new IllegalArgumentException("the trust document holds no trust");
    }
    Map<?, ?> trust = fields;
    return new Trust(Boolean.TRUE.equals(trust.get("fitted")),
        number(trust, "strength").doubleValue(), number(trust, "coefficient").doubleValue(),
        number(trust, "gain").doubleValue(), number(trust, "pairs").doubleValue(),
        number(trust, "queries").intValue());
  }

  /** A chunk's document. */
  public static Map<String, Object> source(LearnedValues values) {
    return Map.of(IMPRESSIONS, values.impressions(), CLICKS, values.clicks(),
        SUCCESSES, values.successes(), FAILURES, values.failures(),
        LAST_USED, values.lastUsedMillis());
  }

  /** Reads a chunk's document; a field it lacks is zero. */
  public static LearnedValues read(Map<String, Object> source) {
    return new LearnedValues(number(source, IMPRESSIONS).doubleValue(),
        number(source, CLICKS).doubleValue(), number(source, SUCCESSES).longValue(),
        number(source, FAILURES).longValue(), number(source, LAST_USED).longValue());
  }

  /** A stored number of a document or object; a missing one reads as 0. */
  static Number number(Map<?, ?> source, String field) {
    return number(source.get(field), field);
  }

  /** A stored number; null reads as 0. */
  static Number number(Object value, String field) {
    if (value == null) {
      return 0;
    }
    if (!(value instanceof Number number)) {
      throw new IllegalArgumentException(field + " is not a number: " + value);
    }
    return number;
  }
}
