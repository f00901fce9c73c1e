package dev.relearn.indexer.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class GitIgnoreTest {

  private static GitIgnore rules(String... lines) {
    return GitIgnore.parse(String.join("\n", lines));
  }

  /** Whether git ignores {@code path}: it or a parent folder is excluded, as the walk sees it. */
  private static boolean ignored(GitIgnore rules, String path, boolean directory) {
    String relative = path.replaceAll("^/+|/+\\z", "");
    for (int slash = relative.indexOf('/'); slash > 0; slash = relative.indexOf('/', slash + 1)) {
      if (rules.match(relative.substring(0, slash), true) == GitIgnore.Match.IGNORED) {
        return true;
      }
    }
    return rules.match(relative, directory) == GitIgnore.Match.IGNORED;
  }

  @Test
  void blankLinesAndCommentsAreNotRules() {
    GitIgnore ignore = rules("", "   ", "# a comment", "#*.md");
    assertTrue(ignore.isEmpty());
    assertFalse(ignored(ignore, "a.md", false));
  }

  @Test
  void escapedHashAndBangAreLiterals() {
    GitIgnore ignore = rules("\\#notes.md", "\\!important.txt");
    assertTrue(ignored(ignore, "#notes.md", false));
    assertTrue(ignored(ignore, "sub/!important.txt", false));
    assertFalse(ignored(ignore, "notes.md", false));
    assertFalse(ignored(ignore, "important.txt", false));
  }

  @Test
  void patternWithoutSlashMatchesAtAnyDepth() {
    GitIgnore ignore = rules("*.log", "secret");
    assertTrue(ignored(ignore, "app.log", false));
    assertTrue(ignored(ignore, "a/b/app.log", false));
    assertTrue(ignored(ignore, "a/secret", true));
    assertTrue(ignored(ignore, "a/secret/x.md", false));
    assertFalse(ignored(ignore, "app.log.md", false));
    assertFalse(ignored(ignore, "secrets", false));
  }

  @Test
  void negationReincludesUnlessAParentIsExcluded() {
    GitIgnore ignore = rules("*.md", "!keep.md", "logs/", "!logs/important.md");
    assertTrue(ignored(ignore, "drop.md", false));
    assertFalse(ignored(ignore, "keep.md", false));
    assertFalse(ignored(ignore, "deep/keep.md", false));
    assertEquals(GitIgnore.Match.KEPT, ignore.match("keep.md", false));
    assertTrue(ignored(ignore, "logs/important.md", false), "parent folder is excluded");
  }

  @Test
  void laterRulesWin() {
    GitIgnore ignore = rules("!a.txt", "*.txt");
    assertTrue(ignored(ignore, "a.txt", false));
  }

  @Test
  void leadingOrMiddleSlashAnchors() {
    GitIgnore ignore = rules("/todo.txt", "doc/frotz");
    assertTrue(ignored(ignore, "todo.txt", false));
    assertFalse(ignored(ignore, "sub/todo.txt", false));
    assertTrue(ignored(ignore, "doc/frotz", true));
    assertTrue(ignored(ignore, "doc/frotz/a.md", false));
    assertFalse(ignored(ignore, "a/doc/frotz", true));
  }

  @Test
  void trailingSlashMatchesFoldersOnly() {
    GitIgnore ignore = rules("cache/");
    assertTrue(ignored(ignore, "cache", true));
    assertTrue(ignored(ignore, "x/cache", true));
    assertFalse(ignored(ignore, "cache", false));
    assertTrue(ignored(ignore, "cache/data.txt", false));
    assertEquals(GitIgnore.Match.NONE, ignore.match("cache/data.txt", false));
  }

  @Test
  void doubleStarLeadingTrailingAndMiddle() {
    GitIgnore leading = rules("**/gen");
    assertTrue(ignored(leading, "gen", true));
    assertTrue(ignored(leading, "a/b/gen", true));

    GitIgnore trailing = rules("vendor/**");
    assertTrue(ignored(trailing, "vendor/a/b.md", false));
    assertFalse(ignored(trailing, "vendor", true));
    assertFalse(ignored(trailing, "x/vendor/a.md", false));

    GitIgnore middle = rules("a/**/b.md");
    assertTrue(ignored(middle, "a/b.md", false));
    assertTrue(ignored(middle, "a/x/b.md", false));
    assertTrue(ignored(middle, "a/x/y/z/b.md", false));
    assertFalse(ignored(middle, "x/a/b.md", false));
    assertFalse(ignored(middle, "a/xb.md", false));
  }

  @Test
  void starsBeforeALineSeparatorDoNotCrossSlashes() {
    GitIgnore ignore = rules("d/**\u2028");
    assertTrue(ignored(ignore, "d/a\u2028", false));
    assertFalse(ignored(ignore, "d/x/a\u2028", false));
  }

  @Test
  void singleStarAndQuestionMarkDoNotCrossSlashes() {
    GitIgnore ignore = rules("docs/*.md", "v?.txt", "a**b");
    assertTrue(ignored(ignore, "docs/x.md", false));
    assertFalse(ignored(ignore, "docs/sub/x.md", false));
    assertTrue(ignored(ignore, "v1.txt", false));
    assertFalse(ignored(ignore, "v10.txt", false));
    assertTrue(ignored(ignore, "axxb", false));
    assertFalse(ignored(ignore, "a/b", false));
  }

  @Test
  void characterClasses() {
    GitIgnore ignore = rules("file[0-9].txt", "note[!a].md", "[ab]c", "x[.]y");
    assertTrue(ignored(ignore, "file7.txt", false));
    assertFalse(ignored(ignore, "filex.txt", false));
    assertTrue(ignored(ignore, "noteb.md", false));
    assertFalse(ignored(ignore, "notea.md", false));
    assertTrue(ignored(ignore, "bc", false));
    assertFalse(ignored(ignore, "cc", false));
    assertTrue(ignored(ignore, "x.y", false));
    assertFalse(ignored(ignore, "xzy", false));
  }

  @Test
  void regexCharactersAreLiteral() {
    GitIgnore ignore = rules("a+b(1).md", "[unclosed");
    assertTrue(ignored(ignore, "a+b(1).md", false));
    assertFalse(ignored(ignore, "aab1.md", false));
    assertTrue(ignored(ignore, "[unclosed", false));
  }

  @Test
  void trailingSpacesAreTrimmedAndCrlfIsAccepted() {
    GitIgnore ignore = GitIgnore.parse("tmp.txt   \r\nother.txt\r\n");
    assertTrue(ignored(ignore, "tmp.txt", false));
    assertTrue(ignored(ignore, "other.txt", false));
    assertFalse(ignored(rules("tab.md\t"), "tab.md", false), "git trims spaces, not a tab");
  }

  @Test
  void posixClassesMatchAsInGitAndWhatGitMatchesNothingWithIsNoRule() {
    GitIgnore posix = rules("[[:alpha:]].md", "[[:digit:][:upper:]]x");
    assertTrue(ignored(posix, "a.md", false));
    assertFalse(ignored(posix, "1.md", false));
    assertTrue(ignored(posix, "7x", false));
    assertTrue(ignored(posix, "Qx", false));
    assertFalse(ignored(posix, "qx", false));
    GitIgnore nothing = rules("[z-a].md", "[[:nonsense:]]", "!keep[9-0]");
    assertTrue(nothing.isEmpty(), "a reversed range or an unknown class is no rule, as in git");
  }

  @Test
  void aNameHoldingALineBreakIsMatchedLikeAnyOther() {
    // a Unix file name may hold a line break; git matches it like any other character
    assertTrue(ignored(rules("*.md"), "a\nb/c.md", false));
    assertTrue(ignored(rules("docs/**"), "docs/a\nb.md", false));
    assertTrue(ignored(rules("/a/**/c.md"), "a/x\ny/c.md", false));
  }
}
