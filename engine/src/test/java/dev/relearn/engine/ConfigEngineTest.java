package dev.relearn.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.engine.config.ConfigException;
import dev.relearn.engine.config.ConfigLoader;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.engine.search.SearchMode;
import dev.relearn.engine.search.SearchRequest;
import dev.relearn.lucene.fusion.QueryClassifier;
import dev.relearn.engine.weights.Weights;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The index folder's relearn.json shapes learned ranking; a bad one stops the open cleanly. */
class ConfigEngineTest {
  @TempDir Path tmp;
  private final RelearnOptions hashing = RelearnOptions.defaults().withModel(ModelChoice.HASHING);

  @Test
  void aCorruptConfigFailsTheOpenNamingTheFileAndLeavesTheIndexUsable() throws Exception {
    Path index = tmp.resolve("idx");
    try (Relearn relearn = Relearn.open(index, hashing)) {
      relearn.index(KeyDocs.write(tmp), SourceFormat.AUTO, Progress.NONE);
    }
    Files.writeString(index.resolve(ConfigLoader.FILE), "{\"rerank\": {\"boostCap\": -1}}");
    ConfigException e = assertThrows(ConfigException.class, () -> Relearn.open(index, hashing));
    assertEquals(index.resolve(ConfigLoader.FILE) + ": rerank.boostCap must be in [0, 1000000],"
        + " got: -1", e.getMessage());
    Files.writeString(index.resolve(ConfigLoader.FILE), "{\"rerank\": {\"boostCap\": 0.2}}");
    try (Relearn fixed = Relearn.open(index, hashing)) { // the failed open released the lock
      assertEquals(0.2, fixed.config().model().boostCap());
    }
  }

  @Test
  void theFeedbackStoreCheckpointsAtTheConfiguredInterval() throws Exception {
    Path index = tmp.resolve("idx");
    try (Relearn relearn = Relearn.open(index, hashing)) {
      assertEquals(Duration.ofSeconds(30),
          relearn.feedbackStore().config().checkpointInterval(), "the default is unchanged");
    }
    Files.writeString(index.resolve(ConfigLoader.FILE),
        "{\"feedback\": {\"checkpointSeconds\": 7}}");
    try (Relearn relearn = Relearn.open(index, hashing)) {
      assertEquals(Duration.ofSeconds(7), relearn.feedbackStore().config().checkpointInterval());
    }
  }

  @Test
  void startWeightsTiltTheLearnedRankingBetweenTheStages() throws Exception {
    Path index = tmp.resolve("idx");
    String query = "rotate signing keys every 90 days";
    SearchRequest learned = SearchRequest.of(query).withMode(SearchMode.LEARNED).withK(3);
    try (Relearn relearn = Relearn.open(index, hashing)) {
      relearn.index(KeyDocs.write(tmp), SourceFormat.AUTO, Progress.NONE);
      assertEquals(relearn.search(SearchRequest.of(query).withK(3)).hits().stream()
          .map(h -> h.chunkId()).toList(),
          relearn.search(learned).hits().stream().map(h -> h.chunkId()).toList(),
          "default weights: learned equals hybrid");
      String balance = Explained.feature(relearn.explain(learned).explanations().get(0), "balance")
          .getDescription();
      assertTrue(balance.contains(" × weight 0 ["), balance);
    }
    Files.writeString(index.resolve(ConfigLoader.FILE),
        "{\"weights\": {\"bm25\": 0.6, \"vector\": 0.1, \"learned\": 0.3}}");
    try (Relearn relearn = Relearn.open(index, hashing)) {
      var explained = relearn.explain(learned);
      String balance =
          Explained.feature(explained.explanations().get(0), "balance").getDescription();
      assertTrue(balance.contains(" × weight 0.5 ["), "bm25 − vector: " + balance);
      assertEquals(QueryClassifier.classify(query), explained.queryClass());
      assertEquals(new Weights(0.6, 0.1, 0.3), explained.weights(), "the weights used, named");
      assertTrue(explained.explanations().get(0).getValue().doubleValue() > 0);
    }
  }
}
