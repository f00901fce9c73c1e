package dev.relearn.engine.config;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.relearn.lucene.files.AtomicFiles;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Reads an index's {@code relearn.json} and applies {@code RELEARN_*} environment overrides.
 *
 * <p>The file is optional: without it every key has its default. When present it must be a JSON
 * object of sections ({@code rerank}, {@code weights}, {@code exploration}, {@code feedback}),
 * each an object of numbers; any key may be left out. An environment variable named by {@link
 * ConfigKey#environmentVariable()} overrides the file. Anything wrong is a {@link ConfigException}
 * naming the file (with line and column for bad JSON) or the variable, the key and the value: bad
 * JSON, a key given twice, an unknown section or key (typos are not silently ignored), a value
 * that is not a number, a value out of range, start weights that do not sum to 1, an unknown
 * {@code RELEARN_RERANK_*}, {@code RELEARN_WEIGHTS_*}, {@code RELEARN_EXPLORATION_*} or {@code
 * RELEARN_FEEDBACK_*} variable, and any other {@code RELEARN_*} variable whose name is a likely
 * typo of a knob's ({@link VariableTypos}).
 */
public final class ConfigLoader {
  /** The file's name in the index folder. */
  public static final String FILE = "relearn.json";

  /** Strict: trailing text and a key given twice (which would silently keep the last) fail. */
  private static final ObjectMapper JSON = JsonMapper.builder()
      .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
      .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
      .build();

  private ConfigLoader() {}

  /** The configuration of the index in {@code dir}, with the process's environment. */
  public static RelearnConfig load(Path dir) throws IOException {
    return load(dir, System.getenv());
  }

  /** The configuration of the index in {@code dir} with {@code environment}'s overrides. */
  public static RelearnConfig load(Path dir, Map<String, String> environment) throws IOException {
    Map<String, Double> values = RelearnConfig.defaultValues();
    Map<String, String> sources = new LinkedHashMap<>();
    Path file = dir.resolve(FILE);
    if (Files.exists(file)) {
      readFile(file, values, sources);
    }
    readEnvironment(environment, values, sources);
    return RelearnConfig.of(values, sources);
  }

  /**
   * Writes {@code config}'s values as a complete {@code relearn.json} in {@code dir}, to start
   * editing from; replaces an existing file.
   */
  public static Path write(Path dir, RelearnConfig config) throws IOException {
    ObjectNode root = JSON.createObjectNode();
    for (ConfigKey key : ConfigKey.ALL) {
      ObjectNode section = root.has(key.section())
          ? (ObjectNode) root.get(key.section()) : root.putObject(key.section());
      double value = config.value(key.name());
      if (key.integer()) {
        section.put(key.key(), (long) value);
      } else {
        section.put(key.key(), value);
      }
    }
    Path file = dir.resolve(FILE);
    AtomicFiles.write(file, (JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root)
        + "\n").getBytes(StandardCharsets.UTF_8), false); // a cut file would stop every open
    return file;
  }

  private static void readFile(Path file, Map<String, Double> values,
      Map<String, String> sources) throws IOException {
    String source = file.toString();
    JsonNode root;
    try {
      root = JSON.readTree(Files.readString(file));
    } catch (CharacterCodingException e) {
      throw new ConfigException(FILE + " at " + file.toAbsolutePath() + " is not UTF-8 text"
          + " (a damaged or foreign file?); fix it, or move it away to use every default", e);
    } catch (JsonProcessingException e) {
      JsonLocation at = e.getLocation();
      throw new ConfigException(FILE + " at " + file.toAbsolutePath() + " is not valid JSON"
          + (at == null ? "" : " at line " + at.getLineNr() + ", column " + at.getColumnNr())
          + ": " + JsonSyntax.describe(e), e);
    }
    if (root == null || root.isMissingNode()) {
      return; // an empty file: every default
    }
    if (!root.isObject()) {
      throw new ConfigException(source + ": must be a JSON object of sections ("
          + String.join(", ", sections()) + "), got: " + root.getNodeType());
    }
    for (Map.Entry<String, JsonNode> section : root.properties()) {
      if (!sections().contains(section.getKey())) {
        throw new ConfigException(source + ": unknown section '" + section.getKey()
            + "'; known sections: " + String.join(", ", sections()));
      }
      if (!section.getValue().isObject()) {
        throw new ConfigException(source + ": section '" + section.getKey()
            + "' must be an object, got: " + section.getValue());
      }
      for (Map.Entry<String, JsonNode> entry : section.getValue().properties()) {
        String name = section.getKey() + "." + entry.getKey();
        ConfigKey key = key(name);
        if (key == null) {
          throw new ConfigException(source + ": unknown key '" + name + "'; known keys of '"
              + section.getKey() + "': " + String.join(", ", keysOf(section.getKey())));
        }
        JsonNode value = entry.getValue();
        if (!value.isNumber()) {
          throw new ConfigException(source + ": " + name + " must be a number, got: " + value);
        }
        values.put(name, key.check(value.doubleValue(), source));
        sources.put(name, source);
      }
    }
  }

  private static void readEnvironment(Map<String, String> environment,
      Map<String, Double> values, Map<String, String> sources) {
    Set<String> known = new TreeSet<>();
    for (ConfigKey key : ConfigKey.ALL) {
      String variable = key.environmentVariable();
      known.add(variable);
      String text = environment.get(variable);
      if (text == null || text.isBlank()) { // `RELEARN_X= relearn …` unsets, as shells mean it
        continue;
      }
      double value;
      try {
        value = Double.parseDouble(text.strip());
      } catch (NumberFormatException e) {
        throw new ConfigException(variable + ": " + key.name() + " must be a number, got: '"
            + text + "'", e);
      }
      values.put(key.name(), key.check(value, variable));
      sources.put(key.name(), variable);
    }
    for (String variable : new TreeSet<>(environment.keySet())) {
      for (String section : sections()) {
        String prefix = "RELEARN_" + section.toUpperCase(java.util.Locale.ROOT) + "_";
        if (variable.startsWith(prefix) && !known.contains(variable)) {
          throw new ConfigException(variable + ": unknown setting; known " + prefix
              + "* variables: " + String.join(", ", known.stream()
                  .filter(v -> v.startsWith(prefix)).toList()));
        }
      }
      String meant = known.contains(variable) ? null : VariableTypos.meant(variable);
      if (meant != null) {
        throw new ConfigException(variable + ": unknown setting; did you mean " + meant + "?");
      }
    }
  }

  private static ConfigKey key(String name) {
    for (ConfigKey key : ConfigKey.ALL) {
      if (key.name().equals(name)) {
        return key;
      }
    }
    return null;
  }

  private static List<String> sections() {
    List<String> sections = new ArrayList<>();
    for (ConfigKey key : ConfigKey.ALL) {
      if (!sections.contains(key.section())) {
        sections.add(key.section());
      }
    }
    return sections;
  }

  private static List<String> keysOf(String section) {
    return ConfigKey.ALL.stream().filter(k -> k.section().equals(section)).map(ConfigKey::key)
        .toList();
  }
}
