package dev.relearn.server.mcp;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A tool call's arguments, checked: unknown names, wrong types and out-of-range numbers are
 * {@link ToolInputException}s naming the argument. Values of arguments listed as secret (the
 * query) are never echoed in a message.
 */
final class ToolArgs {
  private final String tool;
  private final Map<String, Object> args;

  private ToolArgs(String tool, Map<String, Object> args) {
    this.tool = tool;
    this.args = args;
  }

  /**
   * The arguments of a call to {@code tool}; {@code allowed} are the argument names it declares.
   *
   * @throws ToolInputException naming the first unknown argument and the accepted ones
   */
  static ToolArgs of(String tool, Map<String, Object> args, Set<String> allowed) {
    Map<String, Object> given = args == null ? Map.of() : args;
    for (String name : new TreeSet<>(given.keySet())) {
      if (!allowed.contains(name)) {
        throw new ToolInputException("unknown argument '" + name + "' for tool " + tool
            + "; expected: " + String.join(", ", allowed));
      }
    }
    return new ToolArgs(tool, given);
  }

  /** Whether the call gave {@code name} a value (not null), blank or not. */
  boolean has(String name) {
    return args.get(name) != null;
  }

  /** A required non-blank string; its value is never echoed (it may be a query). */
  String requiredSecret(String name) {
    Object value = args.get(name);
    if (value == null) {
      throw new ToolInputException(tool + " needs the argument '" + name + "'");
    }
    if (!(value instanceof String text)) {
      throw new ToolInputException("'" + name + "' must be a string, got: " + typeOf(value));
    }
    if (text.isBlank()) {
      throw new ToolInputException("'" + name + "' must not be empty");
    }
    return text;
  }

  /** An optional string whose value is never echoed, or null when absent; blank is an error. */
  String optionalSecret(String name) {
    Object value = args.get(name);
    if (value == null) {
      return null;
    }
    if (!(value instanceof String text)) {
      throw new ToolInputException("'" + name + "' must be a string, got: " + typeOf(value));
    }
    if (text.isBlank()) { // a client's bug, not a choice of the default
      throw new ToolInputException("'" + name + "' must not be blank; leave it out for none");
    }
    return text;
  }

  /** An optional string (stripped), or null when absent or blank. */
  String optionalString(String name) {
    Object value = args.get(name);
    if (value == null) {
      return null;
    }
    if (!(value instanceof String text)) {
      throw new ToolInputException("'" + name + "' must be a string, got: " + describe(value));
    }
    return text.isBlank() ? null : text.strip();
  }

  /** As {@link #optionalString}, but a blank value is an error rather than absent. */
  String optionalNonBlankString(String name) {
    if (args.get(name) instanceof String text && text.isBlank()) {
      throw new ToolInputException("'" + name + "' must not be blank; leave it out for none");
    }
    return optionalString(name);
  }

  /** An optional whole number in [min, max], or {@code fallback} when absent. */
  int optionalInt(String name, int fallback, int min, int max) {
    Object value = args.get(name);
    if (value == null) {
      return fallback;
    }
    if (!(value instanceof Number number) || number.doubleValue() != Math.rint(
        number.doubleValue())) {
      throw new ToolInputException("'" + name + "' must be a whole number, got: "
          + describe(value));
    }
    double v = number.doubleValue();
    if (v < min || v > max) {
      throw new ToolInputException("'" + name + "' must be in [" + min + ", " + max + "], got: "
          + describe(value));
    }
    return (int) v;
  }

  /** An optional number, or null when absent. */
  Double optionalDouble(String name) {
    Object value = args.get(name);
    if (value == null) {
      return null;
    }
    if (!(value instanceof Number number)) {
      throw new ToolInputException("'" + name + "' must be a number, got: " + describe(value));
    }
    return number.doubleValue();
  }

  /** An optional string or number as text (for ratings such as {@code "up"} or {@code 4}). */
  String optionalScalar(String name) {
    Object value = args.get(name);
    if (value == null) {
      return null;
    }
    if (value instanceof Number number) {
      double v = number.doubleValue();
      if (v != Math.rint(v)) {
        throw new ToolInputException("'" + name + "' must be a whole number or a string, got: "
            + describe(value));
      }
      return Long.toString((long) v);
    }
    if (!(value instanceof String)) {
      throw new ToolInputException("'" + name + "' must be a string or a whole number, got: "
          + describe(value));
    }
    return optionalString(name);
  }

  /**
   * A required list of non-blank strings, stripped, duplicates dropped in order: 1 to {@code
   * maxItems} of them.
   */
  List<String> requiredIds(String name, int maxItems) {
    Object value = args.get(name);
    if (value == null) {
      throw new ToolInputException(tool + " needs the argument '" + name + "'");
    }
    List<?> items = value instanceof List<?> list ? list : null;
    if (items == null) {
      throw new ToolInputException("'" + name + "' must be an array of chunk ids, got: "
          + describe(value));
    }
    Set<String> ids = new LinkedHashSet<>();
    for (Object item : items) {
      if (!(item instanceof String id)) {
        throw new ToolInputException("'" + name + "' must hold strings, got: " + describe(item));
      }
      if (!id.isBlank()) {
        ids.add(id.strip());
      }
    }
    if (ids.isEmpty() || ids.size() > maxItems) {
      throw new ToolInputException("'" + name + "' must name 1 to " + maxItems
          + " chunk ids, got: " + ids.size());
    }
    return new ArrayList<>(ids);
  }

  private static String typeOf(Object value) {
    return switch (value) {
      case Number n -> "a number";
      case Boolean b -> "a boolean";
      case List<?> l -> "an array";
      case Map<?, ?> m -> "an object";
      default -> "a " + value.getClass().getSimpleName();
    };
  }

  private static String describe(Object value) {
    if (value instanceof String text) {
      String shown = text.length() > 60 ? text.substring(0, 60) + "..." : text;
      return "'" + shown + "'";
    }
    if (value instanceof Number || value instanceof Boolean) {
      return value.toString();
    }
    return typeOf(value);
  }
}
