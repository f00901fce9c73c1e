package dev.relearn.engine;

import dev.relearn.engine.config.Exploration;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Exploration for learned searches: with probability {@code rate}, the last of the {@code k}
 * shown slots is swapped with a candidate drawn uniformly from below the cut, so that feedback
 * reaches chunks the ranking keeps just out of sight; its propensity travels with the results.
 * Seeded: the same searches give the same choices. Thread-safe.
 */
final class Explorer {
  private final Exploration settings;
  private final SplittableRandom random;

  Explorer(Exploration settings) {
    this.settings = settings;
    this.random = new SplittableRandom(settings.seed());
  }

  /** Maybe swaps {@code ranked[k − 1]} with one below the cut; its propensity, or 0 if none. */
  <T> double explore(List<T> ranked, int k) {
    int below = ranked.size() - k;
    if (!settings.enabled() || k < 1 || below < 1) {
      return 0;
    }
    int pick;
    synchronized (random) {
      if (random.nextDouble() >= settings.rate()) {
        return 0;
      }
      pick = k + random.nextInt(below);
    }
    T shown = ranked.get(k - 1);
    ranked.set(k - 1, ranked.get(pick));
    ranked.set(pick, shown);
    return settings.rate() / below;
  }
}
