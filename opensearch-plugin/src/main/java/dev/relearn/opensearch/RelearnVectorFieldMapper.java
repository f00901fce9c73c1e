package dev.relearn.opensearch;

import dev.relearn.lucene.embed.VectorChecks;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.lucene.document.KnnFloatVectorField;
import org.apache.lucene.index.VectorSimilarityFunction;
import org.apache.lucene.search.FieldExistsQuery;
import org.apache.lucene.search.Query;
import org.opensearch.core.xcontent.XContentParser;
import org.opensearch.index.mapper.MappedFieldType;
import org.opensearch.index.mapper.ParametrizedFieldMapper;
import org.opensearch.index.mapper.ParseContext;
import org.opensearch.index.mapper.SourceValueFetcher;
import org.opensearch.index.mapper.TextSearchInfo;
import org.opensearch.index.mapper.ValueFetcher;
import org.opensearch.index.query.QueryShardContext;
import org.opensearch.search.lookup.SearchLookup;

/**
 * The {@value #CONTENT_TYPE} field: a unit vector of a fixed {@code dimension}, indexed as
 * relearn indexes it embedded, a {@link KnnFloatVectorField} with {@link
 * VectorSimilarityFunction#DOT_PRODUCT} in Lucene's HNSW graph. Searched with {@link
 * RelearnKnnQueryBuilder}; a vector that is not of unit length or of another dimension is
 * refused, as embedded.
 */
public final class RelearnVectorFieldMapper extends ParametrizedFieldMapper {
  /** The mapping type. */
  public static final String CONTENT_TYPE = "relearn_vector";
  /** The most components a vector may have (Lucene's own limit). */
  public static final int MAX_DIMENSION = 1024;

  /** Parses {@code {"type": "relearn_vector", "dimension": 384}}. */
  public static final TypeParser PARSER = new TypeParser((name, context) -> new Builder(name));

  private final int dimension;

  private RelearnVectorFieldMapper(String simpleName, VectorFieldType type) {
    super(simpleName, type, MultiFields.empty(), CopyTo.empty());
    this.dimension = type.dimension();
  }

  @Override
  public VectorFieldType fieldType() {
    return (VectorFieldType) super.fieldType();
  }

  /** The whole array is one vector, not many values. */
  @Override
  public boolean parsesArrayValue() {
    return true;
  }

  @Override
  protected void parseCreateField(ParseContext context) throws IOException {
    XContentParser parser = context.parser();
    if (parser.currentToken() == XContentParser.Token.VALUE_NULL) {
      return;
    }
    if (parser.currentToken() != XContentParser.Token.START_ARRAY) {
      throw new IllegalArgumentException("field [" + name() + "] takes an array of "
          + dimension + " numbers, not " + parser.currentToken());
    }
    List<Float> values = new ArrayList<>(dimension);
    for (XContentParser.Token token = parser.nextToken(); token != XContentParser.Token.END_ARRAY;
        token = parser.nextToken()) {
      values.add(parser.floatValue());
    }
    float[] vector = new float[values.size()];
    for (int i = 0; i < vector.length; i++) {
      vector[i] = values.get(i);
    }
    if (context.doc().getByKey(name()) != null) {
      throw new IllegalArgumentException("field [" + name() + "] takes one vector per document");
    }
    VectorChecks.requireUnitVector(vector, dimension, "field [" + name() + "]");
    context.doc().addWithKey(name(),
        new KnnFloatVectorField(name(), vector, VectorSimilarityFunction.DOT_PRODUCT));
  }

  @Override
  protected String contentType() {
    return CONTENT_TYPE;
  }

  @Override
  public ParametrizedFieldMapper.Builder getMergeBuilder() {
    return new Builder(simpleName()).init(this);
  }

  /** The mapping's parameters: {@code dimension} (required, 1 to {@value #MAX_DIMENSION}). */
  static final class Builder extends ParametrizedFieldMapper.Builder {
    private final Parameter<Integer> dimension = Parameter.intParam("dimension", false,
        mapper -> ((RelearnVectorFieldMapper) mapper).dimension, 0).setValidator(value -> {
          if (value < 1 || value > MAX_DIMENSION) {
            throw new IllegalArgumentException("dimension must be 1 to " + MAX_DIMENSION
                + ", not " + value);
          }
        });
    private final Parameter<Map<String, String>> meta = Parameter.metaParam();

    Builder(String name) {
      super(name);
    }

    @Override
    protected List<Parameter<?>> getParameters() {
      return List.of(dimension, meta);
    }

    @Override
    public RelearnVectorFieldMapper build(BuilderContext context) {
      return new RelearnVectorFieldMapper(name, new VectorFieldType(buildFullName(context),
          dimension.getValue(), meta.getValue()));
    }
  }

  /** The field type: searchable by {@link RelearnKnnQueryBuilder} only. */
  public static final class VectorFieldType extends MappedFieldType {
    private final int dimension;

    VectorFieldType(String name, int dimension, Map<String, String> meta) {
      super(name, true, false, false, TextSearchInfo.NONE, meta);
      this.dimension = dimension;
    }

    /** How many components each vector has. */
    public int dimension() {
      return dimension;
    }

    @Override
    public String typeName() {
      return CONTENT_TYPE;
    }

    @Override
    public ValueFetcher valueFetcher(QueryShardContext context, SearchLookup lookup,
        String format) {
      if (format != null) {
        throw new IllegalArgumentException("field [" + name() + "] takes no format");
      }
      return new SourceValueFetcher(name(), context) {
        @Override
        protected Object parseSourceValue(Object value) {
          return value;
        }
      };
    }

    @Override
    public Query existsQuery(QueryShardContext context) {
      return new FieldExistsQuery(name());
    }

    @Override
    public Query termQuery(Object value, QueryShardContext context) {
      throw new IllegalArgumentException("field [" + name() + "] of type [" + CONTENT_TYPE
          + "] is searched with the [" + RelearnKnnQueryBuilder.NAME + "] query only");
    }
  }
}
