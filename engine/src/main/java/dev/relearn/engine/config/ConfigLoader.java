package dev.relearn.engine.config;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
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
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Reads an index's optional {@code relearn.json} and {@code RELEARN_*} environment overrides
 * ({@link #variable}) over {@link RelearnConfig#DEFAULTS} as JSON, and binds the whole to a
 * {@link RelearnConfig}, whose records check the values. The file is an object of sections, each
 * an object of numbers (or text where the default is), any key left out. Anything wrong is a
 * {@link ConfigException} naming the file (line and column for bad JSON) or variable, the key and
 * the value: bad JSON, a key given twice, an unknown section or key, a value of the wrong kind or
 * out of range, an unknown {@code RELEARN_<SECTION>_*} variable or a likely typo of a knob's
 * ({@link VariableTypos}).
 */
public final class ConfigLoader {
  /** The file's name in the index folder. */
  public static final String FILE = "relearn.json";
  /** The name of a value's source when nothing set it. */
  public static final String DEFAULT_SOURCE = "default";

  /** Strict: trailing text and a key given twice (which would silently keep the last) fail. */
  private static final ObjectMapper JSON = JsonMapper.builder()
      .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
      .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
      .build();

  private ConfigLoader() {}

  /**
   * One key's effective value: {@code key} dotted, {@code source} {@value #DEFAULT_SOURCE}, the
   * file, or the environment variable that set it.
   */
  public record Setting(String key, JsonNode value, String source) {
    /** The value as people write it: {@code 5} rather than {@code 5.0}. */
    public String plainValue() {
      return value.canConvertToExactIntegral() ? Long.toString(value.longValue())
          : value.asText();
    }
  }

  /** The configuration of the index in {@code dir}, with the process's environment. */
  public static RelearnConfig load(Path dir) throws IOException {
    return load(dir, System.getenv());
  }

  /** The configuration of the index in {@code dir} with {@code environment}'s overrides. */
  public static RelearnConfig load(Path dir, Map<String, String> environment) throws IOException {
    Map<String, String> sources = new TreeMap<>();
    return bind(read(dir, environment, sources), sources);
  }

  /** Every key of the index in {@code dir}, in documentation order, with value and source. */
  public static List<Setting> settings(Path dir, Map<String, String> environment)
      throws IOException {
    Map<String, String> sources = new TreeMap<>();
    JsonNode values = JSON.valueToTree(bind(read(dir, environment, sources), sources));
    List<Setting> settings = new ArrayList<>();
    values.properties().forEach(section -> section.getValue().properties().forEach(key -> {
      String name = section.getKey() + "." + key.getKey();
      settings.add(new Setting(name, key.getValue(), sources.getOrDefault(name, DEFAULT_SOURCE)));
    }));
    return settings;
  }

  /** The environment variable that overrides {@code key}: {@code RELEARN_RERANK_MIN_SIMILARITY}. */
  public static String variable(String key) {
    return ("RELEARN_" + key.replace('.', '_').replaceAll("([a-z0-9])([A-Z])", "$1_$2"))
        .toUpperCase(Locale.ROOT);
  }

  /** Writes {@code config} as a complete {@code relearn.json} in {@code dir}, to edit. */
  public static Path write(Path dir, RelearnConfig config) throws IOException {
    Path file = dir.resolve(FILE);
    AtomicFiles.write(file, (JSON.writerWithDefaultPrettyPrinter().writeValueAsString(config)
        + "\n").getBytes(StandardCharsets.UTF_8), false); // a cut file would stop every open
    return file;
  }

  /** The defaults as JSON with the file and the environment put over them; notes the sources. */
  private static ObjectNode read(Path dir, Map<String, String> environment,
      Map<String, String> sources) throws IOException {
    ObjectNode values = JSON.valueToTree(RelearnConfig.DEFAULTS);
    Path file = dir.resolve(FILE);
    if (Files.exists(file)) {
      readFile(file, values, sources);
    }
    readEnvironment(environment, values, sources);
    return values;
  }

  /** {@code values} as a configuration; an error names the sources of the keys it is about. */
  private static RelearnConfig bind(ObjectNode values, Map<String, String> sources)
      throws JsonProcessingException {
    try {
      return JSON.treeToValue(values, RelearnConfig.class);
    } catch (JsonMappingException e) { // a check of the records, or a number too large
      String path = String.join(".", e.getPath().stream()
          .map(JsonMappingException.Reference::getFieldName).toList());
      ConfigException bad = e.getCause() instanceof ConfigException c ? c
          : new ConfigException(List.of(path), path + ": " + e.getOriginalMessage());
      Set<String> from = new LinkedHashSet<>();
      bad.keys().forEach(key -> from.add(sources.getOrDefault(key, DEFAULT_SOURCE)));
      throw new ConfigException(String.join(", ", from) + ": " + bad.getMessage(), e);
    }
  }

  private static void readFile(Path file, ObjectNode values, Map<String, String> sources)
      throws IOException {
    String source = file.toString();
    JsonNode root;
    try {
      String text = Files.readString(file);
      // a byte order mark, as Windows Notepad and PowerShell 5 save UTF-8, is not JSON
      root = JSON.readTree(text.startsWith("\uFEFF") ? text.substring(1) : text);
    } catch (CharacterCodingException e) {
      throw new ConfigException(FILE + " at " + file.toAbsolutePath() + " is not UTF-8 text"
          + " (a damaged or foreign file?); fix it, or move it away to use every default", e);
    } catch (JsonProcessingException e) {
      JsonLocation at = e.getLocation();
      throw new ConfigException(FILE + " at " + file.toAbsolutePath() + " is not valid JSON"
          + (at == null ? "" : " at line " + at.getLineNr() + ", column " + at.getColumnNr())
          + ": " + JsonSyntax.describe(e), e);
    }
    if (root == null || root.isMissingNode()) { // settings lost to a cut-short write, maybe
      throw new ConfigException(FILE + " at " + file.toAbsolutePath() + " is empty; write {}"
          + " in it for every default, or delete it");
    }
    String sections = String.join(", ", names(values));
    if (!root.isObject()) {
      throw new ConfigException(source + ": must be a JSON object of sections (" + sections
          + "), got: " + root.getNodeType());
    }
    for (Map.Entry<String, JsonNode> section : root.properties()) {
      JsonNode known = values.get(section.getKey());
      if (known == null) {
        throw new ConfigException(source + ": unknown section '" + section.getKey()
            + "'; known sections: " + sections);
      }
      if (!section.getValue().isObject()) {
        throw new ConfigException(source + ": section '" + section.getKey()
            + "' must be an object, got: " + section.getValue());
      }
      for (Map.Entry<String, JsonNode> entry : section.getValue().properties()) {
        String name = section.getKey() + "." + entry.getKey();
        if (!known.has(entry.getKey())) {
          throw new ConfigException(source + ": unknown key '" + name + "'; known keys of '"
              + section.getKey() + "': " + String.join(", ", names(known)));
        }
        JsonNode value = entry.getValue();
        boolean text = known.get(entry.getKey()).isTextual();
        if (text ? !value.isTextual() : !value.isNumber()) {
          throw new ConfigException(source + ": " + name + " must be "
              + (text ? "text" : "a number") + ", got: " + value);
        }
        if (text) {
          put(values, name, value, source, sources);
        } else {
          set(values, name, value.doubleValue(), source, sources);
        }
      }
    }
  }

  private static void readEnvironment(Map<String, String> environment, ObjectNode values,
      Map<String, String> sources) {
    Set<String> known = new TreeSet<>();
    for (String name : keys(values)) {
      String variable = variable(name);
      known.add(variable);
      String text = environment.get(variable);
      if (text == null || text.isBlank()) { // `RELEARN_X= relearn …` unsets, as shells mean it
        continue;
      }
      if (values.at("/" + name.replace('.', '/')).isTextual()) {
        put(values, name, JSON.getNodeFactory().textNode(text.strip()), variable, sources);
        continue;
      }
      try {
        set(values, name, Double.parseDouble(text.strip()), variable, sources);
      } catch (NumberFormatException e) {
        throw new ConfigException(variable + ": " + name + " must be a number, got: '" + text
            + "'", e);
      }
    }
    for (String variable : new TreeSet<>(environment.keySet())) {
      for (String section : names(values)) {
        String prefix = variable(section) + "_";
        if (variable.startsWith(prefix) && !known.contains(variable)) {
          throw new ConfigException(variable + ": unknown setting; known " + prefix
              + "* variables: " + String.join(", ", known.stream()
                  .filter(v -> v.startsWith(prefix)).toList()));
        }
      }
      String meant = known.contains(variable) ? null : VariableTypos.meant(variable, keys(values));
      if (meant != null) {
        throw new ConfigException(variable + ": unknown setting; did you mean " + meant + "?");
      }
    }
  }

  /** Puts {@code value} from {@code source} over key {@code name}'s default, of the same kind. */
  private static void set(ObjectNode values, String name, double value, String source,
      Map<String, String> sources) {
    JsonNode old = values.at("/" + name.replace('.', '/'));
    if (!old.isIntegralNumber()) {
      put(values, name, JSON.getNodeFactory().numberNode(value), source, sources);
    } else if (value == Math.rint(value) && Math.abs(value) < 0x1p63) { // a long holds it
      put(values, name, JSON.getNodeFactory().numberNode((long) value), source, sources);
    } else {
      throw new ConfigException(source + ": " + name + " must be a whole number"
          + (Double.isFinite(value) && value == Math.rint(value) ? " of at most 18 digits" : "")
          + ", got: " + Check.plain(value));
    }
  }

  /** Puts {@code value} from {@code source} over key {@code name}'s default. */
  private static void put(ObjectNode values, String name, JsonNode value, String source,
      Map<String, String> sources) {
    int dot = name.indexOf('.');
    ((ObjectNode) values.get(name.substring(0, dot))).set(name.substring(dot + 1), value);
    sources.put(name, source);
  }

  /** Every dotted key, in documentation order. */
  private static List<String> keys(JsonNode values) {
    List<String> keys = new ArrayList<>();
    values.properties().forEach(section -> section.getValue().fieldNames()
        .forEachRemaining(key -> keys.add(section.getKey() + "." + key)));
    return keys;
  }

  private static List<String> names(JsonNode object) {
    return object.properties().stream().map(Map.Entry::getKey).toList();
  }
}
