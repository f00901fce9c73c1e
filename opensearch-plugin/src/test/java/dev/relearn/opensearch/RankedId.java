package dev.relearn.opensearch;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** A chunk id and its score, as both sides of a parity test report them. */
record RankedId(String id, float score) {
  /** Best first, ties broken by chunk id, as relearn breaks them. */
  static List<RankedId> sorted(List<RankedId> hits) {
    List<RankedId> out = new ArrayList<>(hits);
    out.sort(Comparator.comparingDouble((RankedId hit) -> -hit.score())
        .thenComparing(RankedId::id));
    return out;
  }
}
