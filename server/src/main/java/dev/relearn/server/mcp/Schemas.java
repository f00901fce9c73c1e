package dev.relearn.server.mcp;

import io.modelcontextprotocol.spec.McpSchema;
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

  /** A tool's input: an object with these properties and no others. */
  static McpSchema.JsonSchema input(Map<String, Object> properties, List<String> required) {
    return new McpSchema.JsonSchema("object", properties, required, false, null, null);
  }

  /** A tool's output: an object with these properties. */
  static Map<String, Object> output(Map<String, Object> properties, List<String> required) {
    Map<String, Object> schema = new LinkedHashMap<>();
    schema.put("type", "object");
    schema.put("properties", properties);
    schema.put("required", required);
    return schema;
  }

  /** A property of a JSON type (or an array of types, e.g. number or null) with a description. */
  static Map<String, Object> prop(Object type, String description) {
    Map<String, Object> schema = new LinkedHashMap<>();
    schema.put("type", type);
    if (description != null) {
      schema.put("description", description);
    }
    return schema;
  }

  /** A property with a default value. */
  static Map<String, Object> prop(Object type, String description, Object defaultValue) {
    Map<String, Object> schema = prop(type, description);
    schema.put("default", defaultValue);
    return schema;
  }

  /** A string property of at most {@code maxLength} characters. */
  static Map<String, Object> text(String description, int maxLength) {
    Map<String, Object> schema = prop("string", description);
    schema.put("maxLength", maxLength);
    return schema;
  }

  /** A string property of {@code minLength} to {@code maxLength} characters. */
  static Map<String, Object> text(String description, int minLength, int maxLength) {
    Map<String, Object> schema = text(description, maxLength);
    schema.put("minLength", minLength);
    return schema;
  }

  /** A number property in [min, max]. */
  static Map<String, Object> number(String description, double min, double max) {
    Map<String, Object> schema = prop("number", description);
    schema.put("minimum", min);
    schema.put("maximum", max);
    return schema;
  }

  /** A whole-number property in [min, max] with a default. */
  static Map<String, Object> integer(String description, int defaultValue, int min, int max) {
    Map<String, Object> schema = prop("integer", description, defaultValue);
    schema.put("minimum", min);
    schema.put("maximum", max);
    return schema;
  }

  /** A string property limited to {@code values}. */
  static Map<String, Object> oneOf(String description, List<String> values, String defaultValue) {
    Map<String, Object> schema = prop("string", description, defaultValue);
    schema.put("enum", values);
    return schema;
  }

  /** An array of items. */
  static Map<String, Object> array(Map<String, Object> items, String description) {
    Map<String, Object> schema = prop("array", description);
    schema.put("items", items);
    return schema;
  }

  /** An array of {@code minItems} to {@code maxItems} items. */
  static Map<String, Object> array(Map<String, Object> items, String description, int minItems,
      int maxItems) {
    Map<String, Object> schema = array(items, description);
    schema.put("minItems", minItems);
    schema.put("maxItems", maxItems);
    return schema;
  }

  /** Ordered properties from name/schema pairs. */
  static Map<String, Object> props(Object... nameThenSchema) {
    Map<String, Object> properties = new LinkedHashMap<>();
    for (int i = 0; i < nameThenSchema.length; i += 2) {
      properties.put((String) nameThenSchema[i], nameThenSchema[i + 1]);
    }
    return properties;
  }
}
