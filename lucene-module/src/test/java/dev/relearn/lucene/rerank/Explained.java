package dev.relearn.lucene.rerank;

import org.apache.lucene.search.Explanation;

/** Reads {@link LinearModel#explain}'s explanations in tests. */
final class Explained {
  private Explained() {}

  /** The detail of the feature labelled {@code label}. */
  static Explanation feature(Explanation explanation, String label) {
    for (Explanation detail : explanation.getDetails()) {
      if (detail.getDescription().startsWith(label + ": value ")) {
        return detail;
      }
    }
    throw new AssertionError("no feature '" + label + "' in " + explanation);
  }

  /** The contribution of the feature labelled {@code label}. */
  static double contribution(Explanation explanation, String label) {
    return feature(explanation, label).getValue().doubleValue();
  }

  /** The explanation's value, which must be a {@code Double}. */
  static double total(Explanation explanation) {
    if (!(explanation.getValue() instanceof Double value)) {
      throw new AssertionError("the value must be the exact double score: " + explanation);
    }
    return value;
  }
}
