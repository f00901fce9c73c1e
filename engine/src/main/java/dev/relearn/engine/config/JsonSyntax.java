package dev.relearn.engine.config;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Plain words for a JSON syntax error: Jackson's message without its parser internals (source
 * locations, character codes, feature names), rephrased for the common mistakes.
 */
final class JsonSyntax {
  /** Jackson's "(start marker at [Source: ...; line: 1, column: 1])" and similar asides. */
  private static final Pattern SOURCE_ASIDE =
      Pattern.compile("\\s*\\((?:start marker|for \\w+ starting) at \\[Source: .*?\\]\\)");
  /** "('m' (code 109))" → "'m'". */
  private static final Pattern CHARACTER = Pattern.compile("\\(('.*?') \\(code \\d+\\)\\)");
  /** ": enable `JsonReadFeature.ALLOW_LEADING_PLUS_SIGN_FOR_NUMBERS` to allow": not ours to set. */
  private static final Pattern FEATURE_HINT =
      Pattern.compile(":?\\s*\\(?\\s*enable `[\\w.]+` to allow\\)?");
  private static final Map<String, String> PHRASES = phrases();

  private JsonSyntax() {}

  /** What is wrong, in lower case, without the location (the caller gives line and column). */
  static String describe(JsonProcessingException e) {
    String message = e.getOriginalMessage() == null ? "" : e.getOriginalMessage();
    if (message.contains("for root starting at")) { // e.g. a '}' after the closing '}'
      return "unexpected text after the end of the JSON object";
    }
    if (message.contains("ALLOW_COMMENTS")) {
      return "JSON has no comments; remove the '//' or '/*' and its text";
    }
    if (message.contains("ALLOW_NON_NUMERIC_NUMBERS")) {
      return "NaN and Infinity are not JSON numbers; write a number in range";
    }
    if (message.startsWith("Duplicate field ")) { // "Duplicate field 'boostCap'"
      return "key " + message.substring("Duplicate field ".length())
          + " appears twice in one object; keep one";
    }
    message = SOURCE_ASIDE.matcher(message).replaceAll("");
    message = CHARACTER.matcher(message).replaceAll("$1");
    message = FEATURE_HINT.matcher(message).replaceAll("");
    if (message.startsWith("Trailing token")) {
      return "unexpected text after the end of the JSON object";
    }
    for (Map.Entry<String, String> phrase : PHRASES.entrySet()) {
      message = message.replace(phrase.getKey(), phrase.getValue());
    }
    message = message.strip();
    if (message.isEmpty()) {
      return "malformed JSON";
    }
    return message.substring(0, 1).toLowerCase(Locale.ROOT) + message.substring(1);
  }

  private static Map<String, String> phrases() {
    Map<String, String> phrases = new LinkedHashMap<>();
    phrases.put("Unexpected end-of-input: expected close marker for Object",
        "unexpected end of input (a '}' is missing?)");
    phrases.put("Unexpected end-of-input: expected close marker for Array",
        "unexpected end of input (a ']' is missing?)");
    phrases.put("Unexpected end-of-input: was expecting closing quote for a string value",
        "unexpected end of input inside a string (a '\"' is missing?)");
    phrases.put("Unexpected end-of-input in field name",
        "unexpected end of input inside a key (a '\"' is missing?)");
    phrases.put("Unexpected end-of-input", "unexpected end of input");
    phrases.put(": was expecting double-quote to start field name",
        " where a key in double quotes belongs (a comma too many, or an unquoted key?)");
    phrases.put(": was expecting comma to separate Object entries",
        " where a ',' or '}' belongs (a comma missing?)");
    phrases.put(": was expecting comma to separate Array entries",
        " where a ',' or ']' belongs (a comma missing?)");
    phrases.put("Unexpected close marker", "unexpected");
    phrases.put(": was expecting a colon to separate field name and value",
        " where the ':' after a key belongs");
    phrases.put(": was expecting (JSON String, Number, Array, Object or token 'null', 'true'"
        + " or 'false')", ": expected a number, string, object, array, true, false or null");
    return phrases;
  }
}
