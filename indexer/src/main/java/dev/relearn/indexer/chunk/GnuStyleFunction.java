package dev.relearn.indexer.chunk;

import java.util.Set;

/**
 * Recognises a GNU-style function definition: the return type alone on a line, the name at column
 * 0 on the next, then the parameter list, maybe qualifiers or attribute macros ({@code __THROW}),
 * and the body's <code>{</code> on the same line or a later one (after old-style parameter
 * declarations such as {@code int a;}):
 *
 * <pre>
 * static int
 * foo (int a, char *b)
 * {
 * </pre>
 *
 * <p>The type line holds one to {@value #MAX_TYPE_WORDS} words ({@code const struct node *},
 * {@code std::vector<int>}), none a statement or prose word ({@link CStyleFunction#notAType}) or a
 * block's end ({@code end}, {@code fi}). The name is one word, maybe qualified or an operator
 * ({@link OperatorName}), not all capitals (a macro). So calls, macros, control statements and
 * prototypes (ending with {@code ;}) do not match.
 */
final class GnuStyleFunction {
  /** A return type has at most this many words: {@code static inline const struct node *}. */
  private static final int MAX_TYPE_WORDS = 5;
  /** A parameter list may wrap over at most this many lines after the name's. */
  private static final int MAX_PARAMETER_LINES = 12;
  /** At most this many old-style parameter declarations between the list and the body. */
  private static final int MAX_LINES_BEFORE_BODY = 8;
  /** Words that end blocks in shell, Ruby, Lua or Python and so are no return types. */
  private static final Set<String> BLOCK_ENDS = Set.of("end", "fi", "done", "esac", "pass",
      "exit", "endif", "endwhile", "endfor", "endforeach", "finally", "try", "begin", "rescue",
      "ensure", "next", "last", "redo", "retry");

  private GnuStyleFunction() {}

  /**
   * Whether line {@code i} of {@code index} is the return type line of a GNU-style definition
   * whose name is on line {@code i + 1}.
   */
  static boolean startsAt(LineIndex index, int i) {
    if (i < 0 || i + 1 >= index.lineCount() || !startsWord(index, i) || !startsWord(index, i + 1)) {
      return false; // most lines, cheaply: indented, blank or punctuation first
    }
    String typeLine = index.line(i);
    String nameLine = index.line(i + 1);
    if (!isReturnType(typeLine.strip())) { // both lines start at column 0 with a word
      return false;
    }
    String text = OperatorName.rewrite(nameLine.strip()).line();
    int open = text.indexOf('(');
    if (open < 1 || text.endsWith(";") || !isName(text.substring(0, open).stripTrailing())) {
      return false;
    }
    return definedAfter(index, i + 1, text, open);
  }

  /**
   * The definition starting at line {@code i} as one line, its return type before its name:
   * {@code static int foo (int a, char *b)}, {@code char *xstrdup (const char *s)}, {@code
   * PyObject* get (void)}.
   */
  static String joined(LineIndex index, int i) {
    String type = index.line(i).strip();
    int end = type.length();
    while (end > 0 && (type.charAt(end - 1) == '*' || type.charAt(end - 1) == '&')) {
      end--;
    }
    boolean spaced = end < type.length() && end > 0 && type.charAt(end - 1) == ' ';
    return type + (spaced ? "" : " ") + index.line(i + 1).strip(); // char *f, PyObject* f
  }

  /** Whether a line holds only a return type ({@link #MAX_TYPE_WORDS} words at most). */
  private static boolean isReturnType(String line) {
    if (line.isEmpty() || !(Character.isLetter(line.charAt(0)) || line.charAt(0) == '_')) {
      return false;
    }
    CStyleFunction.Words words = CStyleFunction.words(line, line.length());
    if (words == null || words.count() > MAX_TYPE_WORDS || CStyleFunction.notAType(words.last())
        || BLOCK_ENDS.contains(words.last())) {
      return false;
    }
    String bare = CStyleFunction.withoutTemplateArguments(words.last()); // std::vector<int>
    return CStyleFunction.isName(bare) && !bare.startsWith("~");
  }

  /** A function's name: one word, maybe qualified, not a statement word or a macro's. */
  private static boolean isName(String name) {
    return CStyleFunction.isName(name) && !CStyleFunction.notAType(name)
        && !BLOCK_ENDS.contains(name) && name.chars().anyMatch(Character::isLowerCase);
  }

  /**
   * Whether the parameter list opening at {@code open} of line {@code nameLine} ({@code text},
   * stripped) closes within {@link #MAX_PARAMETER_LINES} lines and is followed by qualifiers and
   * a body, not by {@code ;}.
   */
  private static boolean definedAfter(LineIndex index, int nameLine, String text, int open) {
    String joined = text;
    int line = nameLine;
    int close;
    while ((close = CStyleFunction.closingParen(joined, open)) < 0) {
      if (++line >= index.lineCount() || line - nameLine > MAX_PARAMETER_LINES
          || joined.endsWith(";")) {
        return false;
      }
      joined += "\n" + index.line(line).strip();
    }
    String tail = joined.substring(close + 1).strip(); // the rest of the line the list closes on
    if (tail.endsWith(";")) {
      return false;
    }
    if (tail.contains("{")) {
      return CStyleFunction.qualifiersOnly(tail);
    }
    return (CStyleFunction.qualifiersOnly(tail) || macrosOnly(tail))
        && bodyFollows(index, line + 1);
  }

  /**
   * Whether the body's <code>{</code> starts a line from {@code line} on, after at most {@link
   * #MAX_LINES_BEFORE_BODY} old-style parameter declarations or comments.
   */
  private static boolean bodyFollows(LineIndex index, int line) {
    int seen = 0;
    for (int i = line; i < index.lineCount() && seen <= MAX_LINES_BEFORE_BODY; i++) {
      String s = index.line(i).strip();
      if (s.isEmpty()) {
        continue;
      }
      if (s.startsWith("{")) {
        return true;
      }
      boolean comment = s.startsWith("/*") || s.startsWith("*") || s.startsWith("//");
      if (!comment && !s.endsWith(";")) {
        return false;
      }
      seen++;
    }
    return false;
  }

  /** Whether {@code tail} is attribute macros only: {@code __THROW}, {@code __GMP_NOTHROW}. */
  private static boolean macrosOnly(String tail) {
    return tail.matches("[\\p{Lu}\\p{Nd}_ ]*");
  }

  private static boolean startsWord(LineIndex index, int i) {
    int start = index.start(i);
    if (start >= index.end(i)) {
      return false;
    }
    char c = index.text().charAt(start);
    return Character.isLetter(c) || c == '_' || c == '~';
  }
}
