package dev.relearn.server.mcp;

import dev.relearn.server.text.ErrorQuotes;
import dev.relearn.engine.search.SearchRequest;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A tool call's arguments, checked: unknown names, wrong types and out-of-range numbers are
 * {@link ToolInputException}s naming the argument. Values of arguments listed as secret (the
 * query) are never echoed in a message; others are quoted as {@link ErrorQuotes#quote} cuts them.
 * Lengths are counted in code points, as the input schemas' {@code maxLength} counts them.
 */
final class ToolArgs {
  /** The longest label (mode, outcome, rating) read: longer than any valid one. */
  static final int MAX_LABEL_CHARS = 40;

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
        throw new ToolInputException("unknown argument " + quote(name) + " for tool " + tool
            + "; expected: " + String.join(", ", allowed));
      }
    }
    return new ToolArgs(tool, given);
  }

  /** Whether the call gave {@code name} a value (not null), blank or not. */
  boolean has(String name) {
    return args.get(name) != null;
  }

  /**
   * A required non-blank string of at most {@code maxLength} characters; its value is never
   * echoed (it may be a query).
   */
  String requiredSecret(String name, int maxLength) {
    Object value = args.get(name);
    if (value == null) {
      throw new ToolInputException(tool + " needs the argument '" + name + "'");
    }
    if (value instanceof String text && text.isBlank()) {
      throw new ToolInputException("'" + name + "' must not be empty");
    }
    return optionalExact(name, maxLength);
  }

  /**
   * An optional string as given (not stripped) of at most {@code maxLength} characters, or null
   * when absent; blank is an error. Its value is never echoed (it may be a query).
   */
  String optionalExact(String name, int maxLength) {
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
    return checkLength("'" + name + "'", text, maxLength);
  }

  /**
   * An optional string of at most {@code maxLength} characters (as given), stripped; null when
   * absent or blank.
   */
  String optionalString(String name, int maxLength) {
    Object value = args.get(name);
    if (value == null) {
      return null;
    }
    if (!(value instanceof String text)) {
      throw new ToolInputException("'" + name + "' must be a string, got: " + describe(value));
    }
    checkLength("'" + name + "'", text, maxLength);
    return text.isBlank() ? null : text.strip();
  }

  /** As {@link #optionalString}, but a blank value is an error rather than absent. */
  String optionalNonBlankString(String name, int maxLength) {
    if (args.get(name) instanceof String text && text.isBlank()) {
      throw new ToolInputException("'" + name + "' must not be blank; leave it out for none");
    }
    return optionalString(name, maxLength);
  }

  /**
   * An optional short label, such as a mode or an outcome, stripped; null when absent or blank.
   * One longer than any label is refused here, quoted in part.
   */
  String optionalLabel(String name) {
    return optionalString(name, MAX_LABEL_CHARS);
  }

  /**
   * {@code text}, unless it is longer than {@code maxLength} characters, counted as the input
   * schemas' {@code maxLength} counts them (code points: {@link SearchRequest#length}).
   */
  private static String checkLength(String what, String text, int maxLength) {
    int length = SearchRequest.length(text);
    if (length > maxLength) {
      throw new ToolInputException(what + " must be at most " + maxLength
          + " characters, got " + length);
    }
    return text;
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
    return optionalLabel(name);
  }

  /**
   * A required list of 1 to {@code maxItems} strings of at most {@code maxLength} characters, as
   * the schema's {@code minItems}, {@code maxItems} and {@code maxLength} say; blank ones are
   * dropped, the others stripped, duplicates dropped in order, and at least one must remain.
   */
  List<String> requiredIds(String name, int maxItems, int maxLength) {
    Object value = args.get(name);
    if (value == null) {
      throw new ToolInputException(tool + " needs the argument '" + name + "'");
    }
    List<?> items = value instanceof List<?> list ? list : null;
    if (items == null) {
      throw new ToolInputException("'" + name + "' must be an array of chunk ids, got: "
          + describe(value));
    }
    if (items.size() > maxItems) {
      throw new ToolInputException("'" + name + "' must name 1 to " + maxItems
          + " chunk ids, got: " + items.size());
    }
    Set<String> ids = new LinkedHashSet<>();
    for (Object item : items) {
      if (!(item instanceof String id)) {
        throw new ToolInputException("'" + name + "' must hold strings, got: " + describe(item));
      }
      if (!checkLength("each of '" + name + "'", id, maxLength).isBlank()) {
        ids.add(id.strip());
      }
    }
    if (ids.isEmpty()) {
      throw new ToolInputException("'" + name + "' must name 1 to " + maxItems
          + " chunk ids, got: 0");
    }
    return new ArrayList<>(ids);
  }

  /** {@code value} in quotes for an error message, cut as {@link ErrorQuotes#quote} cuts it. */
  static String quote(String value) {
    return "'" + ErrorQuotes.quote(value) + "'";
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
      return quote(text);
    }
    if (value instanceof Number || value instanceof Boolean) {
      return value.toString();
    }
    return typeOf(value);
  }
}
