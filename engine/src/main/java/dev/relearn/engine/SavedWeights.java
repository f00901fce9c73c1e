package dev.relearn.engine;

import dev.relearn.lucene.weights.AdaptiveWeights;
import dev.relearn.lucene.weights.AdaptiveWeightsConfig;
import dev.relearn.lucene.weights.QueryClass;
import java.io.IOException;
import java.nio.file.Path;

/**
 * An engine's {@link AdaptiveWeights} with the file they live in ({@link Relearn#WEIGHTS_FILE}
 * in the index folder): every change made through here (a reset, a seed) is saved, atomically,
 * before it returns. Ratings change them through {@link RatingLearner}, which saves them too.
 */
final class SavedWeights {
  private final AdaptiveWeights weights;
  private final Path file;

  private SavedWeights(AdaptiveWeights weights, Path file) {
    this.weights = weights;
    this.file = file;
  }

  /** The weights saved in index folder {@code folder}, or new ones when there are none. */
  static SavedWeights load(Path folder, AdaptiveWeightsConfig config) throws IOException {
    Path file = folder.resolve(Relearn.WEIGHTS_FILE);
    return new SavedWeights(AdaptiveWeights.loadIfExists(file, config), file);
  }

  /** The live weights. */
  AdaptiveWeights weights() {
    return weights;
  }

  /** The file they are saved to. */
  Path file() {
    return file;
  }

  /** Forgets what ratings taught the weights of {@code queryClass}, or of every class if null. */
  void reset(QueryClass queryClass) throws IOException {
    if (queryClass == null) {
      weights.resetAll();
    } else {
      weights.reset(queryClass);
    }
    weights.save(file);
  }

  /** Applies a file of historical ratings (checked whole first); returns how many applied. */
  int seed(Path historicalRatings) throws IOException {
    int applied = weights.seed(historicalRatings);
    weights.save(file);
    return applied;
  }
}
