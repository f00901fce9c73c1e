package dev.relearn.indexer.source;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.relearn.lucene.schema.ChunkKind;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.util.UnicodeUtil;

/** Reads typed fields of a JSONL record, failing with content-free messages. */
final class RecordFields {
  private final ObjectNode object;

  RecordFields(ObjectNode object) {
    this.object = object;
  }

  /**
   * The field {@code preferred}, else {@code other} ({@code "id"} and {@code "_id"}, in the
   * order the format names them): a non-blank string or an integer, stripped, as feedback strips
   * the ids it names (one kept with its spaces could never be fed back).
   */
  String id(String preferred, String other) throws BadRecordException {
    String name = object.hasNonNull(preferred) ? preferred : other;
    JsonNode node = object.get(name);
    if (node == null || node.isNull()) {
      throw new BadRecordException("missing \"" + preferred + "\" (or \"" + other + "\")");
    }
    if (!node.isTextual() && !node.isIntegralNumber()) {
      throw new BadRecordException("\"" + name + "\" must be a string or an integer");
    }
    String id = node.asText();
    if (id.isBlank()) {
      throw new BadRecordException("\"" + name + "\" is blank");
    }
    return indexable(name, id.strip());
  }

  /** {@code value}, refused when it is too long to be one Lucene term (an id, a path). */
  static String indexable(String name, String value) throws BadRecordException {
    int bytes = UnicodeUtil.calcUTF16toUTF8Length(value, 0, value.length());
    if (bytes > IndexWriter.MAX_TERM_LENGTH) {
      throw new BadRecordException("\"" + name + "\" is " + bytes + " bytes long in UTF-8; at"
          + " most " + IndexWriter.MAX_TERM_LENGTH + " fit the index");
    }
    return value;
  }

  /** A string field that must be present. */
  String requiredString(String name) throws BadRecordException {
    JsonNode node = object.get(name);
    if (node == null || node.isNull()) {
      throw new BadRecordException("missing \"" + name + "\"");
    }
    return string(name, node);
  }

  /**
   * The required {@code "text"} field; refused when it and {@code title} are both blank: such a
   * record has nothing to find it by, and the vector of no text would turn up for any query.
   */
  String text(String title) throws BadRecordException {
    String text = requiredString("text");
    if (text.isBlank() && title.isBlank()) {
      throw new BadRecordException("\"text\" is blank and there is no \"title\": nothing to"
          + " search");
    }
    return text;
  }

  /** A string field, or {@code fallback} when absent or null. */
  String optionalString(String name, String fallback) throws BadRecordException {
    JsonNode node = object.get(name);
    return node == null || node.isNull() ? fallback : string(name, node);
  }

  /** The {@code "kind"} label, or {@code fallback} when absent. */
  ChunkKind kind(ChunkKind fallback) throws BadRecordException {
    String label = optionalString("kind", null);
    try {
      return label == null ? fallback : ChunkKind.fromLabel(label);
    } catch (IllegalArgumentException e) { // its message quotes the value
      throw new BadRecordException("\"kind\" must be one of markdown, code, text, record");
    }
  }

  /** An array-of-strings field, or an empty list when absent. */
  List<String> stringList(String name) throws BadRecordException {
    JsonNode node = object.get(name);
    if (node == null || node.isNull()) {
      return List.of();
    }
    if (!node.isArray()) {
      throw new BadRecordException("\"" + name + "\" must be an array of strings");
    }
    List<String> values = new ArrayList<>(node.size());
    for (JsonNode element : node) {
      if (!element.isTextual()) {
        throw new BadRecordException("\"" + name + "\" must be an array of strings");
      }
      values.add(element.asText());
    }
    return values;
  }

  /** A non-negative integer field, or {@code fallback} when absent. */
  int lineNumber(String name, int fallback) throws BadRecordException {
    JsonNode node = object.get(name);
    if (node == null || node.isNull()) {
      return fallback;
    }
    if (!node.isIntegralNumber() || !node.canConvertToInt() || node.intValue() < 0) {
      throw new BadRecordException("\"" + name + "\" must be a non-negative integer");
    }
    return node.intValue();
  }

  private static String string(String name, JsonNode node) throws BadRecordException {
    if (!node.isTextual()) {
      throw new BadRecordException("\"" + name + "\" must be a string");
    }
    return node.asText();
  }
}
