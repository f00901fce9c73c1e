package dev.relearn.opensearch;

import dev.relearn.lucene.schema.ChunkSchema;
import java.util.Map;
import org.opensearch.index.query.BoolQueryBuilder;
import org.opensearch.index.query.DisMaxQueryBuilder;
import org.opensearch.index.query.MatchNoneQueryBuilder;
import org.opensearch.index.query.QueryBuilder;
import org.opensearch.index.query.QueryBuilders;

/**
 * The BM25 query of {@link ChunkSchema#bm25Query} in the query DSL, built from the analysed terms
 * the client sends ({@link ChunkSchema#queryTerms}): per field, each term a {@code term} query
 * boosted by its count, summed in a {@code bool}; the fields dis-maxed with tie-breaker 0. The
 * node scores the same terms the same way, so it never needs the query's text.
 */
public final class LexicalQuery {
  private LexicalQuery() {
  }

  /**
   * @param terms per field ({@link ChunkSchema#BODY}, {@link ChunkSchema#BODY_CODE}), term to
   *     count; other fields are refused
   */
  public static QueryBuilder of(Map<String, Map<String, Integer>> terms) {
    DisMaxQueryBuilder fields = QueryBuilders.disMaxQuery().tieBreaker(0f);
    int used = 0;
    for (Map.Entry<String, Map<String, Integer>> field : terms.entrySet()) {
      if (!field.getKey().equals(ChunkSchema.BODY)
          && !field.getKey().equals(ChunkSchema.BODY_CODE)) {
        throw new IllegalArgumentException("BM25 terms are for " + ChunkSchema.BODY + " and "
            + ChunkSchema.BODY_CODE + ", not " + field.getKey());
      }
      if (field.getValue().isEmpty()) {
        continue;
      }
      BoolQueryBuilder bool = QueryBuilders.boolQuery();
      field.getValue().forEach((term, count) -> {
        if (count < 1) {
          throw new IllegalArgumentException("term count must be at least 1, not " + count);
        }
        bool.should(QueryBuilders.termQuery(field.getKey(), term).boost(count));
      });
      fields.add(bool);
      used++;
    }
    return used == 0 ? new MatchNoneQueryBuilder() : fields;
  }
}
