package dev.relearn.server.text;

import dev.relearn.engine.search.SearchRequest;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The fields of an HTTP body or the arguments of an MCP tool call (JSON values), checked by one
 * set of rules: unknown names, wrong types and out-of-range values are {@link
 * IllegalArgumentException}s naming the name and the bad value ({@link ErrorQuotes#quote cut}),
 * never query text. JSON null counts as absent; lengths are code points, as JSON Schema counts.
 */
public final class Arguments {
  /** The longest label (mode, kind, outcome, rating, query class) read: longer than any valid. */
  public static final int MAX_LABEL_CHARS = 40;

  private final Map<String, ?> values;

  private Arguments(Map<String, ?> values) {
    this.values = values;
  }

  /** The values of {@code given} (null for none); a name outside {@code accepted} is refused. */
  public static Arguments of(Map<String, ?> given, Collection<String> accepted) {
    Map<String, ?> values = given == null ? Map.of() : given;
    for (String name : new TreeSet<>(values.keySet())) {
      if (!accepted.contains(name)) {
        throw new IllegalArgumentException("unknown field " + quote(name) + "; accepted: "
            + String.join(", ", new TreeSet<>(accepted)));
      }
    }
    return new Arguments(values);
  }

  /** Whether {@code name} was given a value (not null), blank or not. */
  public boolean has(String name) {
    return values.get(name) != null;
  }

  /**
   * A required string of at most {@code maxChars}, as given (blank too: the request it goes into
   * says what is wrong with it, in the same words as the Java API); never echoed.
   */
  public String required(String name, int maxChars) {
    if (!has(name)) {
      throw new IllegalArgumentException("'" + name + "' is required");
    }
    return string("'" + name + "'", values.get(name), maxChars);
  }

  /**
   * An optional string of at most {@code maxChars}, as given, or null; blank is an error. Never
   * echoed. {@code names} are one value's spellings ({@code event_id}, {@code eventId}).
   */
  public String text(int maxChars, String... names) {
    Object value = get(names);
    if (value == null) {
      return null;
    }
    String text = string("'" + names[0] + "'", value, maxChars);
    if (text.isBlank()) {
      throw new IllegalArgumentException("'" + names[0]
          + "' must not be blank; leave it out for none");
    }
    return text;
  }

  /** An optional string of at most {@code maxChars}, stripped; null when absent or blank. */
  public String blankable(String name, int maxChars) {
    return stripped("'" + name + "'", values.get(name), maxChars);
  }

  /** An optional label: {@link #blankable} of at most {@link #MAX_LABEL_CHARS} characters. */
  public String label(String... names) {
    return stripped("'" + names[0] + "'", get(names), MAX_LABEL_CHARS);
  }

  /** An optional whole number in [min, max], else {@code fallback}. */
  public int integer(String name, int fallback, int min, int max) {
    Object value = values.get(name);
    if (value == null) {
      return fallback;
    }
    if (!(value instanceof Number number) || !whole(number)) {
      throw new IllegalArgumentException("'" + name + "' must be an integer, got: "
          + describe(value));
    }
    if (number.doubleValue() < min || number.doubleValue() > max) {
      throw new IllegalArgumentException("'" + name + "' must be in [" + min + ", " + max
          + "], got: " + describe(value));
    }
    return number.intValue();
  }

  /** An optional number in [min, max]; null when absent. */
  public Double number(String name, double min, double max) {
    Object value = values.get(name);
    if (value == null) {
      return null;
    }
    if (!(value instanceof Number number)) {
      throw new IllegalArgumentException("'" + name + "' must be a number, got: "
          + describe(value));
    }
    if (!(number.doubleValue() >= min && number.doubleValue() <= max)) {
      throw new IllegalArgumentException("'" + name + "' must be in [" + min + ", " + max
          + "], got: " + describe(value));
    }
    return number.doubleValue();
  }

  /** An optional rating as text: a label ({@code "up"}, {@code "+1"}) or a number of stars. */
  public String rating(String name) {
    Object value = values.get(name);
    if (value instanceof Number number && whole(number)) { // past 2^53 as given, not wrapped
      return Math.abs(number.doubleValue()) < 0x1p53 ? Long.toString(number.longValue())
          : ErrorQuotes.quote(number.toString());
    }
    if (value != null && !(value instanceof String)) {
      throw new IllegalArgumentException("'" + name + "' must be a string or an integer, got: "
          + describe(value));
    }
    return label(name);
  }

  /** 1 to {@code maxItems} chunk ids of at most {@code maxChars}, stripped, blanks dropped. */
  public List<String> ids(String name, int maxItems, int maxChars) {
    Object value = values.get(name);
    if (value == null) {
      throw new IllegalArgumentException("'" + name + "' is required");
    }
    if (!(value instanceof List<?> items)) {
      throw new IllegalArgumentException("'" + name + "' must be an array of chunk ids, got: "
          + describe(value));
    }
    Set<String> ids = new LinkedHashSet<>();
    for (Object item : items.size() <= maxItems ? items : List.of()) {
      String id = stripped("each of '" + name + "'", item, maxChars);
      if (id != null) {
        ids.add(id);
      }
    }
    if (ids.isEmpty()) { // none, only blank ones, or too many
      throw new IllegalArgumentException("'" + name + "' must name 1 to " + maxItems
          + " chunk ids, got: " + (items.size() > maxItems ? items.size()
          : items.isEmpty() ? "0" : items.size() + ", all blank"));
    }
    return new ArrayList<>(ids);
  }

  /** {@code value} in quotes for an error message, cut as {@link ErrorQuotes#quote} cuts it. */
  public static String quote(String value) {
    return "'" + ErrorQuotes.quote(value) + "'";
  }

  /** The value of the first given spelling; two given with different values are refused. */
  private Object get(String... names) {
    Object found = null;
    for (String name : names) {
      Object value = values.get(name);
      if (value != null && found != null && !found.equals(value)) {
        throw new IllegalArgumentException("'" + names[0] + "' and its spelling '" + name
            + "' are both given, with different values");
      }
      found = found != null ? found : value;
    }
    return found;
  }

  /** {@code value} (not null) as a string of at most {@code maxChars}; {@code named} names it. */
  private static String string(String named, Object value, int maxChars) {
    if (!(value instanceof String text)) {
      throw new IllegalArgumentException(named + " must be a string, got: " + describe(value));
    }
    int length = SearchRequest.length(text);
    if (length > maxChars) {
      throw new IllegalArgumentException(named + " must be at most " + maxChars
          + " characters, got: " + length);
    }
    return text;
  }

  /** {@code value} as {@link #string}, stripped; null when it is null or blank. */
  private static String stripped(String named, Object value, int maxChars) {
    return value == null || string(named, value, maxChars).isBlank() ? null
        : ((String) value).strip();
  }

  private static boolean whole(Number number) {
    double v = number.doubleValue();
    return v == Math.rint(v);
  }

  /**
   * A bad value for a message: a string quoted and cut, a number or boolean, or a type. JSON has
   * no infinity: an infinite double is a number the parser could not hold (as 1e400), said so.
   */
  private static String describe(Object value) {
    return switch (value) {
      case String text -> quote(text);
      case Double d when d.isInfinite() -> "a number out of range (beyond ±1.8E308)";
      case Number n -> ErrorQuotes.quote(n.toString());
      case Boolean b -> b.toString();
      case List<?> l -> "an array";
      case Map<?, ?> m -> "an object";
      default -> "a " + value.getClass().getSimpleName();
    };
  }
}
