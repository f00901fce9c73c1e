package dev.relearn.lucene.fusion;

import java.util.Locale;
import java.util.Set;

/**
 * Derives a {@link QueryClass} from cheap surface signals of the query text. Call it at the API
 * boundary, where the text is at hand, and keep only the returned class: relearn never stores
 * query text, and nothing here retains, logs or hashes it. The class is a coarse label with four
 * values, so it reveals next to nothing about the query.
 *
 * <p>Rules, first match wins (tokens are the whitespace-separated parts of the stripped text):
 *
 * <ol>
 *   <li>no tokens (blank text): {@link QueryClass#KEYWORDS};
 *   <li>every token looks like code: {@link QueryClass#IDENTIFIER}. A token looks like code when
 *       it has a camelCase step (a lower-case letter followed by an upper-case one, or a digit
 *       followed by an upper-case letter in a token that starts in lower case: {@code utf8Decode}),
 *       an underscore or a dot between two letters or digits ({@code snake_case},
 *       {@code String.format}, {@code pom.xml}), or any of {@code ( ) :: -> # < > [ ] { } =}.
 *       So {@code parseHttpRequest}, {@code max_retries}, {@code Foo::bar} and
 *       {@code foo(a, b)} are identifiers, {@code kubernetes} is not;
 *   <li>the first token is a question word (who, what, how, why, when, where, which, whose, whom,
 *       can, could, does, do, did, is, are, was, should, would, will), or the text ends with '?':
 *       {@link QueryClass#QUESTION};
 *   <li>at most three tokens: {@link QueryClass#KEYWORDS};
 *   <li>otherwise {@link QueryClass#NATURAL_LANGUAGE}.
 * </ol>
 */
public final class QueryClassifier {
  /** At most this many words is a keyword query. */
  public static final int MAX_KEYWORDS = 3;

  private static final Set<String> QUESTION_WORDS = Set.of(
      "who", "what", "how", "why", "when", "where", "which", "whose", "whom",
      "can", "could", "does", "do", "did", "is", "are", "was", "should", "would", "will");

  private QueryClassifier() {}

  /** The class of {@code query}; see the class comment for the rules. */
  public static QueryClass classify(String query) {
    String text = query.strip();
    int n = text.length();
    int tokens = 0;
    int firstEnd = 0;
    boolean allCode = true;
    for (int i = 0; i < n; ) { // one pass over the tokens, without copying any
      int start = i;
      while (i < n && !isSeparator(text.charAt(i))) {
        i++;
      }
      if (tokens++ == 0) {
        firstEnd = i;
      }
      allCode = allCode && looksLikeCode(text, start, i);
      while (i < n && isSeparator(text.charAt(i))) {
        i++;
      }
    }
    if (tokens == 0) {
      return QueryClass.KEYWORDS;
    }
    if (allCode) {
      return QueryClass.IDENTIFIER;
    }
    if (text.endsWith("?") || QUESTION_WORDS.contains(firstWord(text, firstEnd))) {
      return QueryClass.QUESTION;
    }
    return tokens <= MAX_KEYWORDS ? QueryClass.KEYWORDS : QueryClass.NATURAL_LANGUAGE;
  }

  /**
   * Whether {@code c} separates tokens: the characters of the regular expression class {@code
   * \s} (space, tab, line feed, vertical tab, form feed, carriage return). Other white space,
   * such as a no-break space, stays inside a token.
   */
  private static boolean isSeparator(char c) {
    return c == ' ' || c >= '\t' && c <= '\r';
  }

  /** The token {@code text[0, end)} in lower case without trailing punctuation: "How," is "how". */
  private static String firstWord(String text, int end) {
    while (end > 0 && !Character.isLetterOrDigit(text.charAt(end - 1))) {
      end--;
    }
    return text.substring(0, end).toLowerCase(Locale.ROOT);
  }

  /** Whether the token {@code text[start, end)} looks like code; see the class comment. */
  private static boolean looksLikeCode(String text, int start, int end) {
    for (int i = start; i < end; i++) {
      char c = text.charAt(i);
      switch (c) {
        case '(', ')', '#', '<', '>', '[', ']', '{', '}', '=' -> {
          return true; // also the '>' of "->"
        }
        case ':' -> {
          if (i + 1 < end && text.charAt(i + 1) == ':') {
            return true;
          }
        }
        case '_', '.' -> {
          if (i > start && i + 1 < end
              && Character.isLetterOrDigit(text.charAt(i - 1))
              && Character.isLetterOrDigit(text.charAt(i + 1))
              && (c == '_' || !(Character.isDigit(text.charAt(i - 1))
                  && Character.isDigit(text.charAt(i + 1))))) {
            return true; // snake_case, a.b; not a decimal number such as 1.5
          }
        }
        default -> {
          if (i > start && Character.isUpperCase(c)) {
            char previous = text.charAt(i - 1);
            if (Character.isLowerCase(previous)
                || Character.isDigit(previous) && Character.isLowerCase(text.charAt(start))) {
              return true; // camelCase step: parseHttp, utf8Decode (not 1GB)
            }
          }
        }
      }
    }
    return false;
  }
}
