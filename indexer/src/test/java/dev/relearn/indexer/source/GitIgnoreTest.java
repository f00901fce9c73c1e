package dev.relearn.indexer.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class GitIgnoreTest {

  private static GitIgnore rules(String... lines) {
    return GitIgnore.parse(String.join("\n", lines));
  }

  @Test
  void blankLinesAndCommentsAreNotRules() {
    GitIgnore ignore = rules("", "   ", "# a comment", "#*.md");
    assertTrue(ignore.isEmpty());
    assertFalse(ignore.isIgnored("a.md", false));
  }

  @Test
  void escapedHashAndBangAreLiterals() {
    GitIgnore ignore = rules("\\#notes.md", "\\!important.txt");
    assertTrue(ignore.isIgnored("#notes.md", false));
    assertTrue(ignore.isIgnored("sub/!important.txt", false));
    assertFalse(ignore.isIgnored("notes.md", false));
    assertFalse(ignore.isIgnored("important.txt", false));
  }

  @Test
  void patternWithoutSlashMatchesAtAnyDepth() {
    GitIgnore ignore = rules("*.log", "secret");
    assertTrue(ignore.isIgnored("app.log", false));
    assertTrue(ignore.isIgnored("a/b/app.log", false));
    assertTrue(ignore.isIgnored("a/secret", true));
    assertTrue(ignore.isIgnored("a/secret/x.md", false));
    assertFalse(ignore.isIgnored("app.log.md", false));
    assertFalse(ignore.isIgnored("secrets", false));
  }

  @Test
  void negationReincludesUnlessAParentIsExcluded() {
    GitIgnore ignore = rules("*.md", "!keep.md", "logs/", "!logs/important.md");
    assertTrue(ignore.isIgnored("drop.md", false));
    assertFalse(ignore.isIgnored("keep.md", false));
    assertFalse(ignore.isIgnored("deep/keep.md", false));
    assertEquals(GitIgnore.Match.KEPT, ignore.match("keep.md", false));
    assertTrue(ignore.isIgnored("logs/important.md", false), "parent folder is excluded");
  }

  @Test
  void laterRulesWin() {
    GitIgnore ignore = rules("!a.txt", "*.txt");
    assertTrue(ignore.isIgnored("a.txt", false));
  }

  @Test
  void leadingOrMiddleSlashAnchors() {
    GitIgnore ignore = rules("/todo.txt", "doc/frotz");
    assertTrue(ignore.isIgnored("todo.txt", false));
    assertFalse(ignore.isIgnored("sub/todo.txt", false));
    assertTrue(ignore.isIgnored("doc/frotz", true));
    assertTrue(ignore.isIgnored("doc/frotz/a.md", false));
    assertFalse(ignore.isIgnored("a/doc/frotz", true));
  }

  @Test
  void trailingSlashMatchesFoldersOnly() {
    GitIgnore ignore = rules("cache/");
    assertTrue(ignore.isIgnored("cache", true));
    assertTrue(ignore.isIgnored("x/cache", true));
    assertFalse(ignore.isIgnored("cache", false));
    assertTrue(ignore.isIgnored("cache/data.txt", false));
    assertEquals(GitIgnore.Match.NONE, ignore.match("cache/data.txt", false));
  }

  @Test
  void doubleStarLeadingTrailingAndMiddle() {
    GitIgnore leading = rules("**/gen");
    assertTrue(leading.isIgnored("gen", true));
    assertTrue(leading.isIgnored("a/b/gen", true));

    GitIgnore trailing = rules("vendor/**");
    assertTrue(trailing.isIgnored("vendor/a/b.md", false));
    assertFalse(trailing.isIgnored("vendor", true));
    assertFalse(trailing.isIgnored("x/vendor/a.md", false));

    GitIgnore middle = rules("a/**/b.md");
    assertTrue(middle.isIgnored("a/b.md", false));
    assertTrue(middle.isIgnored("a/x/b.md", false));
    assertTrue(middle.isIgnored("a/x/y/z/b.md", false));
    assertFalse(middle.isIgnored("x/a/b.md", false));
    assertFalse(middle.isIgnored("a/xb.md", false));
  }

  @Test
  void starsBeforeALineSeparatorDoNotCrossSlashes() {
    GitIgnore ignore = rules("d/**\u2028");
    assertTrue(ignore.isIgnored("d/a\u2028", false));
    assertFalse(ignore.isIgnored("d/x/a\u2028", false));
  }

  @Test
  void singleStarAndQuestionMarkDoNotCrossSlashes() {
    GitIgnore ignore = rules("docs/*.md", "v?.txt", "a**b");
    assertTrue(ignore.isIgnored("docs/x.md", false));
    assertFalse(ignore.isIgnored("docs/sub/x.md", false));
    assertTrue(ignore.isIgnored("v1.txt", false));
    assertFalse(ignore.isIgnored("v10.txt", false));
    assertTrue(ignore.isIgnored("axxb", false));
    assertFalse(ignore.isIgnored("a/b", false));
  }

  @Test
  void characterClasses() {
    GitIgnore ignore = rules("file[0-9].txt", "note[!a].md", "[ab]c", "x[.]y");
    assertTrue(ignore.isIgnored("file7.txt", false));
    assertFalse(ignore.isIgnored("filex.txt", false));
    assertTrue(ignore.isIgnored("noteb.md", false));
    assertFalse(ignore.isIgnored("notea.md", false));
    assertTrue(ignore.isIgnored("bc", false));
    assertFalse(ignore.isIgnored("cc", false));
    assertTrue(ignore.isIgnored("x.y", false));
    assertFalse(ignore.isIgnored("xzy", false));
  }

  @Test
  void regexCharactersAreLiteral() {
    GitIgnore ignore = rules("a+b(1).md", "[unclosed");
    assertTrue(ignore.isIgnored("a+b(1).md", false));
    assertFalse(ignore.isIgnored("aab1.md", false));
    assertTrue(ignore.isIgnored("[unclosed", false));
  }

  @Test
  void trailingSpacesAreTrimmedAndCrlfIsAccepted() {
    GitIgnore ignore = GitIgnore.parse("tmp.txt   \r\nother.txt\r\n");
    assertTrue(ignore.isIgnored("tmp.txt", false));
    assertTrue(ignore.isIgnored("other.txt", false));
  }
}
