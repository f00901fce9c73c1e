package dev.relearn.opensearch.search;

import dev.relearn.lucene.fusion.QueryClass;
import java.io.IOException;
import java.util.TreeMap;
import java.util.Map;
import java.util.Objects;
import org.opensearch.action.ActionRequest;
import org.opensearch.action.ActionRequestValidationException;
import org.opensearch.core.common.io.stream.StreamInput;
import org.opensearch.core.common.io.stream.StreamOutput;

/**
 * A search of one chunk index, as the client sends it: never the query's text, only its unit
 * vector, its analysed BM25 terms per field ({@code ChunkSchema.queryTerms}) and its {@link
 * QueryClass} (which picks the fusion). The cluster runs BM25 and kNN to {@code candidates}
 * each, fuses them and re-ranks the fused window; a {@link RankingMode} other than learned
 * stops earlier.
 *
 * <p>JSON: {@code {"vector": [...], "terms": {"body": {"lamp": 1}}, "query_class":
 * "keywords", "mode": "learned", "k": 10, "candidates": 100, "explain": false, "path_prefix":
 * "docs/", "kind": "markdown"}} (the last two optional).
 */
public final class RelearnSearchRequest extends ActionRequest {
  /** The most hits or candidates a request may ask for, as embedded. */
  public static final int MAX_K = 1_000;

  private final String index;
  private final float[] vector;
  private final Map<String, Map<String, Integer>> terms;
  private final QueryClass queryClass;
  private final int k;
  private final int candidates;
  private final boolean explain;
  private final RankingMode mode;
  private String pathPrefix;
  private String kind;

  /**
   * @param index the chunk index
   * @param vector the query's unit vector
   * @param terms per field, analysed term to its count in the query
   * @param queryClass the class of the query, computed by the client
   * @param mode how the window is ranked
   * @param k hits returned, 1 to {@value #MAX_K}
   * @param candidates candidates per retriever, 1 to {@value #MAX_K}
   * @param explain whether each hit carries its score's explanation
   */
  public RelearnSearchRequest(String index, float[] vector,
      Map<String, Map<String, Integer>> terms, QueryClass queryClass, RankingMode mode, int k,
      int candidates, boolean explain) {
    this.mode = Objects.requireNonNull(mode, "mode");
    this.index = Objects.requireNonNull(index, "index");
    this.vector = Objects.requireNonNull(vector, "vector").clone();
    this.terms = copy(Objects.requireNonNull(terms, "terms"));
    this.queryClass = Objects.requireNonNull(queryClass, "queryClass");
    this.k = requireRange("k", k);
    this.candidates = requireRange("candidates", candidates);
    this.explain = explain;
  }

  /** Reads a request sent between nodes. */
  public RelearnSearchRequest(StreamInput in) throws IOException {
    super(in);
    index = in.readString();
    vector = in.readFloatArray();
    terms = copy(in.readMap(StreamInput::readString,
        fieldTerms -> fieldTerms.readMap(StreamInput::readString, StreamInput::readVInt)));
    queryClass = in.readEnum(QueryClass.class);
    k = in.readVInt();
    candidates = in.readVInt();
    explain = in.readBoolean();
    mode = in.readEnum(RankingMode.class);
    pathPrefix = in.readOptionalString();
    kind = in.readOptionalString();
  }

  /**
   * Searches only chunks whose path starts with {@code pathPrefix} and whose kind is {@code
   * kind} (either null: any), as embedded filters.
   */
  public RelearnSearchRequest filter(String pathPrefix, String kind) {
    this.pathPrefix = pathPrefix;
    this.kind = kind;
    return this;
  }

  /** The path prefix searched, or null. */
  public String pathPrefix() {
    return pathPrefix;
  }

  /** The chunk kind searched, or null. */
  public String kind() {
    return kind;
  }

  @Override
  public void writeTo(StreamOutput out) throws IOException {
    super.writeTo(out);
    out.writeString(index);
    out.writeFloatArray(vector);
    out.writeMap(terms, StreamOutput::writeString,
        (fieldOut, fieldTerms) -> fieldOut.writeMap(fieldTerms, StreamOutput::writeString,
            StreamOutput::writeVInt));
    out.writeEnum(queryClass);
    out.writeVInt(k);
    out.writeVInt(candidates);
    out.writeBoolean(explain);
    out.writeEnum(mode);
    out.writeOptionalString(pathPrefix);
    out.writeOptionalString(kind);
  }

  private static int requireRange(String name, int value) {
    if (value < 1 || value > MAX_K) {
      throw new IllegalArgumentException(name + " must be 1 to " + MAX_K + ", not " + value);
    }
    return value;
  }

  /** A sorted copy: the same terms make the same query, in whatever order they came. */
  private static Map<String, Map<String, Integer>> copy(Map<String, Map<String, Integer>> terms) {
    Map<String, Map<String, Integer>> out = new TreeMap<>();
    terms.forEach((field, fieldTerms) -> out.put(field, new TreeMap<>(fieldTerms)));
    return out;
  }

  @Override
  public ActionRequestValidationException validate() {
    return null; // the constructors validate
  }

  /** The chunk index. */
  public String index() {
    return index;
  }

  /** The query's unit vector (a copy). */
  public float[] vector() {
    return vector.clone();
  }

  /** The analysed terms per field, sorted by field and term. */
  public Map<String, Map<String, Integer>> terms() {
    return copy(terms);
  }

  /** The query's class. */
  public QueryClass queryClass() {
    return queryClass;
  }

  /** Hits returned. */
  public int k() {
    return k;
  }

  /** Candidates per retriever: at least {@link #k()}, as embedded. */
  public int retrieverDepth() {
    return Math.max(k, candidates);
  }

  /** What the search ranks by. */
  public RankingMode mode() {
    return mode;
  }

  /** Whether hits carry explanations. */
  public boolean explain() {
    return explain;
  }

  /** Says what is searched without the terms, safe for logs. */
  @Override
  public String toString() {
    return "relearn " + mode.label() + " search of [" + index + "], k " + k + ", candidates " + candidates + ", class "
        + queryClass.label();
  }
}
