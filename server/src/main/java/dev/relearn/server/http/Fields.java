package dev.relearn.server.http;

import dev.relearn.server.text.ErrorQuotes;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.relearn.engine.search.SearchRequest;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Typed, validated access to a request object's fields. Every problem is a 400 {@link
 * ApiException} naming the field and, except for query text, the bad value.
 */
final class Fields {
  private final ObjectNode body;

  private Fields(ObjectNode body) {
    this.body = body;
  }

  /**
   * The fields of {@code body}, rejecting any name outside {@code accepted}.
   *
   * @throws ApiException naming the unknown field and the accepted ones
   */
  static Fields of(ObjectNode body, Set<String> accepted) {
    Iterator<String> names = body.fieldNames();
    while (names.hasNext()) {
      String name = names.next();
      if (!accepted.contains(name)) {
        throw ApiException.badRequest("unknown field '" + ErrorQuotes.quote(name) + "'; accepted: "
            + String.join(", ", accepted.stream().sorted().toList()));
      }
    }
    return new Fields(body);
  }

  /**
   * The value of the first present name (one field's spellings), or null (JSON null counts as
   * absent); two spellings with different values are refused.
   */
  private JsonNode get(String... names) {
    JsonNode found = null;
    for (String name : names) {
      JsonNode node = body.get(name);
      if (node != null && !node.isNull()) {
        if (found != null && !found.equals(node)) {
          throw ApiException.badRequest("'" + names[0] + "' and its spelling '" + name
              + "' are both given, with different values");
        }
        found = node;
      }
    }
    return found;
  }

  /** The query text: a required non-blank string. The text itself is never echoed. */
  String query(String name) {
    JsonNode node = get(name);
    if (node == null) {
      throw ApiException.badRequest("'" + name + "' is required: the query text");
    }
    if (!node.isTextual()) {
      throw ApiException.badRequest("'" + name + "' must be a string, got: " + type(node));
    }
    if (node.asText().isBlank()) {
      throw ApiException.badRequest("'" + name + "' must not be empty");
    }
    return node.asText();
  }

  /** An optional string of at most {@code maxChars} code points; null when absent. */
  String text(int maxChars, String... names) {
    JsonNode node = get(names);
    if (node == null) {
      return null;
    }
    if (!node.isTextual()) {
      throw ApiException.badRequest("'" + names[0] + "' must be a string, got: " + type(node));
    }
    String value = node.asText();
    if (SearchRequest.length(value) > maxChars) { // code points, as all limits count
      throw ApiException.badRequest("'" + names[0] + "' must be at most " + maxChars
          + " characters, got: " + SearchRequest.length(value));
    }
    return value;
  }

  /** An optional integer in [min, max], else {@code fallback}. */
  int integer(String name, int fallback, int min, int max) {
    JsonNode node = get(name);
    if (node == null) {
      return fallback;
    }
    if (!node.isIntegralNumber() || !node.canConvertToInt()) {
      throw ApiException.badRequest("'" + name + "' must be an integer, got: " + echo(node));
    }
    int value = node.intValue();
    if (value < min || value > max) {
      throw ApiException.badRequest(
          "'" + name + "' must be in [" + min + ", " + max + "], got: " + value);
    }
    return value;
  }

  /** An optional number in [min, max]; null when absent. */
  Double number(String name, double min, double max) {
    JsonNode node = get(name);
    if (node == null) {
      return null;
    }
    if (!node.isNumber()) {
      throw ApiException.badRequest("'" + name + "' must be a number, got: " + echo(node));
    }
    double value = node.doubleValue();
    if (!(value >= min && value <= max)) {
      throw ApiException.badRequest(
          "'" + name + "' must be in [" + min + ", " + max + "], got: " + echo(node));
    }
    return value;
  }

  /** A required array of 1 to {@code maxItems} non-blank strings, stripped. */
  List<String> ids(String name, int maxItems) {
    JsonNode node = get(name);
    if (node == null) {
      throw ApiException.badRequest("'" + name + "' is required: an array of chunk ids");
    }
    if (!node.isArray()) {
      throw ApiException.badRequest("'" + name + "' must be an array of chunk ids, got: "
          + type(node));
    }
    if (node.isEmpty() || node.size() > maxItems) {
      throw ApiException.badRequest("'" + name + "' must hold 1 to " + maxItems
          + " chunk ids, got: " + node.size());
    }
    List<String> ids = new ArrayList<>();
    for (JsonNode item : node) {
      if (!item.isTextual() || item.asText().isBlank()) {
        throw ApiException.badRequest("'" + name + "' items must be non-empty strings, got: "
            + echo(item));
      }
      ids.add(item.asText().strip());
    }
    return ids;
  }

  /** A JSON type's name for messages. */
  static String type(JsonNode node) {
    return node.getNodeType().name().toLowerCase(Locale.ROOT);
  }

  /** A value for a message, shortened ({@link ErrorQuotes}). */
  static String echo(JsonNode node) {
    return node.isTextual() ? "'" + ErrorQuotes.quote(node.asText()) + "'"
        : ErrorQuotes.quote(node.toString());
  }
}
