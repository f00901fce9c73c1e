package dev.relearn.indexer.chunk;

/**
 * Reads a C++ operator's name, so that the word scanners of {@link CStyleFunction} and {@link
 * GnuStyleFunction} can take it for a plain name: {@code operator==}, {@code operator()}, {@code
 * operator[]}, {@code operator<<}, {@code operator new[]}, {@code operator""_km} and conversions
 * such as {@code operator bool} or {@code operator const char *}. The word {@code operator} counts
 * only before the line's first {@code (} other than the one of {@code operator()}, and only as a
 * whole word, so a Java parameter or method named {@code operator} stays what it is.
 */
final class OperatorName {
  /** What an operator's name is read as: a plain name that no real code uses. */
  static final String PLACEHOLDER = "operator_";

  private static final String KEYWORD = "operator";
  private static final String SYMBOLS = "+-*/%^&|~!=<>,";

  /**
   * A line with its operator name replaced.
   *
   * @param line the line, with {@link #PLACEHOLDER} touching the parameter list's {@code (}
   * @param conversion whether the operator converts to a type ({@code operator bool}), the one
   *     operator defined without a return type
   */
  record Rewrite(String line, boolean conversion) {
    Rewrite {
      if (line == null) {
        throw new IllegalArgumentException("line must not be null");
      }
    }
  }

  private OperatorName() {}

  /**
   * {@code line} with its operator name, if it defines or declares one, written as {@link
   * #PLACEHOLDER}: {@code bool operator==(const Foo &o) const} becomes {@code bool
   * operator_(const Foo &o) const}. A line naming no operator, or using the word otherwise ({@code
   * void apply(Op operator)}, {@code the operator is}), comes back unchanged.
   */
  static Rewrite rewrite(String line) {
    int at = find(line);
    if (at < 0) {
      return new Rewrite(line, false);
    }
    int i = skipSpaces(line, at + KEYWORD.length());
    if (i >= line.length()) {
      return new Rewrite(line, false);
    }
    char c = line.charAt(i);
    boolean conversion = false;
    if (c == '(' || c == '[') {
      int close = skipSpaces(line, i + 1);
      if (close >= line.length() || line.charAt(close) != (c == '(' ? ')' : ']')) {
        return new Rewrite(line, false); // operator(x): a method of that name, not operator()
      }
      i = close + 1;
    } else if (c == '"') {
      i = line.startsWith("\"\"", i) ? skipName(line, i + 2) : -1;
    } else if (SYMBOLS.indexOf(c) >= 0) {
      while (i < line.length() && SYMBOLS.indexOf(line.charAt(i)) >= 0) {
        i++;
      }
    } else if (Character.isLetter(c) || c == '_') {
      int wordEnd = skipName(line, i);
      String word = line.substring(i, wordEnd);
      conversion = !word.equals("new") && !word.equals("delete");
      i = conversion ? skipType(line, wordEnd) : skipBrackets(line, wordEnd);
      if (conversion && i > 0 && !isType(line.substring(at + KEYWORD.length(), i))) {
        i = -1; // the operator is overloaded (see below): prose
      }
    } else {
      i = -1;
    }
    int open = i < 0 ? -1 : skipSpaces(line, i);
    if (open < 0 || open >= line.length() || line.charAt(open) != '(') {
      return new Rewrite(line, false);
    }
    return new Rewrite(line.substring(0, at) + PLACEHOLDER + line.substring(open), conversion);
  }

  /** Where the word {@code operator} starts before the line's first other {@code (}, or -1. */
  private static int find(String line) {
    int from = 0;
    while (true) {
      int at = line.indexOf(KEYWORD, from);
      int paren = line.indexOf('(');
      if (at < 0 || (paren >= 0 && paren < at)) {
        return -1;
      }
      int after = at + KEYWORD.length();
      if ((at == 0 || !isNameChar(line.charAt(at - 1)))
          && (after == line.length() || !isNameChar(line.charAt(after)))) {
        return at;
      }
      from = after;
    }
  }

  /** After a conversion's type: words, {@code ::}, {@code *}, {@code &}, template arguments. */
  private static int skipType(String line, int from) {
    int i = from;
    int angles = 0;
    while (i < line.length()) {
      char c = line.charAt(i);
      if (c == '<') {
        angles++;
      } else if (c == '>') {
        angles--;
      } else if (!(isNameChar(c) || c == ' ' || c == ':' || c == '*' || c == '&'
          || (angles > 0 && c == ','))) {
        break;
      }
      i++;
    }
    return angles == 0 ? i : -1;
  }

  /**
   * Whether a conversion's {@code type}, as it stands before the {@code (}, is one: words that
   * are no statement or prose words, touching the {@code (} as a name does.
   */
  private static boolean isType(String type) {
    if (type.isEmpty() || Character.isWhitespace(type.charAt(type.length() - 1))) {
      return false;
    }
    String words = type.strip();
    CStyleFunction.Words found = CStyleFunction.words(words, words.length());
    return found != null && !CStyleFunction.notAType(found.last());
  }

  /** After {@code new} or {@code delete}: an optional {@code []}. */
  private static int skipBrackets(String line, int from) {
    int i = skipSpaces(line, from);
    if (i < line.length() && line.charAt(i) == '[') {
      int close = skipSpaces(line, i + 1);
      return close < line.length() && line.charAt(close) == ']' ? close + 1 : -1;
    }
    return from;
  }

  private static int skipName(String line, int from) {
    int i = from;
    while (i < line.length() && isNameChar(line.charAt(i))) {
      i++;
    }
    return i;
  }

  private static int skipSpaces(String line, int from) {
    int i = from;
    while (i < line.length() && (line.charAt(i) == ' ' || line.charAt(i) == '\t')) {
      i++;
    }
    return i;
  }

  private static boolean isNameChar(char c) {
    return Character.isLetterOrDigit(c) || c == '_';
  }
}
