package dev.relearn.engine.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.lucene.rerank.Feature;
import dev.relearn.lucene.rerank.LinearModel;
import dev.relearn.lucene.rerank.RerankOptions;
import dev.relearn.lucene.schema.VectorEncoding;
import dev.relearn.engine.weights.AdaptiveWeightsConfig;
import dev.relearn.engine.weights.Weights;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** relearn.json and RELEARN_* overrides: defaults, precedence, and an error for each bad input. */
class ConfigLoaderTest {
  /** Traces of the JSON parser that a person should not have to read. */
  private static final Pattern INTERNALS = Pattern.compile(
      "Source:|REDACTED|Feature|\\(code \\d+\\)|marker");

  @TempDir Path dir;

  private RelearnConfig load(String json, Map<String, String> env) throws Exception {
    if (json != null) {
      Files.writeString(dir.resolve(ConfigLoader.FILE), json);
    }
    return ConfigLoader.load(dir, env);
  }

  /** Where the value of {@code key} came from, with {@code env}. */
  private String source(String key, Map<String, String> env) throws Exception {
    return ConfigLoader.settings(dir, env).stream().filter(s -> s.key().equals(key)).findFirst()
        .orElseThrow().source();
  }

  private String error(String json, Map<String, String> env) {
    return assertThrows(ConfigException.class, () -> load(json, env)).getMessage();
  }

  @Test
  void withoutAFileEveryKeyHasItsDefault() throws Exception {
    RelearnConfig config = load(null, Map.of());
    List<ConfigLoader.Setting> settings = ConfigLoader.settings(dir, Map.of());
    assertEquals(25, settings.size());
    for (ConfigLoader.Setting setting : settings) {
      assertEquals(ConfigLoader.DEFAULT_SOURCE, setting.source(), setting.key());
    }
    assertEquals(RelearnConfig.DEFAULTS, config);
    assertEquals(Weights.DEFAULT, config.weights().initial());
    assertEquals(AdaptiveWeightsConfig.DEFAULTS, config.weights().adaptive());
    assertEquals(0.7f, config.rerankOptions().minSimilarity());
    assertEquals(LinearModel.DEFAULT, config.model());
    assertEquals(Duration.ofSeconds(30), config.checkpointInterval());
    assertEquals(0.7, config.model().weight(Feature.RELEVANCE));
    assertEquals(0.0, config.model().weight(Feature.BALANCE));
    assertTrue(!config.exploration().enabled(), "exploration is off by default");
    assertEquals(VectorEncoding.INT8, config.index().encoding());
  }

  @Test
  void theVectorEncodingIsTextWithItsOwnErrors() throws Exception {
    assertEquals("RELEARN_INDEX_VECTOR_ENCODING: index.vectorEncoding: unknown vector encoding:"
        + " 'fp16'; expected one of float32, int8, int4, 1bit",
        error(null, Map.of("RELEARN_INDEX_VECTOR_ENCODING", "fp16")));
    assertEquals(VectorEncoding.INT4,
        load("{\"index\": {\"vectorEncoding\": \"int4\"}}", Map.of()).index().encoding());
    assertEquals(dir.resolve(ConfigLoader.FILE).toString(),
        source("index.vectorEncoding", Map.of()));
    Map<String, String> env = Map.of("RELEARN_INDEX_VECTOR_ENCODING", " FLOAT32");
    assertEquals(VectorEncoding.FLOAT32, load(null, env).index().encoding());
    assertEquals("RELEARN_INDEX_VECTOR_ENCODING", source("index.vectorEncoding", env));
    assertEquals("float32", ConfigLoader.settings(dir, env).stream()
        .filter(s -> s.key().equals("index.vectorEncoding")).findFirst().orElseThrow()
        .plainValue());
    assertEquals(dir.resolve(ConfigLoader.FILE) + ": index.vectorEncoding: unknown vector"
        + " encoding: 'int16'; expected one of float32, int8, int4, 1bit",
        error("{\"index\": {\"vectorEncoding\": \"int16\"}}", Map.of()));
    assertTrue(error("{\"index\": {\"vectorEncoding\": 8}}", Map.of())
        .endsWith("index.vectorEncoding must be text, got: 8"));
  }

