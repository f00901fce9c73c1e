package dev.relearn.server.mcp;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.util.Locale;
import java.util.function.IntPredicate;

/**
 * The size every tool result is kept within: agent hosts commonly cut a tool result at about
 * 25,000 tokens, so each result stays under {@link #TOKENS}, estimated at {@link
 * #CHARS_PER_TOKEN} characters a token over its text and its structured content's JSON. A tool
 * whose result would be larger trims it (search: snippets first, then hits) and says so in a
 * {@code trimmed} note.
 */
final class ResultBudget {
  /** The most tokens a result may hold. */
  static final int TOKENS = 20_000;
  /** Characters per token, a conservative estimate for English text, code and JSON. */
  static final int CHARS_PER_TOKEN = 4;
  /** The most characters of result text: the text summary plus the structured JSON. */
  static final int MAX_CHARS = TOKENS * CHARS_PER_TOKEN;
  /** The budget as the tool descriptions state it. */
  static final String DESCRIPTION = String.format(Locale.ROOT, " Results stay within %,d"
      + " tokens (%,d characters); a larger one is trimmed and says what was cut in"
      + " 'trimmed'.", TOKENS, MAX_CHARS);

  private static final ObjectMapper JSON = new ObjectMapper();

  private ResultBudget() {}

  /** The characters a result of {@code text} and {@code structured} content counts. */
  static int size(String text, Object structured) {
    try {
      return text.length() + JSON.writeValueAsString(structured).length();
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write a tool result as JSON", e);
    }
  }

  /** Whether {@code result}, its text and its structured content, fits the budget. */
  static boolean fits(CallToolResult result) {
    return size(ToolResults.text(result), result.structuredContent()) <= MAX_CHARS;
  }

  /**
   * The largest value in [low, high] that {@code fits}, which must hold for all values up to
   * some point and for none past it; {@code low - 1} when even {@code low} does not fit.
   */
  static int largest(int low, int high, IntPredicate fits) {
    int lo = low - 1; // fits (or below the range)
    int hi = high + 1; // does not fit (or above the range)
    while (hi - lo > 1) {
      int mid = lo + (hi - lo) / 2;
      if (fits.test(mid)) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  /** The note a trimmed result carries: {@code what} was cut to fit. */
  static String note(String what) {
    return String.format(Locale.ROOT, "%s, to fit the %,d-token result budget", what, TOKENS);
  }

  /** {@code text} cut to at most {@code chars} code points, with "..." when cut. */
  static String cut(String text, int chars) {
    if (text.codePointCount(0, text.length()) <= chars) {
      return text;
    }
    return text.substring(0, text.offsetByCodePoints(0, chars)) + "...";
  }
}
