package dev.relearn.server.mcp;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Small builders for the JSON Schemas of the tools' inputs and outputs. Lengths are in code
 * points, as JSON Schema counts them and as the tools check them ({@link
 * dev.relearn.server.text.Arguments}).
 */
final class Schemas {
  private Schemas() {}

  /** A tool's output: an object with these properties, each required but the {@code optional}. */
  static Map<String, Object> output(Map<String, Object> properties, String... optional) {
    List<String> required = properties.keySet().stream()
        .filter(name -> !List.of(optional).contains(name)).toList();
    return props("type", "object", "properties", properties, "required", required);
  }

  /**
   * A property of a JSON type (or an array of types, e.g. number or null), with a description
   * unless null, and {@code more} keywords and values.
   */
  static Map<String, Object> prop(Object type, String description, Object... more) {
    Map<String, Object> schema = props("type", type);
    if (description != null) {
      schema.put("description", description);
    }
    schema.putAll(props(more));
    return schema;
  }

  /** A string property of at most {@code maxLength} characters. */
  static Map<String, Object> text(String description, int maxLength) {
    return prop("string", description, "maxLength", maxLength);
  }

  /** A string property of {@code minLength} to {@code maxLength} characters. */
  static Map<String, Object> text(String description, int minLength, int maxLength) {
    return prop("string", description, "maxLength", maxLength, "minLength", minLength);
  }

  /** A number property in [min, max]. */
  static Map<String, Object> number(String description, double min, double max) {
    return prop("number", description, "minimum", min, "maximum", max);
  }

  /** A whole-number property in [min, max] with a default. */
  static Map<String, Object> integer(String description, int defaultValue, int min, int max) {
    return prop("integer", description, "default", defaultValue, "minimum", min, "maximum", max);
  }

  /** A string property limited to {@code values}. */
  static Map<String, Object> oneOf(String description, List<String> values, String defaultValue) {
    return prop("string", description, "default", defaultValue, "enum", values);
  }

  /** An array of items. */
  static Map<String, Object> array(Map<String, Object> items, String description) {
    return prop("array", description, "items", items);
  }

  /** An array of {@code minItems} to {@code maxItems} items. */
  static Map<String, Object> array(Map<String, Object> items, String description, int minItems,
      int maxItems) {
    return prop("array", description, "items", items, "minItems", minItems, "maxItems", maxItems);
  }

  /** An ordered map from name/value pairs. */
  static Map<String, Object> props(Object... nameThenValue) {
    Map<String, Object> properties = new LinkedHashMap<>();
    for (int i = 0; i < nameThenValue.length; i += 2) {
      properties.put((String) nameThenValue[i], nameThenValue[i + 1]);
    }
    return properties;
  }
}
