package dev.relearn.eval.beir;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.relearn.indexer.source.JsonSyntaxProblem;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SequencedMap;

/**
 * Reads a BEIR {@code queries.jsonl} (or {@code .jsonl.gz}): one JSON object per line with a string
 * {@code _id} (an integer is read as its digits; spaces around it are stripped, as the qrels and
 * corpus readers strip ids) and a string {@code text}; other fields are ignored. Blank lines are
 * skipped and CRLF endings accepted.
 */
public final class QueriesFile {
  private static final ObjectMapper JSON =
      JsonMapper.builder().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS).build();

  private QueriesFile() {}

  /**
   * The queries of {@code file}, id → text, in file order; bad JSON, a missing or blank {@code
   * _id}, a missing {@code text} or a repeated id throws, naming the file and line.
   */
  public static SequencedMap<String, String> read(Path file) throws IOException {
    String source = file.toString();
    SequencedMap<String, String> queries = new LinkedHashMap<>();
    Map<String, Integer> firstLine = new HashMap<>();
    try (BufferedReader reader = TextLines.open(file)) {
      TextLines.forEach(reader, (line, lineNumber) -> {
        JsonNode node = parse(line, source, lineNumber);
        String id = field(node, "_id", true, source, lineNumber).strip(); // as qrels fields are
        if (id.isBlank()) {
          throw TextLines.error(source, lineNumber, "blank \"_id\"", null);
        }
        String text = field(node, "text", false, source, lineNumber);
        Integer previous = firstLine.putIfAbsent(id, lineNumber);
        if (previous != null) {
          throw TextLines.error(source, lineNumber, "query id '" + id + "' repeats line "
              + previous, null);
        }
        queries.put(id, text);
      });
    }
    return Collections.unmodifiableSequencedMap(queries);
  }

  private static JsonNode parse(String line, String source, int lineNumber) {
    JsonNode node;
    try {
      node = JSON.readTree(line);
    } catch (JsonProcessingException e) {
      throw TextLines.error(source, lineNumber,
          "not valid JSON (" + JsonSyntaxProblem.describe(e) + ")", e);
    }
    if (node == null || !node.isObject()) {
      throw TextLines.error(source, lineNumber, "expected a JSON object, got: "
          + abbreviate(line), null);
    }
    return node;
  }

  private static String field(
      JsonNode node, String name, boolean integerAllowed, String source, int lineNumber) {
    JsonNode value = node.get(name);
    if (value == null || value.isNull()) {
      throw TextLines.error(source, lineNumber, "missing \"" + name + "\"", null);
    }
    if (!value.isTextual() && !(integerAllowed && value.isIntegralNumber())) {
      throw TextLines.error(source, lineNumber, "\"" + name + "\" must be a string, got: "
          + value, null);
    }
    return value.asText();
  }

  private static String abbreviate(String line) {
    return line.length() <= 80 ? line : line.substring(0, 77) + "...";
  }
}
