package dev.relearn.indexer.chunk;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Recognises a function definition that starts with no declaration keyword, as in C, C++ and
 * Java's package-private methods: <code>int main(int argc, char **argv) {</code>, {@code
 * std::vector<int> Graph::neighbours(int v) const}, {@code bool operator==(const Foo &o) const},
 * {@code Foo::Foo(int x) : a(x)}. One pass over the line, no regular expression. A stripped line
 * matches when:
 *
 * <ol>
 *   <li>it starts with a letter, {@code _} or {@code ~} and does not end with {@code ;};
 *   <li>its first {@code (} touches the name (prose has a space: {@code the hash (djb2)}) and is
 *       preceded only by two to six {@link #words} separated by spaces, {@code *} and {@code &}
 *       (an operator's name is one word: {@link OperatorName}), none a statement word ({@link
 *       #STATEMENT_WORDS}) or short English word, the last a plain or {@code ::}-qualified name:
 *       so no assignment, member call or control statement matches. One word matches only as a
 *       constructor, destructor or conversion operator (below), so that a plain or macro call
 *       does not;
 *   <li>after the matching {@code )} comes nothing, a body, qualifiers without {@code =} ({@code
 *       const}, {@code noexcept}, {@code throws ...}, {@code -> type}) or an initialiser list; a
 *       parameter list left open (ending with {@code (} or {@code ,}) counts only at column 0,
 *       where C has no statements, and for one word only as {@code Foo::Foo(}.
 * </ol>
 *
 * <p>One word defines what has no return type: out-of-class constructors and destructors, whose
 * last two name parts agree ({@code Foo::~Foo()}, {@code Stack<T>::Stack()}); destructors in their
 * class, without parameters ({@code ~Foo(void)}); conversion operators ({@code operator bool()});
 * and constructors in their class when the name is capitalised but not all capitals (not a macro
 * such as {@code TEST(a, b) {}}) and every parameter is {@link #typed} or, for {@code Foo()}, a
 * body, initialiser list or qualifier follows. A call's arguments ({@code Widget(parent)}, {@code
 * Product(b1*A)}) have no types. A return type on the line above (GNU style) needs more than one
 * line to see: {@link GnuStyleFunction}.
 */
final class CStyleFunction {
  /** Words that start statements, not types, in the languages relearn chunks as code. */
  private static final Set<String> STATEMENT_WORDS = Set.of("return", "if", "else", "elif", "elsif",
      "while", "for", "foreach", "do", "switch", "case", "when", "goto", "break", "continue",
      "sizeof", "typeof", "alignof", "new", "delete", "throw", "raise", "assert", "await", "yield",
      "not", "and", "or", "in", "is", "instanceof", "with", "catch", "except", "until", "unless",
      "echo", "print", "puts", "defer", "go", "lock", "using", "from", "import", "require",
      "co_return", "co_await", "co_yield", "then", "let", "var", "val", "del");
  /** Short English words no type is named, so that a sentence in a comment is no definition. */
  private static final Set<String> PROSE_WORDS = Set.of("the", "a", "an", "of", "to", "by", "on",
      "at", "as", "that", "this", "it", "its", "like", "just", "may", "can", "will", "be", "are",
      "was", "has", "have", "than", "see", "use", "call", "calls", "into", "our", "your", "we",
      "you");
  private static final Set<String> NOT_TYPES =
      Set.copyOf(Stream.concat(STATEMENT_WORDS.stream(), PROSE_WORDS.stream()).toList());
  /** At most this many words before the {@code (}: the name and up to five type words. */
  private static final int MAX_WORDS = 6;
  private static final Set<String> QUALIFIERS = Set.of("const", "override", "final", "noexcept",
      "throws", "volatile", "mutable", "->");
  /**
   * A name, qualified by names that may have template arguments: {@link #isName}. The qualifiers
   * repeat possessively ({@code *+}), which Java matches in a loop rather than by recursion, so
   * that thousands of them do not overflow the stack (no qualifier given back could let the
   * last name match).
   */
  private static final Pattern QUALIFIED_NAME = Pattern.compile(
      "(?:~?[\\p{L}_][\\p{L}\\p{Nd}_]*(?:<(?:(?!::).)*>)?::)*+~?[\\p{L}_][\\p{L}\\p{Nd}_]*",
      Pattern.DOTALL);
  /** An initialiser list's first member: {@code r_(r)}, {@code items{}}. */
  private static final Pattern INITIALISER = Pattern.compile("([^({]+)[({]");

  /**
   * The words before a parameter list.
   *
   * @param count how many, at least 1
   * @param last the last, which a definition's name must be
   */
  record Words(int count, String last) {
    Words {
      if (count < 1 || last == null) {
        throw new IllegalArgumentException("words need a count >= 1 and a last word, got "
            + count + " and " + last);
      }
    }
  }

  private CStyleFunction() {}

  /**
   * Whether {@code line}, stripped, starts a function definition without a declaration keyword.
   *
   * @param columnZero whether the line is not indented (an open parameter list counts then)
   */
  static boolean matches(String line, boolean columnZero) {
    int n = line.length();
    if (n == 0 || !(Character.isLetter(line.charAt(0)) || line.charAt(0) == '_'
        || line.charAt(0) == '~') || line.charAt(n - 1) == ';') {
      return false;
    }
    OperatorName.Rewrite rewrite = OperatorName.rewrite(line);
    String text = rewrite.line();
    int open = text.indexOf('(');
    if (open < 1 || !isNameChar(text.charAt(open - 1))) {
      return false;
    }
    Words words = words(text, open);
    if (words == null || !isName(words.last())) {
      return false;
    }
    boolean oneWord = words.count() == 1;
    int close = closingParen(text, open);
    if (close < 0) {
      char last = text.charAt(text.length() - 1);
      return columnZero && (last == '(' || last == ',')
          && (!oneWord || certain(words.last(), rewrite.conversion()));
    }
    String tail = text.substring(close + 1);
    return qualifiersOnly(tail) && (!oneWord || noReturnType(words.last(),
        text.substring(open + 1, close), tail, rewrite.conversion()));
  }

  /**
   * Whether the one word {@code name} before a parameter list defines something whatever the
   * parameters: a qualified constructor or destructor or a conversion operator.
   */
  private static boolean certain(String name, boolean conversion) {
    String[] parts = name.split("::", -1);
    String owner = parts.length == 1 ? null : withoutTemplateArguments(parts[parts.length - 2]);
    String last = parts[parts.length - 1];
    return conversion || (owner != null && (last.equals(owner) || last.equals("~" + owner)));
  }

  /** Whether {@code name(parameters) tail} defines what has no return type (see above). */
  private static boolean noReturnType(String name, String parameters, String tail,
      boolean conversion) {
    if (conversion || name.contains("::")) {
      return certain(name, conversion);
    }
    if (name.startsWith("~")) { // a destructor takes nothing: ~Literal(opener) is an expression
      return parameters.isBlank() || parameters.strip().equals("void");
    }
    boolean className = Character.isUpperCase(name.charAt(0))
        && name.chars().anyMatch(Character::isLowerCase);
    return className && (parameters.isBlank() ? !tail.isBlank()
        : splitParameters(parameters).stream().allMatch(CStyleFunction::typed));
  }

  /**
   * A type and a name ({@code int n}, {@code const Foo &o}, {@code Foo *p = nullptr}, {@code int
   * v[]}) or a type of two words or more ({@code const Foo &}), with a space between words:
   * {@code C**m} and {@code b1*A} are products, {@code PyObject*} a macro's argument.
   */
  private static boolean typed(String parameter) {
    String declared = parameter.split("=", 2)[0].strip();
    while (declared.endsWith("]") && declared.indexOf('[') > 0) { // int v[], char b[16]
      declared = declared.substring(0, declared.lastIndexOf('[')).stripTrailing();
    }
    Words words = words(declared, declared.length());
    return (declared.indexOf(' ') >= 0 || declared.indexOf('\t') >= 0) && words != null
        && words.count() >= 2 && isName(words.last());
  }

  /** The parameters, split at commas outside brackets ({@code std::map<K, V> m}). */
  private static List<String> splitParameters(String parameters) {
    List<String> out = new ArrayList<>();
    int depth = 0;
    int start = 0;
    for (int i = 0; i < parameters.length(); i++) {
      char c = parameters.charAt(i);
      depth += "<([{".indexOf(c) >= 0 ? 1 : ">)]}".indexOf(c) >= 0 ? -1 : 0;
      if (c == ',' && depth == 0) {
        out.add(parameters.substring(start, i));
        start = i + 1;
      }
    }
    out.add(parameters.substring(start));
    return out;
  }

  /** The index of the {@code )} closing the {@code (} at {@code open}, or -1. */
  static int closingParen(String text, int open) {
    int depth = 0;
    for (int i = open; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '(') {
        depth++;
      } else if (c == ')' && --depth == 0) {
        return i;
      }
    }
    return -1;
  }

  /**
   * The words of {@code text} before {@code end}: names (letters, digits, {@code _}, {@code ::},
   * {@code ~}, template arguments in {@code <>}) separated by spaces, {@code *} and {@code &}, at
   * most {@value #MAX_WORDS}, none but the last a statement or prose word ({@link #NOT_TYPES});
   * or null when something else is there (an operator, a {@code .}, a lone {@code :}).
   */
  static Words words(String text, int end) {
    int count = 0;
    int angles = 0;
    int wordStart = -1;
    String lastWord = null; // once another word follows, a type word
    for (int i = 0; i <= end; i++) {
      char c = i < end ? text.charAt(i) : ' ';
      boolean separator = angles == 0 && (c == ' ' || c == '\t' || c == '*' || c == '&');
      if (separator) {
        if (wordStart >= 0) {
          if (lastWord != null && notAType(lastWord) || ++count > MAX_WORDS) {
            return null;
          }
          lastWord = text.substring(wordStart, i);
          wordStart = -1;
        }
        continue;
      }
      if (c == '<') {
        angles++;
      } else if (c == '>') {
        if (--angles < 0) {
          return null;
        }
      } else if (c == ':') {
        boolean doubled = (i + 1 < end && text.charAt(i + 1) == ':')
            || (i > 0 && text.charAt(i - 1) == ':');
        if (!doubled) { // a label, not Foo::bar
          return null;
        }
      } else if (!(isNameChar(c) || c == '~'
          || (angles > 0 && (c == ',' || c == ' ' || c == '*' || c == '&')))) {
        return null;
      }
      wordStart = wordStart < 0 ? i : wordStart;
    }
    return angles == 0 && count > 0 ? new Words(count, lastWord) : null;
  }

  /**
   * A name, maybe qualified: {@code f}, {@code Graph::neighbours}, {@code Foo::~Foo}, {@code
   * Stack<T>::push} (template arguments on a qualifier only).
   */
  static boolean isName(String word) {
    return QUALIFIED_NAME.matcher(word).matches();
  }

  /** {@code Stack<T>} as {@code Stack}; a part without template arguments as it is. */
  static String withoutTemplateArguments(String part) {
    int angle = part.indexOf('<');
    return angle > 0 && part.endsWith(">") ? part.substring(0, angle) : part;
  }

  /** Whether {@code word}, in any case, starts statements or sentences rather than types. */
  static boolean notAType(String word) {
    return NOT_TYPES.contains(word.toLowerCase(Locale.ROOT));
  }

  static boolean isNameChar(char c) {
    return Character.isLetterOrDigit(c) || c == '_';
  }

  /**
   * Whether {@code tail}, after the parameter list, is empty, a brace (or a one-line body) or
   * qualifiers: a word of {@link #QUALIFIERS} or a constructor's initialiser list.
   */
  static boolean qualifiersOnly(String tail) {
    String rest = tail.strip().replaceFirst("\\{}?\\z", "").stripTrailing();
    if (rest.isEmpty() || rest.startsWith("{")) { // no body yet, or a body on the same line
      return true;
    }
    if (rest.indexOf('=') >= 0) {
      return false;
    }
    if (rest.startsWith(":")) { // an initialiser list, not a lone colon or a sentence
      Matcher init = INITIALISER.matcher(rest.substring(1).strip());
      return init.lookingAt() && isName(init.group(1));
    }
    return QUALIFIERS.contains(rest.split("\\s", 2)[0]);
  }
}
