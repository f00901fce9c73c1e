package dev.relearn.opensearch.search;

import dev.relearn.lucene.schema.LearnedValues;
import dev.relearn.lucene.fusion.StageScore;
import java.io.IOException;
import java.util.List;
import java.util.Objects;
import org.apache.lucene.search.Explanation;
import org.opensearch.common.lucene.Lucene;
import org.opensearch.core.action.ActionResponse;
import org.opensearch.core.common.io.stream.StreamInput;
import org.opensearch.core.common.io.stream.StreamOutput;
import org.opensearch.core.xcontent.ToXContentObject;
import org.opensearch.core.xcontent.XContentBuilder;

/**
 * The hits of a learned search, best first; each with its score, its BM25 and vector stage
 * scores and ranks where it had them, and, when asked, the explanation of its score and what
 * each signal contributed to it (as ratings teach the weights from), and the weights ratings
 * taught the query's class, if any.
 */
public final class RelearnSearchResponse extends ActionResponse implements ToXContentObject {
  private final List<Hit> hits;
  private final int lexicalCount;
  private final int semanticCount;
  private final LearnedValuesIndex.ClassWeights rated; // null: none, or not explained

  /**
   * @param hits the top k, best first
   * @param lexicalCount how many candidates BM25 returned
   * @param semanticCount how many the kNN query returned
   */
  public RelearnSearchResponse(List<Hit> hits, int lexicalCount, int semanticCount) {
    this(hits, lexicalCount, semanticCount, null);
  }

  private RelearnSearchResponse(List<Hit> hits, int lexicalCount, int semanticCount,
      LearnedValuesIndex.ClassWeights rated) {
    this.hits = List.copyOf(hits);
    this.lexicalCount = lexicalCount;
    this.semanticCount = semanticCount;
    this.rated = rated;
  }

  /** This response with the weights ratings taught the query's class, as an explanation shows. */
  public RelearnSearchResponse withRated(LearnedValuesIndex.ClassWeights weights) {
    return new RelearnSearchResponse(hits, lexicalCount, semanticCount, weights);
  }

  /** Reads a response sent between nodes. */
  public RelearnSearchResponse(StreamInput in) throws IOException {
    super(in);
    hits = in.readList(Hit::new);
    lexicalCount = in.readVInt();
    semanticCount = in.readVInt();
    rated = in.readBoolean() ? new LearnedValuesIndex.ClassWeights(in.readDouble(),
        in.readDouble(), in.readDouble(), in.readDouble()) : null;
  }

  @Override
  public void writeTo(StreamOutput out) throws IOException {
    out.writeList(hits);
    out.writeVInt(lexicalCount);
    out.writeVInt(semanticCount);
    out.writeBoolean(rated != null);
    if (rated != null) {
      out.writeDouble(rated.bm25());
      out.writeDouble(rated.vector());
      out.writeDouble(rated.learned());
      out.writeDouble(rated.ratingScale());
    }
  }

  /** The hits, best first. */
  public List<Hit> hits() {
    return hits;
  }

  /** The weights ratings taught the query's class, when explained; null if none. */
  public LearnedValuesIndex.ClassWeights rated() {
    return rated;
  }

  @Override
  public XContentBuilder toXContent(XContentBuilder builder, Params params) throws IOException {
    builder.startObject();
    builder.field("lexical_count", lexicalCount);
    builder.field("semantic_count", semanticCount);
    if (rated != null) {
      builder.startObject("weights").field("bm25", rated.bm25()).field("vector", rated.vector())
          .field("learned", rated.learned()).endObject();
    }
    builder.startArray("hits");
    for (Hit hit : hits) {
      hit.toXContent(builder);
    }
    builder.endArray();
    return builder.endObject();
  }

  /**
   * One hit.
   *
   * @param chunkId the chunk's id
   * @param score the learned score it was ranked by
   * @param lexical its BM25 score and rank, or null when BM25 did not return it
   * @param semantic its vector score and rank, or null when kNN did not return it
   * @param explanation its score explained, or null when not asked for
   * @param contributions what bm25, vector and learned contributed ({@link
   *     dev.relearn.lucene.rerank.LinearModel#signalContributions}), or null when not explained
   * @param learned the chunk's learned values in a learned search; null for none (neutral)
   */
  public record Hit(String chunkId, double score, StageScore lexical, StageScore semantic,
      Explanation explanation, double[] contributions, LearnedValues learned)
      implements org.opensearch.core.common.io.stream.Writeable {
    /** Requires the id. */
    public Hit {
      Objects.requireNonNull(chunkId, "chunkId");
    }

    Hit(StreamInput in) throws IOException {
      this(in.readString(), in.readDouble(), readStage(in), readStage(in),
          in.readBoolean() ? Lucene.readExplanation(in) : null,
          in.readBoolean() ? in.readDoubleArray() : null,
          in.readBoolean() ? new LearnedValues(in.readDouble(), in.readDouble(), in.readLong(),
              in.readLong(), in.readLong()) : null);
    }

    @Override
    public void writeTo(StreamOutput out) throws IOException {
      out.writeString(chunkId);
      out.writeDouble(score);
      writeStage(out, lexical);
      writeStage(out, semantic);
      out.writeBoolean(explanation != null);
      if (explanation != null) {
        Lucene.writeExplanation(out, explanation);
      }
      out.writeBoolean(contributions != null);
      if (contributions != null) {
        out.writeDoubleArray(contributions);
      }
      out.writeBoolean(learned != null);
      if (learned != null) {
        out.writeDouble(learned.impressions());
        out.writeDouble(learned.clicks());
        out.writeLong(learned.successes());
        out.writeLong(learned.failures());
        out.writeLong(learned.lastUsedMillis());
      }
    }

    private static StageScore readStage(StreamInput in) throws IOException {
      return in.readBoolean() ? new StageScore(in.readFloat(), in.readVInt()) : null;
    }

    private static void writeStage(StreamOutput out, StageScore stage) throws IOException {
      out.writeBoolean(stage != null);
      if (stage != null) {
        out.writeFloat(stage.score());
        out.writeVInt(stage.rank());
      }
    }

    void toXContent(XContentBuilder builder) throws IOException {
      builder.startObject();
      builder.field("id", chunkId);
      builder.field("score", score);
      stage(builder, "bm25", lexical);
      stage(builder, "vector", semantic);
      if (explanation != null) {
        builder.field("explanation");
        explain(builder, explanation);
      }
      if (contributions != null) {
        builder.array("contributions", contributions);
      }
      if (learned != null) {
        builder.field("learned", LearnedValuesIndex.source(learned));
      }
      builder.endObject();
    }

    private static void stage(XContentBuilder builder, String name, StageScore stage)
        throws IOException {
      if (stage != null) {
        builder.startObject(name).field("score", stage.score()).field("rank", stage.rank())
            .endObject();
      }
    }

    private static void explain(XContentBuilder builder, Explanation explanation)
        throws IOException {
      builder.startObject();
      builder.field("value", explanation.getValue().doubleValue());
      builder.field("description", explanation.getDescription());
      builder.startArray("details");
      for (Explanation detail : explanation.getDetails()) {
        explain(builder, detail);
      }
      builder.endArray();
      builder.endObject();
    }
  }
}
