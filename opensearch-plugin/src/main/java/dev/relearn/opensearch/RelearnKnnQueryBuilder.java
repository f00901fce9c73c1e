package dev.relearn.opensearch;

import dev.relearn.lucene.embed.VectorChecks;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.apache.lucene.search.KnnFloatVectorQuery;
import org.apache.lucene.search.Query;
import org.opensearch.core.common.io.stream.StreamInput;
import org.opensearch.core.common.io.stream.StreamOutput;
import org.opensearch.core.xcontent.XContentBuilder;
import org.opensearch.core.xcontent.XContentParser;
import org.opensearch.index.mapper.MappedFieldType;
import org.opensearch.index.query.AbstractQueryBuilder;
import org.opensearch.index.query.QueryBuilder;
import org.opensearch.index.query.QueryShardContext;

/**
 * {@code {"relearn_knn": {"field": "vector", "vector": [...], "k": 100, "filter": {...}}}}: the
 * {@code k} nearest chunks by dot product in each shard's HNSW graph among those the optional
 * filter matches, Lucene's {@link KnnFloatVectorQuery}, the query relearn runs embedded. The
 * coordinating node keeps the best {@code k} of all shards'.
 */
public final class RelearnKnnQueryBuilder extends AbstractQueryBuilder<RelearnKnnQueryBuilder> {
  /** The query's name in the query DSL. */
  public static final String NAME = "relearn_knn";
  /** The most neighbours one query may ask for. */
  public static final int MAX_K = 10_000;

  private final String field;
  private final float[] vector;
  private final int k;
  private QueryBuilder filter;

  /**
   * @param field a {@value RelearnVectorFieldMapper#CONTENT_TYPE} field
   * @param vector the query's unit vector
   * @param k how many neighbours each shard returns, 1 to {@value #MAX_K}
   */
  public RelearnKnnQueryBuilder(String field, float[] vector, int k) {
    this.field = Objects.requireNonNull(field, "field");
    this.vector = Objects.requireNonNull(vector, "vector").clone();
    if (k < 1 || k > MAX_K) {
      throw new IllegalArgumentException("k must be 1 to " + MAX_K + ", not " + k);
    }
    this.k = k;
  }

  /** Reads a query sent between nodes. */
  public RelearnKnnQueryBuilder(StreamInput in) throws IOException {
    super(in);
    this.field = in.readString();
    this.vector = in.readFloatArray();
    this.k = in.readVInt();
    this.filter = in.readOptionalNamedWriteable(QueryBuilder.class);
  }

  /** Searches only among the chunks {@code filter} matches (null: all), as embedded pre-filters. */
  public RelearnKnnQueryBuilder filter(QueryBuilder filter) {
    this.filter = filter;
    return this;
  }

  @Override
  protected void doWriteTo(StreamOutput out) throws IOException {
    out.writeString(field);
    out.writeFloatArray(vector);
    out.writeVInt(k);
    out.writeOptionalNamedWriteable(filter);
  }

  @Override
  protected void doXContent(XContentBuilder builder, Params params) throws IOException {
    builder.startObject(NAME);
    builder.field("field", field);
    builder.array("vector", vector);
    builder.field("k", k);
    if (filter != null) {
      builder.field("filter", filter);
    }
    printBoostAndQueryName(builder);
    builder.endObject();
  }

  /** Parses the query DSL object after its name. */
  public static RelearnKnnQueryBuilder fromXContent(XContentParser parser) throws IOException {
    String field = null;
    float[] vector = null;
    int k = 0;
    QueryBuilder filter = null;
    float boost = DEFAULT_BOOST;
    String queryName = null;
    String key = null;
    for (XContentParser.Token token = parser.nextToken(); token != XContentParser.Token.END_OBJECT;
        token = parser.nextToken()) {
      if (token == XContentParser.Token.FIELD_NAME) {
        key = parser.currentName();
      } else if ("filter".equals(key) && token == XContentParser.Token.START_OBJECT) {
        filter = parseInnerQueryBuilder(parser);
      } else if ("vector".equals(key) && token == XContentParser.Token.START_ARRAY) {
        vector = floats(parser);
      } else if ("field".equals(key)) {
        field = parser.text();
      } else if ("k".equals(key)) {
        k = parser.intValue();
      } else if (BOOST_FIELD.match(key, parser.getDeprecationHandler())) {
        boost = parser.floatValue();
      } else if (NAME_FIELD.match(key, parser.getDeprecationHandler())) {
        queryName = parser.text();
      } else {
        throw new IllegalArgumentException("[" + NAME + "] has no parameter [" + key + "]");
      }
    }
    if (field == null || vector == null) {
      throw new IllegalArgumentException("[" + NAME + "] needs [field] and [vector]");
    }
    return new RelearnKnnQueryBuilder(field, vector, k).filter(filter).boost(boost)
        .queryName(queryName);
  }

  private static float[] floats(XContentParser parser) throws IOException {
    List<Float> values = new ArrayList<>();
    while (parser.nextToken() != XContentParser.Token.END_ARRAY) {
      values.add(parser.floatValue());
    }
    float[] out = new float[values.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = values.get(i);
    }
    return out;
  }

  @Override
  protected Query doToQuery(QueryShardContext context) throws IOException {
    MappedFieldType type = context.fieldMapper(field);
    if (!(type instanceof RelearnVectorFieldMapper.VectorFieldType vectorType)) {
      throw new IllegalArgumentException("[" + NAME + "] needs a field of type ["
          + RelearnVectorFieldMapper.CONTENT_TYPE + "], and [" + field + "] is not one");
    }
    if (vector.length != vectorType.dimension()) { // the client's mistake, not an embedder's
      throw new IllegalArgumentException("[vector] has " + vector.length + " dimensions, the"
          + " chunk index " + vectorType.dimension());
    }
    try {
      VectorChecks.requireUnitVector(vector, vectorType.dimension(), "query");
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("[vector] must be a unit vector of finite numbers", e);
    }
    return new KnnFloatVectorQuery(field, vector.clone(), k,
        filter == null ? null : filter.toQuery(context));
  }

  @Override
  protected boolean doEquals(RelearnKnnQueryBuilder other) {
    return field.equals(other.field) && Arrays.equals(vector, other.vector) && k == other.k
        && Objects.equals(filter, other.filter);
  }

  @Override
  protected int doHashCode() {
    return Objects.hash(field, Arrays.hashCode(vector), k, filter);
  }

  @Override
  public String getWriteableName() {
    return NAME;
  }
}
