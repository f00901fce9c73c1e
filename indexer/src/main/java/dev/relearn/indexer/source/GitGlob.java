package dev.relearn.indexer.source;

/**
 * Translates a git wildcard pattern to a Java regular expression: {@code *} and {@code ?} do not
 * cross {@code /}; {@code **} as a whole path segment crosses any number of folders; {@code [...]}
 * is a character class ({@code !} or {@code ^} negates it); a backslash quotes the next character.
 */
final class GitGlob {

  private GitGlob() {}

  static String toRegex(String glob) {
    StringBuilder regex = new StringBuilder();
    int i = 0;
    int n = glob.length();
    while (i < n) {
      char c = glob.charAt(i);
      if (c == '*') {
        int stars = i;
        while (i < n && glob.charAt(i) == '*') {
          i++;
        }
        boolean segmentStart = stars == 0 || glob.charAt(stars - 1) == '/';
        boolean segmentEnd = i == n || glob.charAt(i) == '/';
        if (i - stars >= 2 && segmentStart && segmentEnd) {
          if (i == n) {
            regex.append(".*");
          } else {
            regex.append("(?:.*/)?");
            i++;
          }
        } else {
          regex.append("[^/]*");
        }
      } else if (c == '?') {
        regex.append("[^/]");
        i++;
      } else if (c == '[') {
        i = appendClass(glob, i, regex);
      } else if (c == '\\' && i + 1 < n) {
        appendLiteral(glob.charAt(i + 1), regex);
        i += 2;
      } else {
        appendLiteral(c, regex);
        i++;
      }
    }
    return regex.toString();
  }

  /** Appends the class opening at {@code open}; returns the index after it. */
  private static int appendClass(String glob, int open, StringBuilder regex) {
    int i = open + 1;
    int n = glob.length();
    boolean negated = i < n && (glob.charAt(i) == '!' || glob.charAt(i) == '^');
    if (negated) {
      i++;
    }
    int first = i;
    if (i < n && glob.charAt(i) == ']') {
      i++;
    }
    while (i < n && glob.charAt(i) != ']') {
      i += glob.charAt(i) == '\\' && i + 1 < n ? 2 : 1;
    }
    if (i >= n) {
      appendLiteral('[', regex);
      return open + 1;
    }
    StringBuilder members = new StringBuilder();
    for (int k = first; k < i; k++) {
      char c = glob.charAt(k);
      if (c == '\\' && k + 1 < i) {
        k++;
        appendLiteral(glob.charAt(k), members);
      } else if (c == '-' && k > first && k < i - 1) {
        members.append('-');
      } else if (isAsciiAlphanumeric(c) || c > 127) {
        members.append(c);
      } else {
        members.append('\\').append(c);
      }
    }
    regex.append(negated ? "(?!/)[^" : "[").append(members).append(']');
    return i + 1;
  }

  private static void appendLiteral(char c, StringBuilder regex) {
    if (isAsciiAlphanumeric(c) || c > 127) {
      regex.append(c);
    } else {
      regex.append('\\').append(c);
    }
  }

  private static boolean isAsciiAlphanumeric(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
  }
}