  @Test
  void theFileSetsSomeKeysAndTheEnvironmentOverridesIt() throws Exception {
    RelearnConfig config = load("{\"rerank\": {\"minSimilarity\": 0.8, \"boostCap\": 0.2},"
        + " \"weights\": {\"minSamples\": 3}}",
        Map.of("RELEARN_RERANK_MIN_SIMILARITY", "0.75", "RELEARN_ROOT", "/elsewhere"));
    Map<String, String> env =
        Map.of("RELEARN_RERANK_MIN_SIMILARITY", "0.75", "RELEARN_ROOT", "/elsewhere");
    assertEquals("RELEARN_RERANK_MIN_SIMILARITY", source("rerank.minSimilarity", env));
    assertEquals(0.2, config.model().boostCap());
    assertEquals(dir.resolve(ConfigLoader.FILE).toString(), source("rerank.boostCap", env));
    assertEquals(3, config.weights().adaptive().minSamples());
    assertEquals(0.75f, config.rerankOptions().minSimilarity());
  }

  @Test
  void anEmptyVariableCountsAsUnset() throws Exception {
    Map<String, String> env =
        Map.of("RELEARN_RERANK_MIN_SIMILARITY", "", "RELEARN_RERANK_BOOST_CAP", " ");
    RelearnConfig config = load("{\"rerank\": {\"minSimilarity\": 0.8}}", env);
    assertEquals(0.8f, config.rerank().minSimilarity());
    assertEquals(dir.resolve(ConfigLoader.FILE).toString(), source("rerank.minSimilarity", env));
    assertEquals(RerankSettings.DEFAULTS.boostCap(), config.rerank().boostCap());
  }

  @Test
  void startWeightsShapeTheModel() throws Exception {
    RelearnConfig config = load(
        "{\"weights\": {\"bm25\": 0.5, \"vector\": 0.2, \"learned\": 0.3}}", Map.of());
    assertEquals(0.7, config.model().weight(Feature.RELEVANCE), 1e-12);
    assertEquals(0.3, config.model().weight(Feature.BALANCE), 1e-12);
    assertEquals(0.3, config.model().weight(Feature.BOOST), 1e-12);
  }

  @Test
  void corruptJsonNamesTheFileLineAndColumnInPlainWords() {
    String file = "relearn.json at " + dir.resolve(ConfigLoader.FILE).toAbsolutePath();
    assertEquals(file + " is not valid JSON at line 3, column 26: unexpected character ','"
            + " where a key in double quotes belongs (a comma too many, or an unquoted key?)",
        error("{\n  \"rerank\": {\n    \"minSimilarity\": 0.8,,\n  }\n}", Map.of()));
    assertEquals(file + " is not valid JSON at line 3, column 1: unexpected end of input"
        + " (a '}' is missing?)", error("{\"rerank\": {\n  \"minSimilarity\": 0.8}\n", Map.of()));
    assertEquals(file + " is not valid JSON at line 1, column 39: unrecognized token 'tru':"
            + " expected a number, string, object, array, true, false or null",
        error("{\"exploration\": {\"rate\": 0.1, \"x\": tru}}", Map.of()));
    assertEquals(file + " is not valid JSON at line 2, column 1: unexpected text after the end"
        + " of the JSON object", error("{\"rerank\": {}}\n}", Map.of()));
    assertEquals(file + " is not valid JSON at line 2, column 1: unexpected text after the end"
        + " of the JSON object", error("{\"rerank\": {}}\n{}", Map.of()));
    assertEquals(file + " is not valid JSON at line 1, column 14: unexpected '}': expected ']'",
        error("{\"rerank\": [1}", Map.of()));
    assertEquals(file + " is not valid JSON at line 1, column 40: key 'boostCap' appears twice"
            + " in one object; keep one",
        error("{\"rerank\": {\"boostCap\": 0.2, \"boostCap\": 0.3}}", Map.of()));
    assertEquals(file + " is not valid JSON at line 1, column 1: JSON has no comments; remove the"
        + " '//' or '/*' and its text", error("// tuned\n{}", Map.of()));
    assertEquals(file + " is not valid JSON at line 1, column 28: NaN and Infinity are not JSON"
            + " numbers; write a number in range",
        error("{\"rerank\": {\"boostCap\": NaN}}", Map.of()));
    for (String json : List.of("{\"rerank\": [1, 2", "{\"a\": 1 \"b\": 2}", "{\"a", "{\"a\" 1}",
        "{\"rerank\": {\"boostCap\": +1}}", "{'rerank': {}}", "{\"rerank\": {\"boostCap\": .5}}",
        "{\"rerank\": {\"boostCap\": 01}}", "{rerank: {}}")) {
      String message = error(json, Map.of());
      assertTrue(message.startsWith(file + " is not valid JSON at line 1, column "), message);
      assertFalse(INTERNALS.matcher(message).find(), message);
    }
  }

