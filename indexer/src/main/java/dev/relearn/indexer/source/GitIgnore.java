package dev.relearn.indexer.source;

import java.util.ArrayList;
import java.util.List;

/**
 * The rules of one {@code .gitignore} file, matched against paths relative to its folder.
 * Supports blank lines and {@code #} comments, {@code !} negation, a leading {@code /} or a
 * {@code /} inside the pattern for anchoring, a trailing {@code /} for folders only, {@code *},
 * {@code ?}, {@code **}, {@code [abc]} classes and backslash escapes such as {@code \#} and
 * {@code \!}. The last matching rule wins.
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

  private final List<GitIgnoreRule> rules;

  private GitIgnore(List<GitIgnoreRule> rules) {
    this.rules = List.copyOf(rules);
  }

  /** Parses the content of a {@code .gitignore} file. */
  public static GitIgnore parse(String content) {
    return parse(content.lines().toList());
  }

  /** Parses the lines of a {@code .gitignore} file. */
  public static GitIgnore parse(List<String> lines) {
    List<GitIgnoreRule> rules = new ArrayList<>();
    for (String line : lines) {
      GitIgnoreRule rule = GitIgnoreRule.parse(line);
      if (rule != null) {
        rules.add(rule);
      }
    }
    return new GitIgnore(rules);
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
      GitIgnoreRule rule = rules.get(i);
      if (rule.matches(relative, directory)) {
        return rule.negated() ? Match.KEPT : Match.IGNORED;
      }
    }
    return Match.NONE;
  }

  /**
   * Whether git would ignore {@code path}: it or one of its parent folders is excluded. As in
   * git, a file cannot be re-included when a parent folder is excluded.
   *
   * @param path relative to this file's folder, {@code /}-separated
   * @param directory whether the path is a folder
   */
  public boolean isIgnored(String path, boolean directory) {
    String relative = trimSlashes(path);
    for (int slash = relative.indexOf('/'); slash > 0; slash = relative.indexOf('/', slash + 1)) {
      if (match(relative.substring(0, slash), true) == Match.IGNORED) {
        return true;
      }
    }
    return match(relative, directory) == Match.IGNORED;
  }

  private static String trimSlashes(String path) {
    int start = 0;
    int end = path.length();
    while (start < end && path.charAt(start) == '/') {
      start++;
    }
    while (end > start && path.charAt(end - 1) == '/') {
      end--;
    }
    return path.substring(start, end);
  }
}
