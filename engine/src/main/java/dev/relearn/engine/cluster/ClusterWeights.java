package dev.relearn.engine.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import dev.relearn.engine.weights.AdaptiveWeights;
import dev.relearn.engine.weights.AdaptiveWeightsConfig;
import dev.relearn.engine.weights.Update;
import dev.relearn.engine.weights.Weights;
import dev.relearn.engine.weights.WeightsState;
import dev.relearn.lucene.fusion.QueryClass;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.apache.lucene.util.IOFunction;

/**
 * What explicit ratings taught the weights of a chunk index on a cluster, kept in one document of
 * its learned-values index ({@code <index>-learned}, id {@value #ID}): the {@link AdaptiveWeights}
 * state, and each rated class's weights and rating scale, which the plugin's searches read as
 * embedded searches read {@code adaptive-weights.json}. A rating reads the document, applies
 * itself and writes it back under the sequence number it read, so that two clients rating at
 * once never lose one's change: the one refused starts again from the newer document.
 */
public final class ClusterWeights {
  /** The document's id. */
  public static final String ID = "relearn.weights";
  private static final int ATTEMPTS = 20;

  private final ClusterHttp http;
  private final String learnedIndex;
  private final String path;
  private final AdaptiveWeightsConfig config;

  /** The rated weights of chunk index {@code index}, with {@code config}'s learning. */
  public ClusterWeights(ClusterHttp http, String index, AdaptiveWeightsConfig config) {
    this.http = Objects.requireNonNull(http, "http");
    this.learnedIndex = "/" + ClusterIndexDefinition.requireName(index) + "-learned";
    this.path = learnedIndex + "/_doc/" + ID;
    this.config = Objects.requireNonNull(config, "config");
  }

  /** What ratings taught, as the document holds it now; the start weights when none. */
  public AdaptiveWeights load() throws IOException {
    return restore(http.getOrNull(path));
  }

  /**
   * Applies a rating ({@link AdaptiveWeights#record(QueryClass, double, double[], long, String)});
   * null when {@code ratingId} was applied before. The learned-values index must exist: the
   * cluster creates it when it learns the rated event.
   *
   * @throws IOException when the cluster cannot be reached, or other clients kept changing the
   *     weights through {@value #ATTEMPTS} attempts
   */
  public Update record(QueryClass queryClass, double rating, double[] credit, long nowMillis,
      String ratingId) throws IOException {
    return update(weights -> weights.record(queryClass, rating, credit, nowMillis, ratingId));
  }

  /**
   * Applies historical ratings ({@link AdaptiveWeights#seed(Path)}: a bad line changes nothing)
   * and returns how many; the learned-values index must exist, as for {@link #record}.
   *
   * @throws IllegalStateException when the cluster has learned no feedback of the index yet
   */
  public int seed(Path historicalRatings) throws IOException {
    return update(weights -> weights.seed(historicalRatings));
  }

  /**
   * Forgets what ratings taught {@code queryClass}, or every class when it is null, as a forget
   * of all feedback does embedded.
   */
  public void reset(QueryClass queryClass) throws IOException {
    if (queryClass == null) {
      http.deleteIfFound(path);
      return;
    }
    if (!found(http.getOrNull(path))) {
      return; // nothing rated: nothing to forget
    }
    update(weights -> {
      weights.reset(queryClass);
      return Boolean.TRUE;
    });
  }

  /**
   * Reads the document, changes the weights with {@code change} and writes them back under the
   * sequence number read (a new document: only if still none), starting again on a conflict;
   * nothing is written when {@code change} answers null.
   */
  private <T> T update(IOFunction<AdaptiveWeights, T> change) throws IOException {
    for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
      JsonNode stored = http.getOrNull(path);
      if (!found(stored) && !http.exists(learnedIndex)) { // a PUT would create it unmapped
        throw new IllegalStateException("the cluster at " + http.base() + " has learned no"
            + " feedback of this index yet, so " + learnedIndex.substring(1) + " does not exist to"
            + " keep rated weights in: record feedback first");
      }
      AdaptiveWeights weights = restore(stored);
      T result = change.apply(weights);
      if (result == null) {
        return null;
      }
      String unchanged = !found(stored) ? "?op_type=create" : "?if_seq_no="
          + stored.path("_seq_no").asLong() + "&if_primary_term="
          + stored.path("_primary_term").asLong();
      if (http.putUnlessConflict(path + unchanged, source(weights))) {
        return result;
      }
    }
    throw new IOException("the rated weights at " + http.base() + path + " changed under each of "
        + ATTEMPTS + " attempts to apply a change; try again");
  }

  private static boolean found(JsonNode stored) {
    return stored != null && stored.path("found").asBoolean();
  }

  private AdaptiveWeights restore(JsonNode stored) throws IOException {
    return !found(stored) ? new AdaptiveWeights(config)
        : AdaptiveWeights.restore(ClusterHttp.JSON.treeToValue(
            stored.path("_source").path("weights").path("state"), WeightsState.class), config);
  }

  /** The document: the state, and each rated class's weights as the plugin reads them. */
  private Map<String, Object> source(AdaptiveWeights weights) {
    Map<String, Object> classes = new LinkedHashMap<>();
    for (QueryClass queryClass : weights.allStats().keySet()) {
      Weights rated = weights.weights(queryClass);
      classes.put(queryClass.label(), Map.of("bm25", rated.bm25(), "vector", rated.vector(),
          "learned", rated.learned(),
          "rating_scale", rated.learned() / config.initial().learned()));
    }
    return Map.of("weights", Map.of("classes", classes, "state", weights.state()));
  }
}