  @Test
  void aFileSavedWithAByteOrderMarkIsRead() throws Exception {
    RelearnConfig config = load("\uFEFF{\"rerank\": {\"boostCap\": 0.2}}\r\n", Map.of());
    assertEquals(0.2, config.model().boostCap()); // as Windows Notepad and PowerShell 5 save it
  }

  @Test
  void aFileThatIsNotUtf8NamesTheFileAndTheWayOut() throws Exception {
    Path file = dir.resolve(ConfigLoader.FILE);
    Files.write(file, new byte[] {'{', (byte) 0xff, (byte) 0xfe, 0, 0, '}'});
    String message = assertThrows(ConfigException.class,
        () -> ConfigLoader.load(dir, Map.of())).getMessage();
    assertEquals("relearn.json at " + file.toAbsolutePath() + " is not UTF-8 text (a damaged or"
        + " foreign file?); fix it, or move it away to use every default", message);
  }

  @Test
  void everyBadValueIsNamed() {
    assertEquals(dir.resolve(ConfigLoader.FILE) + ": unknown key 'rerank.minSimilarty'; known"
        + " keys of 'rerank': minSimilarity, maxPastQueries, temperature, failedClickWeight,"
        + " boostBaseline, evidenceK, boostCap,"
        + " trustScale, sessionCap, priorWeight, recencyWeight, frequencyWeight",
        error("{\"rerank\": {\"minSimilarty\": 0.8}}", Map.of()));
    for (String empty : new String[] {"", " \n"}) {
      assertEquals(ConfigLoader.FILE + " at " + dir.resolve(ConfigLoader.FILE).toAbsolutePath()
          + " is empty; write {} in it for every default, or delete it", error(empty, Map.of()));
    }
    assertTrue(error("{\"ranking\": {}}", Map.of()).endsWith(
        "unknown section 'ranking'; known sections: rerank, weights, exploration, feedback,"
            + " index"));
    assertTrue(error("{\"rerank\": {\"minSimilarity\": \"high\"}}", Map.of())
        .endsWith("rerank.minSimilarity must be a number, got: \"high\""));
    assertTrue(error("{\"rerank\": {\"minSimilarity\": 1.5}}", Map.of())
        .endsWith("rerank.minSimilarity must be in [0, 1], got: 1.5"));
    assertTrue(error("{\"rerank\": {\"maxPastQueries\": 2.5}}", Map.of())
        .endsWith("rerank.maxPastQueries must be a whole number, got: 2.5"));
    assertTrue(error("[1, 2]", Map.of()).contains("must be a JSON object of sections"));
    assertTrue(error("{\"weights\": 3}", Map.of()).endsWith(
        "section 'weights' must be an object, got: 3"));
    assertEquals(dir.resolve(ConfigLoader.FILE) + ": weights.minSamples: Numeric value"
        + " (10000000000) out of range of int (-2147483648 - 2147483647)", error("{\"weights\": {\"minSamples\": 1e10}}",
        Map.of()));
    assertEquals("RELEARN_WEIGHTS_HISTORY_LIMIT: weights.historyLimit must be a whole number, got:"
        + " Infinity", error(null, Map.of("RELEARN_WEIGHTS_HISTORY_LIMIT", "Infinity")));
    assertEquals("RELEARN_WEIGHTS_HISTORY_LIMIT: weights.historyLimit must be a whole number of"
        + " at most 18 digits, got: 1.0E300",
        error(null, Map.of("RELEARN_WEIGHTS_HISTORY_LIMIT", "1e300")),
        "not the long it would be cut to");
  }

