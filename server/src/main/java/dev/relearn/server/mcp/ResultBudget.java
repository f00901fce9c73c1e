package dev.relearn.server.mcp;

import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Locale;
import java.util.function.IntPredicate;

/**
 * The size of every tool result, as the SDK writes it: under {@link #TOKENS} at {@link
 * #CHARS_PER_TOKEN} characters a token, since agent hosts commonly cut results at about 25,000
 * tokens. A larger result is trimmed and says so in a {@code trimmed} note.
 */
final class ResultBudget {
  /** The most tokens a result may hold. */
  static final int TOKENS = 20_000;
  /** Characters per token, a conservative estimate for English text, code and JSON. */
  static final int CHARS_PER_TOKEN = 4;
  /** The most characters of a result as written. */
  static final int MAX_CHARS = TOKENS * CHARS_PER_TOKEN;
  /** The budget as the tool descriptions state it. */
  static final String DESCRIPTION = String.format(Locale.ROOT, " Results stay within %,d"
      + " tokens (%,d characters); a larger one is trimmed and says what was cut in"
      + " 'trimmed'.", TOKENS, MAX_CHARS);

  private ResultBudget() {}

  /** Whether {@code result} fits the budget, as the SDK writes it, escapes and all. */
  static boolean fits(CallToolResult result) {
    try {
      return McpJsonDefaults.getMapper().writeValueAsString(result).length() <= MAX_CHARS;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write a tool result as JSON", e);
    }
  }

  /** The largest value in [low, high] that {@code fits} (monotone), else {@code low - 1}. */
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
