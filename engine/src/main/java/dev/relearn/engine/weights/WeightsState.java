package dev.relearn.engine.weights;

import dev.relearn.lucene.fusion.QueryClass;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * What {@link AdaptiveWeights} is restored from: each rated class's statistics (once each) and
 * the ids of the newest ratings it applied, oldest first.
 */
public record WeightsState(List<ClassStats> classes, List<String> appliedRatings) {
  /** Validates and copies: no class twice, every rating id well formed. */
  public WeightsState {
    classes = List.copyOf(classes);
    appliedRatings = List.copyOf(appliedRatings);
    Set<QueryClass> seen = EnumSet.noneOf(QueryClass.class);
    for (ClassStats stats : classes) {
      if (!seen.add(stats.queryClass())) {
        throw new IllegalArgumentException("class " + stats.queryClass() + " appears twice");
      }
    }
    appliedRatings.forEach(AppliedRatings::check);
  }
}
