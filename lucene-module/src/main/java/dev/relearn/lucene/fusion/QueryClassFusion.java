package dev.relearn.lucene.fusion;

import dev.relearn.lucene.fusion.QueryClass;
import dev.relearn.lucene.fusion.QueryClassifier;
import java.util.List;
import java.util.Objects;

/**
 * One fusion for identifier queries ({@link QueryClass#IDENTIFIER}: every word looks like code,
 * such as {@code parseHttpRequest} or {@code max_retries}) and another for every other query,
 * chosen by {@link #forQuery}. Someone typing an identifier wants the chunks that spell it, which
 * BM25 finds and an embedding only approximates: for 288 camelCase method names, each looked for
 * in 40 of the JDK's {@code java.util} files, MRR@10 of the declaring chunk was 0.7988 with
 * min-max fusion at alpha 0.5, 0.8235 with BM25 alone and 0.8700 at alpha 0.3 (eval's {@code
 * IdentifierSearchQualityTest}). The class is derived from the text and dropped.
 */
public final class QueryClassFusion extends Fusion {
  private final Fusion identifiers;
  private final Fusion others;

  /**
   * @param identifiers the fusion of identifier queries
   * @param others the fusion of every other query, and of a {@link #fuse} without a query
   */
  public QueryClassFusion(Fusion identifiers, Fusion others) {
    this.identifiers = requireSimple(identifiers, "identifiers");
    this.others = requireSimple(others, "others");
  }

  /** The fusion of identifier queries. */
  public Fusion identifiers() {
    return identifiers;
  }

  /** The fusion of every other query. */
  public Fusion others() {
    return others;
  }

  /**
   * {@link #identifiers} if every word of {@code queryText} looks like code, else {@link #others}.
   */
  @Override
  public Fusion forQuery(String queryText) {
    return QueryClassifier.classify(queryText) == QueryClass.IDENTIFIER ? identifiers : others;
  }

  /** As {@link #others}: a fusion called without a query fuses as for a query of words. */
  @Override
  protected Scorer scorer(List<StageHit> lexical, List<StageHit> semantic) {
    return others.scorer(lexical, semantic);
  }

  @Override
  public String describe() {
    return others.describe() + ", identifiers " + identifiers.describe();
  }

  private static Fusion requireSimple(Fusion fusion, String name) {
    Objects.requireNonNull(fusion, name);
    if (fusion instanceof QueryClassFusion) {
      throw new IllegalArgumentException(name + " must fuse one way, got: " + fusion.describe());
    }
    return fusion;
  }
}
