package dev.relearn.engine;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.relearn.lucene.files.AtomicFiles;
import dev.relearn.engine.weights.AdaptiveWeights;
import dev.relearn.engine.weights.AdaptiveWeightsConfig;
import dev.relearn.lucene.fusion.QueryClass;
import dev.relearn.engine.weights.WeightsFileException;
import dev.relearn.engine.weights.WeightsState;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * An engine's {@link AdaptiveWeights} and their file ({@link Relearn#WEIGHTS_FILE}): their
 * {@link WeightsState} as JSON, replaced atomically after every change, before the call returns.
 * A file that cannot be read stops the open ({@link WeightsFileException} naming the line and the
 * way out): never read as less than it held, which the next save would make permanent.
 */
final class SavedWeights {
  private static final ObjectMapper JSON = JsonMapper.builder()
      .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES,
          DeserializationFeature.FAIL_ON_NULL_CREATOR_PROPERTIES,
          DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES,
          DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
      .enable(SerializationFeature.INDENT_OUTPUT).build();
  private static final String WAY_OUT = ". Fix the file, restore it from a backup, or delete it"
      + " to start the weights afresh (feedback is kept)";

  private final AdaptiveWeights weights;
  private final Path file;

  private SavedWeights(AdaptiveWeights weights, Path file) {
    this.weights = weights;
    this.file = file;
  }

  /** The weights saved in index folder {@code folder}, or new ones when there are none. */
  static SavedWeights load(Path folder, AdaptiveWeightsConfig config) throws IOException {
    Path file = folder.resolve(Relearn.WEIGHTS_FILE);
    return new SavedWeights(Files.exists(file) ? AdaptiveWeights.restore(read(file), config)
        : new AdaptiveWeights(config), file);
  }

  /** The state saved in {@code file}. */
  static WeightsState read(Path file) throws IOException {
    try {
      return JSON.readValue(Files.readAllBytes(file), WeightsState.class);
    } catch (JsonProcessingException e) {
      JsonLocation at = e.getLocation();
      String problem = e.getCause() instanceof IllegalArgumentException bad ? bad.getMessage()
          : e.getOriginalMessage();
      throw new WeightsFileException(file.toString(), at == null ? 1 : Math.max(1,
          at.getLineNr()), problem + WAY_OUT);
    }
  }

  /** Reads the file again, for a read-only engine; keeps the weights when there is none. */
  void reload() throws IOException {
    if (Files.exists(file)) {
      weights.replace(read(file));
    }
  }

  /** The file the weights are saved in. */
  Path file() {
    return file;
  }

  AdaptiveWeights weights() {
    return weights;
  }

  /** Saves the weights now, one save at a time so that an older one never replaces a newer. */
  synchronized void save() throws IOException {
    AtomicFiles.write(file, JSON.writeValueAsBytes(weights.state()), false);
  }

  /** Forgets what ratings taught the weights of {@code queryClass}, or of every class if null. */
  void reset(QueryClass queryClass) throws IOException {
    if (queryClass == null) {
      weights.resetAll();
    } else {
      weights.reset(queryClass);
    }
    save();
  }

  /** Applies a file of historical ratings (checked whole first); returns how many applied. */
  int seed(Path historicalRatings) throws IOException {
    int applied = weights.seed(historicalRatings);
    save();
    return applied;
  }
}
