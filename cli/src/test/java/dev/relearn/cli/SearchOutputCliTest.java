package dev.relearn.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.cli.CliTest.Result;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@code relearn search} and {@code index} print comes from the indexed files, which may be anyone's: their
 * names, headings and text reach the terminal without their control characters, so an escape
 * sequence in a cloned repository cannot retitle the window, clear the screen or set the
 * clipboard.
 */
class SearchOutputCliTest {
  @TempDir Path tmp;

  @Test
  void controlCharactersOfIndexedFilesNeverReachTheTerminal() throws Exception {
    Path docs = Files.createDirectories(tmp.resolve("docs"));
    Files.writeString(docs.resolve("a\u001b[2Jb.md"), "# Title \u001b]0;pwned\u0007 zebra\n\n"
        + "Zebras \u001b[31mgraze\u001b[0m \u001b]52;c;ZXZpbA==\u0007 at\u009b dawn.\n");
    Files.write(docs.resolve("bad\u001b]0;x\u0007.md"), new byte[] {'#', ' ', (byte) 0xff});
    Path index = tmp.resolve("idx");
    Result indexed = CliTest.run(CliTest.hashingArgs(index, "index", docs.toString()));
    assertEquals(1, indexed.code(), "a file that is not UTF-8 is a problem: " + indexed.err());
    assertTrue(indexed.err().contains("bad?]0;x?.md"), indexed.err());
    assertFalse(indexed.err().chars().anyMatch(c -> c != '\n' && Character.isISOControl(c)),
        indexed.err());
    for (String[] args : new String[][] {
        CliTest.hashingArgs(index, "search", "zebras graze"),
        CliTest.hashingArgs(index, "search", "--explain", "zebras graze")}) {
      Result search = CliTest.run(args);
      assertEquals(0, search.code(), search.err());
      assertTrue(search.out().contains("docs/a?[2Jb.md"), search.out());
      assertTrue(search.out().contains("Title ?]0;pwned? zebra"), search.out());
      assertTrue(search.out().contains("?[31mgraze?[0m ?]52;c;ZXZpbA==? at? dawn"),
          search.out());
      assertFalse(search.out().chars().anyMatch(c -> c != '\n' && Character.isISOControl(c)),
          search.out());
    }
  }

  @Test
  void aPathPrefixThatMatchesNothingSaysWhatPathsLookLike() throws Exception {
    Path docs = Files.createDirectories(tmp.resolve("docs"));
    Files.writeString(docs.resolve("keys.md"), "# Keys\n\nRotate the signing keys.\n");
    Path index = tmp.resolve("idx");
    assertEquals(0, CliTest.run(CliTest.hashingArgs(index, "index", docs.toString())).code());
    Result absolute = CliTest.run(CliTest.hashingArgs(index, "search", "--path-prefix",
        docs + "/", "rotate keys"));
    assertEquals(0, absolute.code(), absolute.err());
    assertTrue(absolute.out().contains("(no hits)"), absolute.out());
    assertTrue(absolute.err().contains("no hits under path prefix '" + docs + "/'; indexed"
        + " paths are relative and begin with the indexed folder's name, e.g. docs/keys.md"),
        absolute.err());
    Result relative = CliTest.run(CliTest.hashingArgs(index, "search", "--path-prefix",
        "docs/", "rotate keys"));
    assertTrue(relative.out().contains("docs/keys.md"), relative.out());
    assertFalse(relative.err().contains("no hits under"), relative.err());
    Result blank = CliTest.run(CliTest.hashingArgs(index, "search", "--path-prefix", "  ",
        "rotate keys"));
    assertTrue(blank.out().contains("docs/keys.md"), "a blank prefix is any path: " + blank.out());
  }
}
