package dev.relearn.eval.beir;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.relearn.eval.metrics.Metric;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The regression bars, kept as data: a JSON array of entries such as
 *
 * <pre>{@code
 * [{"dataset": "scifact", "split": "test", "mode": "bm25", "metric": "ndcg@10",
 *   "expected": 0.6789, "tolerance": 0.01, "note": "BM25 baseline"}]
 * }</pre>
 *
 * <p>Every field but {@code note} is required; unknown fields are rejected (a typo must not
 * silently drop a bar), and so is a second entry for the same dataset, split, mode and metric.
 * See {@link ExpectedMetric} for the checks on values and for what passing means.
 */
public final class ExpectedMetrics {
  private static final ObjectMapper JSON =
      JsonMapper.builder().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS).build();
  private static final Set<String> FIELDS =
      Set.of("dataset", "split", "mode", "metric", "expected", "tolerance", "note");

  private final List<ExpectedMetric> entries;

  private ExpectedMetrics(List<ExpectedMetric> entries) {
    this.entries = List.copyOf(entries);
  }

  /**
   * Loads the bars in {@code file}.
   *
   * @throws IllegalArgumentException for bad JSON or a bad entry; the message names the file and
   *     the entry's index (0-based)
   */
  public static ExpectedMetrics load(Path file) throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      return load(in, file.toString());
    }
  }

  /** Loads the bars from {@code in}, which is not closed; errors name the source "stream". */
  public static ExpectedMetrics load(InputStream in) throws IOException {
    return load(in, "stream");
  }

  /**
   * Loads the bars from {@code in}, which is not closed.
   *
   * @param source names the input in error messages, e.g. a resource name
   * @throws IllegalArgumentException for bad JSON or a bad entry, naming {@code source} and the
   *     entry's index (0-based)
   */
  public static ExpectedMetrics load(InputStream in, String source) throws IOException {
    Objects.requireNonNull(in, "in");
    Objects.requireNonNull(source, "source");
    JsonNode root;
    try {
      root = JSON.readTree(in);
    } catch (JsonProcessingException e) {
      JsonLocation at = e.getLocation();
      String where =
          at == null ? "" : " at line " + at.getLineNr() + ", column " + at.getColumnNr();
      throw new IllegalArgumentException(
          source + ": bad JSON" + where + ": " + e.getOriginalMessage(), e);
    }
    if (root == null || !root.isArray()) {
      throw new IllegalArgumentException(source + ": expected a JSON array of entries");
    }
    List<ExpectedMetric> entries = new ArrayList<>();
    Map<String, Integer> indexByLabel = new HashMap<>();
    for (int i = 0; i < root.size(); i++) {
      ExpectedMetric entry = entry(root.get(i), source, i);
      Integer previous = indexByLabel.putIfAbsent(entry.label(), i);
      if (previous != null) {
        throw new IllegalArgumentException(source + " entry " + i + ": " + entry.label()
            + " is already given by entry " + previous);
      }
      entries.add(entry);
    }
    return new ExpectedMetrics(entries);
  }

  /** Every bar, in file order. */
  public List<ExpectedMetric> entries() {
    return entries;
  }

  /** The number of bars. */
  public int size() {
    return entries.size();
  }

  /** The bars for one dataset split in one mode, in file order. */
  public List<ExpectedMetric> select(String dataset, String split, String mode) {
    return entries.stream()
        .filter(e -> e.dataset().equals(dataset) && e.split().equals(split)
            && e.mode().equals(mode))
        .toList();
  }

  /** The bar for {@code metric} on one dataset split in one mode, if there is one. */
  public Optional<ExpectedMetric> find(String dataset, String split, String mode, Metric metric) {
    return select(dataset, split, mode).stream().filter(e -> e.metric().equals(metric)).findFirst();
  }

  private static ExpectedMetric entry(JsonNode node, String source, int index) {
    String where = source + " entry " + index;
    if (!node.isObject()) {
      throw new IllegalArgumentException(where + ": expected a JSON object, got: " + node);
    }
    for (Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
      String name = names.next();
      if (!FIELDS.contains(name)) {
        throw new IllegalArgumentException(where + ": unknown field \"" + name + "\"; known: "
            + FIELDS.stream().sorted().toList());
      }
    }
    try {
      JsonNode note = node.get("note");
      if (note != null && !note.isNull() && !note.isTextual()) {
        throw new IllegalArgumentException("\"note\" must be a string, got: " + note);
      }
      return new ExpectedMetric(
          text(node, "dataset"),
          text(node, "split"),
          text(node, "mode"),
          Metric.parse(text(node, "metric")),
          number(node, "expected"),
          number(node, "tolerance"),
          note == null || note.isNull() ? "" : note.asText());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(where + ": " + e.getMessage(), e);
    }
  }

  private static String text(JsonNode node, String field) {
    JsonNode value = node.get(field);
    if (value == null || value.isNull()) {
      throw new IllegalArgumentException("missing \"" + field + "\"");
    }
    if (!value.isTextual()) {
      throw new IllegalArgumentException("\"" + field + "\" must be a string, got: " + value);
    }
    return value.asText();
  }

  private static double number(JsonNode node, String field) {
    JsonNode value = node.get(field);
    if (value == null || value.isNull()) {
      throw new IllegalArgumentException("missing \"" + field + "\"");
    }
    if (!value.isNumber()) {
      throw new IllegalArgumentException("\"" + field + "\" must be a number, got: " + value);
    }
    return value.asDouble();
  }
}
