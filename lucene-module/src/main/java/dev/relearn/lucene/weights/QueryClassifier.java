package dev.relearn.lucene.weights;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

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

  private static final Pattern WHITESPACE = Pattern.compile("\\s+");

  private QueryClassifier() {}

  /** The class of {@code query}; see the class comment for the rules. */
  public static QueryClass classify(String query) {
    String text = query.strip();
    if (text.isEmpty()) {
      return QueryClass.KEYWORDS;
    }
    String[] tokens = WHITESPACE.split(text);
    boolean allCode = true;
    for (String token : tokens) {
      if (!looksLikeCode(token)) {
        allCode = false;
        break;
      }
    }
    if (allCode) {
      return QueryClass.IDENTIFIER;
    }
    if (text.endsWith("?") || QUESTION_WORDS.contains(firstWord(tokens[0]))) {
      return QueryClass.QUESTION;
    }
    return tokens.length <= MAX_KEYWORDS ? QueryClass.KEYWORDS : QueryClass.NATURAL_LANGUAGE;
  }

  /** The token in lower case without trailing punctuation: "How," is "how". */
  private static String firstWord(String token) {
    int end = token.length();
    while (end > 0 && !Character.isLetterOrDigit(token.charAt(end - 1))) {
      end--;
    }
    return token.substring(0, end).toLowerCase(Locale.ROOT);
  }

  /** Whether a single token looks like code; see the class comment. */
  static boolean looksLikeCode(String token) {
    if (token.contains("::") || token.contains("->")) {
      return true;
    }
    for (int i = 0; i < token.length(); i++) {
      char c = token.charAt(i);
      switch (c) {
        case '(', ')', '#', '<', '>', '[', ']', '{', '}', '=' -> {
          return true;
        }
        case '_', '.' -> {
          if (i > 0 && i + 1 < token.length()
              && Character.isLetterOrDigit(token.charAt(i - 1))
              && Character.isLetterOrDigit(token.charAt(i + 1))
              && (c == '_' || !(Character.isDigit(token.charAt(i - 1))
                  && Character.isDigit(token.charAt(i + 1))))) {
            return true; // snake_case, a.b; not a decimal number such as 1.5
          }
        }
        default -> {
          if (i > 0 && Character.isUpperCase(c)) {
            char previous = token.charAt(i - 1);
            if (Character.isLowerCase(previous)
                || Character.isDigit(previous) && Character.isLowerCase(token.charAt(0))) {
              return true; // camelCase step: parseHttp, utf8Decode (not 1GB)
            }
          }
        }
      }
    }
    return false;
  }
}
