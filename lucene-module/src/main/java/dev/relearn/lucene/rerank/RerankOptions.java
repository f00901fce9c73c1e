package dev.relearn.lucene.rerank;

import dev.relearn.lucene.schema.ChunkSchema;
import dev.relearn.lucene.schema.LearnedValuesSource;
import dev.relearn.lucene.schema.Require;
import java.time.Clock;
import java.util.Objects;

/**
 * How a {@link LearnedRescorer} finds evidence and scores. Start from {@link #DEFAULTS} and use
 * the {@code with*} methods, or the constructor for a request context or another clock.
 *
 * @param minSimilarity past queries less similar than this are not used, in [0, 1]; default 0.7
 * @param maxPastQueries at most this many past queries are used (K), in [1, 10000]; default 50
 * @param model the weights; default {@link LinearModel#DEFAULT}
 * @param context the request context; null means {@link RerankContext#NONE}
 * @param learnedValues where learned values are read; default {@link
 *     LearnedValuesSource#DOC_VALUES}
 * @param clock the time recency is measured from; read once when a rescorer is created
 * @param idField the field whose {@code SORTED} or {@code SORTED_SET} doc values hold each
 *     document's key: the chunk id that {@link dev.relearn.lucene.feedback.PastQuery#chunks}
 *     uses; default {@link ChunkSchema#ID}. Another application's index names its own key field
 *     here (a {@code KeywordField}, say); a document without a value gets no feedback
 * @param vote how past queries weigh in the vote; default {@link VoteWeighting#DEFAULT}
 */
public record RerankOptions(float minSimilarity, int maxPastQueries, LinearModel model,
    RerankContext context, LearnedValuesSource learnedValues, Clock clock, String idField,
    VoteWeighting vote) {
  /** The default similarity threshold, from the design. */
  public static final float DEFAULT_MIN_SIMILARITY = 0.7f;
  /** The default number of past queries, K: tuned by {@code relearn eval tune}. */
  public static final int DEFAULT_MAX_PAST_QUERIES = 50;
  /** The most past queries accepted. */
  public static final int MAX_PAST_QUERIES = 10_000;

  /**
   * Threshold 0.7, 50 past queries, the default model, no context, doc values, system clock, ids
   * in {@link ChunkSchema#ID}.
   */
  public static final RerankOptions DEFAULTS = new RerankOptions(DEFAULT_MIN_SIMILARITY,
      DEFAULT_MAX_PAST_QUERIES, LinearModel.DEFAULT, RerankContext.NONE,
      LearnedValuesSource.DOC_VALUES, Clock.systemUTC(), ChunkSchema.ID, VoteWeighting.DEFAULT);

  /** Validates, naming the bad value; a null context becomes {@link RerankContext#NONE}. */
  public RerankOptions {
    Require.inUnitInterval("minSimilarity", minSimilarity);
    if (maxPastQueries < 1 || maxPastQueries > MAX_PAST_QUERIES) {
      throw new IllegalArgumentException(
          "maxPastQueries must be in [1, " + MAX_PAST_QUERIES + "], got: " + maxPastQueries);
    }
    Objects.requireNonNull(model, "model");
    context = context == null ? RerankContext.NONE : context;
    Objects.requireNonNull(learnedValues, "learnedValues");
    Objects.requireNonNull(clock, "clock");
    Objects.requireNonNull(idField, "idField");
    Objects.requireNonNull(vote, "vote");
    if (idField.isBlank()) {
      throw new IllegalArgumentException("idField must name a field, got: '" + idField + "'");
    }
  }

  /** These options with another similarity threshold. */
  public RerankOptions withMinSimilarity(float minSimilarity) {
    return new RerankOptions(minSimilarity, maxPastQueries, model, context, learnedValues, clock,
        idField, vote);
  }

  /** These options with another number of past queries. */
  public RerankOptions withMaxPastQueries(int maxPastQueries) {
    return new RerankOptions(minSimilarity, maxPastQueries, model, context, learnedValues, clock,
        idField, vote);
  }

  /** These options with another model. */
  public RerankOptions withModel(LinearModel model) {
    return new RerankOptions(minSimilarity, maxPastQueries, model, context, learnedValues, clock,
        idField, vote);
  }

  /** These options reading learned values from {@code learnedValues}. */
  public RerankOptions withLearnedValues(LearnedValuesSource learnedValues) {
    return new RerankOptions(minSimilarity, maxPastQueries, model, context, learnedValues, clock,
        idField, vote);
  }

  /** These options weighing past queries by {@code vote}. */
  public RerankOptions withVote(VoteWeighting vote) {
    return new RerankOptions(minSimilarity, maxPastQueries, model, context, learnedValues, clock,
        idField, vote);
  }

  /** These options reading each document's key from {@code idField}'s doc values. */
  public RerankOptions withIdField(String idField) {
    return new RerankOptions(minSimilarity, maxPastQueries, model, context, learnedValues, clock,
        idField, vote);
  }
}
