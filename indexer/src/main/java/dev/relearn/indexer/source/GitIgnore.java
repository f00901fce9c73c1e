package dev.relearn.indexer.source;

import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The rules of one {@code .gitignore} file, matched against paths relative to its folder.
 * Supports blank lines and {@code #} comments, {@code !} negation, a leading {@code /} or a
 * {@code /} inside the pattern for anchoring, a trailing {@code /} for folders only, {@code *},
 * {@code ?}, {@code **}, {@code [abc]} classes (with POSIX ones such as {@code [:alpha:]}) and
 * backslash escapes such as {@code \#} and {@code \!}. The last matching rule wins. A pattern git
 * matches nothing with (a reversed range {@code [z-a]}, an unknown class) is no rule.
 */
public final class GitIgnore {

  /** What a file's rules say about one path. */
  public enum Match {
    /** The last matching rule excludes the path. */
    IGNORED,
    /** The last matching rule is a {@code !} negation, re-including the path. */
    KEPT,
    /** No rule matches. */
    NONE
  }

  /**
   * The tokens of a git wildcard pattern: {@code **} as a whole path segment, other runs of
   * {@code *}, a closed {@code [...]} class (an unclosed {@code [} is a literal), a
   * backslash-quoted character, any other character.
   */
  private static final Pattern GLOB_TOKEN = Pattern.compile("(?<deep>(?:^|(?<=/))\\*{2,}(?:/|\\z))"
      + "|(?<stars>\\*+)|\\[(?<negated>[!^]?+)"
      + "(?<members>\\]?+(?:\\[:[a-z]++:\\]|\\\\.|[^\\]\\\\])*+)\\]"
      + "|\\\\.|.", Pattern.DOTALL);

  private final List<Rule> rules;

  private GitIgnore(List<Rule> rules) {
    this.rules = List.copyOf(rules);
  }

  /** Parses the content of a {@code .gitignore} file. */
  public static GitIgnore parse(String content) {
    return new GitIgnore(content.lines().map(Rule::parse).filter(Objects::nonNull).toList());
  }

  /** Whether the file has no rules. */
  public boolean isEmpty() {
    return rules.isEmpty();
  }

  /**
   * What the last rule matching {@code path} itself says, without looking at its parent folders.
   *
   * @param path relative to this file's folder, {@code /}-separated
   * @param directory whether the path is a folder
   */
  public Match match(String path, boolean directory) {
    String relative = trimSlashes(path);
    for (int i = rules.size() - 1; i >= 0; i--) {
      Rule rule = rules.get(i);
      if (rule.matches(relative, directory)) {
        return rule.negated() ? Match.KEPT : Match.IGNORED;
      }
    }
    return Match.NONE;
  }

  private static String trimSlashes(String path) {
    return path.replaceAll("^/+|/+\\z", "");
  }

  /**
   * One pattern line, compiled to a regular expression over paths relative to the file's folder.
   *
   * @param regex matches the whole relative path, {@code /}-separated
   * @param negated a {@code !} pattern, which re-includes what an earlier one excluded
   * @param directoryOnly a pattern with a trailing {@code /}, which matches folders only
   */
  private record Rule(Pattern regex, boolean negated, boolean directoryOnly) {
    Rule {
      Objects.requireNonNull(regex, "regex");
    }

    /** The rule of one line, or null for a blank line or a comment. */
    static Rule parse(String line) {
      String pattern = trimTrailingSpaces(line);
      if (pattern.isEmpty() || pattern.startsWith("#")) {
        return null;
      }
      boolean negated = pattern.startsWith("!");
      if (negated) {
        pattern = pattern.substring(1);
      }
      boolean directoryOnly = pattern.endsWith("/") && !pattern.endsWith("\\/");
      if (directoryOnly) {
        pattern = pattern.substring(0, pattern.length() - 1);
      }
      boolean anchored = pattern.contains("/");
      if (pattern.startsWith("/")) {
        pattern = pattern.substring(1);
      }
      if (pattern.isEmpty()) {
        return null;
      }
      try {
        String body = toRegex(pattern);
        // DOTALL: a file name may hold a line break, which git matches like any character
        return new Rule(Pattern.compile(anchored ? body : "(?:.*/)?" + body, Pattern.DOTALL),
            negated, directoryOnly);
      } catch (PatternSyntaxException e) { // git matches nothing with it: no rule
        return null;
      }
    }

    /** Whether this rule speaks about {@code path}, regardless of negation. */
    boolean matches(String path, boolean directory) {
      return (directory || !directoryOnly) && regex.matcher(path).matches();
    }

    private static String trimTrailingSpaces(String line) {
      int end = line.length();
      while (end > 0 && (line.charAt(end - 1) == ' ' || line.charAt(end - 1) == '\r')) {
        if (end >= 2 && line.charAt(end - 2) == '\\') {
          break;
        }
        end--;
      }
      return line.substring(0, end);
    }
  }

  /**
   * A git wildcard pattern as a Java regular expression: {@code *} and {@code ?} do not cross
   * {@code /}; {@code **} as a whole path segment crosses any number of folders; {@code [...]} is a
   * character class ({@code !} or {@code ^} negates it); a backslash quotes the next character.
   */
  private static String toRegex(String glob) {
    StringBuilder regex = new StringBuilder();
    Matcher token = GLOB_TOKEN.matcher(glob);
    while (token.find()) {
      if (token.group("deep") != null) {
        regex.append(token.group("deep").endsWith("/") ? "(?:.*/)?" : ".*");
      } else if (token.group("stars") != null) {
        regex.append("[^/]*");
      } else if (token.group("members") != null) {
        String members = token.group("members");
        regex.append(token.group("negated").isEmpty() ? "[" : "(?!/)[^");
        for (int k = 0; k < members.length(); k++) {
          char c = members.charAt(k);
          int close = members.startsWith("[:", k) ? members.indexOf(":]", k + 2) : -1;
          if (close > 0) { // [:alpha:] as \p{Alpha}
            regex.append(posixClass(members.substring(k + 2, close)));
            k = close + 1;
          } else if (c == '\\' && k + 1 < members.length()) {
            appendLiteral(members.charAt(++k), regex);
          } else if (c == '-' && k > 0 && k < members.length() - 1) {
            regex.append('-');
          } else {
            appendLiteral(c, regex);
          }
        }
        regex.append(']');
      } else if (token.group().equals("?")) {
        regex.append("[^/]");
      } else { // c or \c
        appendLiteral(token.group().charAt(token.group().length() - 1), regex);
      }
    }
    return regex.toString();
  }

  /** A POSIX class of git's wildmatch as Java's; an unknown one is a syntax error. */
  private static String posixClass(String name) {
    return switch (name) {
      case "alpha", "digit", "alnum", "upper", "lower", "space", "punct", "cntrl", "print",
          "graph", "blank" -> "\\p{" + Character.toUpperCase(name.charAt(0)) + name.substring(1)
          + "}";
      case "xdigit" -> "\\p{XDigit}";
      default -> throw new PatternSyntaxException("unknown class", name, 0);
    };
  }

  private static void appendLiteral(char c, StringBuilder regex) {
    boolean plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
        || c > 127;
    regex.append(plain ? "" : "\\").append(c);
  }
}
