package dev.relearn.indexer.source;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One pattern line of a {@code .gitignore} file, compiled to a regular expression over paths
 * relative to the file's folder.
 *
 * @param regex matches the whole relative path, {@code /}-separated
 * @param negated a {@code !} pattern, which re-includes what an earlier one excluded
 * @param directoryOnly a pattern with a trailing {@code /}, which matches folders only
 */
record GitIgnoreRule(Pattern regex, boolean negated, boolean directoryOnly) {

  GitIgnoreRule {
    Objects.requireNonNull(regex, "regex");
  }

  /** The rule of one line, or null for a blank line or a comment. */
  static GitIgnoreRule parse(String line) {
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
    String body = GitGlob.toRegex(pattern);
    return new GitIgnoreRule(Pattern.compile(anchored ? body : "(?:.*/)?" + body), negated,
        directoryOnly);
  }

  /** Whether this rule speaks about {@code path}, regardless of negation. */
  boolean matches(String path, boolean directory) {
    return (directory || !directoryOnly) && regex.matcher(path).matches();
  }

  private static String trimTrailingSpaces(String line) {
    int end = line.length();
    while (end > 0 && (line.charAt(end - 1) == ' ' || line.charAt(end - 1) == '\t'
        || line.charAt(end - 1) == '\r')) {
      if (end >= 2 && line.charAt(end - 2) == '\\') {
        break;
      }
      end--;
    }
    return line.substring(0, end);
  }
}
