package dev.relearn.engine;

import org.apache.lucene.search.Explanation;

/** Reads the explanations of {@link ExplainedResults} in tests. */
final class Explained {
  private Explained() {}

  /** The detail of the feature labelled {@code label}, e.g. {@code "boost"}. */
  static Explanation feature(Explanation explanation, String label) {
    return detail(explanation, label + ": value ");
  }

  /** The boost's evidence n: the similarity-weighted examinations by similar past queries. */
  static double evidence(Explanation explanation) {
    return detail(feature(explanation, "boost"), "evidence n").getValue().doubleValue();
  }

  /** The boost's click rate. */
  static double clickRate(Explanation explanation) {
    return detail(feature(explanation, "boost"), "click rate").getValue().doubleValue();
  }

  private static Explanation detail(Explanation explanation, String prefix) {
    for (Explanation detail : explanation.getDetails()) {
      if (detail.getDescription().startsWith(prefix)) {
        return detail;
      }
    }
    throw new AssertionError("no detail '" + prefix + "' in " + explanation);
  }
}