  @Test
  void weightsOutsideTheirBoundsAreRejected() {
    assertTrue(error("{\"weights\": {\"bm25\": 0.95}}", Map.of())
        .endsWith("weights.bm25 must be in [0.1, 0.9], got: 0.95"));
    String sum = error("{\"weights\": {\"bm25\": 0.5}}", Map.of());
    assertTrue(sum.endsWith("weights.bm25 + weights.vector + weights.learned must sum to 1, got:"
        + " 0.5 + 0.35 + 0.3 = 1.15"), sum);
    String bounds = error("{\"weights\": {\"upper\": 0.34}}", Map.of());
    assertTrue(bounds.contains("initial weights must be within [0.1, 0.34]"), bounds);
  }

  @Test
  void badEnvironmentVariablesAreNamed() {
    assertEquals("RELEARN_WEIGHTS_DECAY: weights.decay must be a number, got: 'fast'",
        error(null, Map.of("RELEARN_WEIGHTS_DECAY", "fast")));
    assertEquals("RELEARN_EXPLORATION_RATE: exploration.rate must be in [0, 1], got: 2",
        error(null, Map.of("RELEARN_EXPLORATION_RATE", "2")));
    assertTrue(error(null, Map.of("RELEARN_RERANK_MIN_SIMILARTY", "0.8")).startsWith(
        "RELEARN_RERANK_MIN_SIMILARTY: unknown setting; known RELEARN_RERANK_* variables: "));
    assertTrue(error(null, Map.of("RELEARN_EXPLORATION_SEED", "9007199254740993")).endsWith(
        "exploration.seed must be in [0, 9007199254740991], got: 9007199254740992"));
  }

  @Test
  void variablesThatLookLikeMisspeltKnobsAreRejectedWithTheNameMeant() throws Exception {
    Map<String, String> typos = Map.of("RELEARN_WEIGHT_BM25", "RELEARN_WEIGHTS_BM25",
        "RELEARN_RERANKER_BOOST_CAP", "RELEARN_RERANK_BOOST_CAP",
        "RELEARN_BOOST_CAP", "RELEARN_RERANK_BOOST_CAP",
        "RELEARN_MIN_SIMILARITY", "RELEARN_RERANK_MIN_SIMILARITY",
        "RELEARN_EXPLORE_RATE", "RELEARN_EXPLORATION_RATE",
        "RELEARN_EXPLORATIONRATE", "RELEARN_EXPLORATION_RATE",
        "relearn_weights_decay", "RELEARN_WEIGHTS_DECAY",
        "RELEARN_WEIGTHS_MIN_SAMPLES", "RELEARN_WEIGHTS_MIN_SAMPLES");
    for (Map.Entry<String, String> typo : typos.entrySet()) {
      assertEquals(typo.getKey() + ": unknown setting; did you mean " + typo.getValue() + "?",
          error(null, Map.of(typo.getKey(), "0.5")));
    }
    Map<String, String> others = Map.of("RELEARN_ROOT", "/r", "RELEARN_JAVA_OPTS", "-Xmx1g",
        "RELEARN_VECTOR_CACHE", "/c", "RELEARN_NO_BUILD", "1", "RELEARN_DEBUG", "1",
        "RELEARN_JVM_DIRS", "/j", "RELEARN_BIN", "/b", "RELEARN_JAVA_HOME", "/h",
        "RELEARN_BROWSER_TEST_DIR", "/t", "RELEARN_CHROMIUM", "/x");
    assertEquals(RelearnConfig.DEFAULTS, load(null, others));
  }

