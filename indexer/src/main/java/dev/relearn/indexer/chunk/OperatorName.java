package dev.relearn.indexer.chunk;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

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

  private static final Pattern KEYWORD =
      Pattern.compile("(?<![\\p{L}\\p{Nd}_])operator(?![\\p{L}\\p{Nd}_])");
  /**
   * What follows the keyword up to the parameter list's {@code (}: {@code ()}, {@code []}, a
   * literal suffix, symbols, {@code new} or {@code delete} (maybe with {@code []}), or a
   * conversion's type (words, {@code ::}, {@code *}, {@code &}, template arguments).
   */
  private static final Pattern NAME = Pattern.compile("[ \t]*(?:\\([ \t]*\\)|\\[[ \t]*]"
      + "|\"\"[\\p{L}\\p{Nd}_]*|[-+*/%^&|~!=<>,]+|(?:new|delete)(?![\\p{L}\\p{Nd}_])"
      + "(?:[ \t]*\\[[ \t]*])?|(?<type>[\\p{L}_][\\p{L}\\p{Nd}_ :*&<>,]*))[ \t]*\\(");

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
    Matcher keyword = KEYWORD.matcher(line);
    int paren = line.indexOf('(');
    if (!line.contains("operator") || !keyword.find() || (paren >= 0 && paren < keyword.start())) {
      return new Rewrite(line, false);
    }
    Matcher name = NAME.matcher(line).region(keyword.end(), line.length());
    String type = name.lookingAt() ? name.group("type") : null;
    if (!name.hasMatch() || (type != null && !isType(type))) {
      return new Rewrite(line, false); // operator(x), or the operator is overloaded: prose
    }
    return new Rewrite(line.substring(0, keyword.start()) + PLACEHOLDER
        + line.substring(name.end() - 1), type != null);
  }

  /**
   * Whether a conversion's {@code type}, as it stands before the {@code (}, is one: words that
   * are no statement or prose words, touching the {@code (} as a name does.
   */
  private static boolean isType(String type) {
    CStyleFunction.Words found = CStyleFunction.words(type, type.length());
    return !type.endsWith(" ") && found != null && !CStyleFunction.notAType(found.last());
  }
}
