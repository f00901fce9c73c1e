package dev.relearn.engine.weights;

import dev.relearn.lucene.fusion.QueryClass;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * What {@link AdaptiveWeights} needs to be restored: what it knows about each rated class, and
 * the ids of the ratings it applied (see "Applied once" there). The engine keeps it in a file.
 *
 * @param classes the statistics of each rated class, each class at most once
 * @param appliedRatings the ids of the newest applied ratings, oldest first
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