  @Test
  void theFeedbackCheckpointIntervalIsASettingWithItsOwnErrors() throws Exception {
    assertEquals(Duration.ofSeconds(30), load(null, Map.of()).checkpointInterval());
    RelearnConfig fromFile = load("{\"feedback\": {\"checkpointSeconds\": 5}}", Map.of());
    assertEquals(Duration.ofSeconds(5), fromFile.checkpointInterval());
    assertEquals(dir.resolve(ConfigLoader.FILE).toString(),
        source("feedback.checkpointSeconds", Map.of()));
    RelearnConfig overridden = load(null, Map.of("RELEARN_FEEDBACK_CHECKPOINT_SECONDS", "2"));
    assertEquals(Duration.ofSeconds(2), overridden.checkpointInterval());
    assertEquals("RELEARN_FEEDBACK_CHECKPOINT_SECONDS: feedback.checkpointSeconds must be in"
        + " [1, 86400], got: 0", error(null, Map.of("RELEARN_FEEDBACK_CHECKPOINT_SECONDS", "0")));
    assertEquals("RELEARN_FEEDBACK_CHECKPOINT_SECONDS: feedback.checkpointSeconds must be a"
        + " number, got: 'soon'",
        error(null, Map.of("RELEARN_FEEDBACK_CHECKPOINT_SECONDS", "soon")));
    assertTrue(error(null, Map.of("RELEARN_FEEDBACK_CHECKPOINT", "5")).startsWith(
        "RELEARN_FEEDBACK_CHECKPOINT: unknown setting; known RELEARN_FEEDBACK_* variables: "
            + "RELEARN_FEEDBACK_CHECKPOINT_SECONDS"));
    assertTrue(error("{\"feedback\": {\"checkpointSeconds\": 1.5}}", Map.of())
        .endsWith("feedback.checkpointSeconds must be a whole number, got: 1.5"));
    assertTrue(error("{\"feedback\": {\"checkpointSeconds\": 100000}}", Map.of())
        .endsWith("feedback.checkpointSeconds must be in [1, 86400], got: 100000"));
  }

  @Test
  void writtenDefaultsReadBackEqual() throws Exception {
    ConfigLoader.write(dir, RelearnConfig.DEFAULTS);
    RelearnConfig read = ConfigLoader.load(dir, Map.of());
    assertEquals(RelearnConfig.DEFAULTS, read);
    assertTrue(Files.readString(dir.resolve(ConfigLoader.FILE)).contains("\"maxPastQueries\" : "
        + RerankOptions.DEFAULT_MAX_PAST_QUERIES + ","));
  }

  @Test
  void everyKeyIsDocumentedWithItsDefaultAndTheVariableRuleHolds() throws Exception {
    String docs = Files.readString(Path.of("..", "docs", "CONFIGURATION.md"));
    for (ConfigLoader.Setting key : ConfigLoader.settings(dir, Map.of())) {
      assertTrue(docs.contains("| `" + key.key() + "` | " + key.plainValue() + " |"),
          "docs/CONFIGURATION.md lacks the row of " + key.key());
      String snake = key.key().replaceAll("([a-z0-9])([A-Z])", "$1_$2").replace('.', '_');
      assertEquals("RELEARN_" + snake.toUpperCase(java.util.Locale.ROOT),
          ConfigLoader.variable(key.key()), "the documented rule names " + key.key() + "'s");
    }
    assertTrue(docs.contains("`rerank.minSimilarity` → `RELEARN_RERANK_MIN_SIMILARITY`"));
  }
}
