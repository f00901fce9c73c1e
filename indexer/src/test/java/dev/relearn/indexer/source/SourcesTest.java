package dev.relearn.indexer.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SourcesTest {
  @TempDir Path dir;

  @Test
  void autoDetectsTheFormat() throws IOException {
    Path beirDir = Files.createDirectories(dir.resolve("beir"));
    Files.writeString(beirDir.resolve("corpus.jsonl.gz"), "");
    Path files = Files.createDirectories(dir.resolve("notes"));
    Path jsonl = Files.writeString(dir.resolve("data.jsonl"), "");
    Path jsonlGz = Files.writeString(dir.resolve("data.JSONL.gz"), "");
    Path corpus = Files.writeString(dir.resolve("corpus.jsonl"), "");
    Path markdown = Files.writeString(dir.resolve("readme.md"), "");

    assertInstanceOf(BeirCorpusSource.class, Sources.open(beirDir, SourceFormat.AUTO));
    assertInstanceOf(BeirCorpusSource.class, Sources.open(corpus, SourceFormat.AUTO));
    assertInstanceOf(DirectorySource.class, Sources.open(files, SourceFormat.AUTO));
    assertInstanceOf(JsonlSource.class, Sources.open(jsonl, SourceFormat.AUTO));
    assertInstanceOf(JsonlSource.class, Sources.open(jsonlGz, SourceFormat.AUTO));
    assertInstanceOf(DirectorySource.class, Sources.open(markdown, SourceFormat.AUTO));
    assertInstanceOf(DirectorySource.class, Sources.open(jsonl, SourceFormat.FILES));
    assertInstanceOf(JsonlSource.class, Sources.open(corpus, SourceFormat.JSONL));
  }

  @Test
  void missingPathIsRejectedByName() {
    Path missing = dir.resolve("gone");
    for (SourceFormat format : SourceFormat.values()) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> Sources.open(missing, format));
      assertEquals("no such file or folder: " + missing, e.getMessage());
    }
  }

  @Test
  void aSymbolicLinkToNothingIsNamedAsSuchNotAsMissing() throws IOException {
    Path dangling = Files.createSymbolicLink(dir.resolve("dangling"), dir.resolve("gone"));
    Path loop = Files.createSymbolicLink(dir.resolve("loop"), dir.resolve("loop"));
    for (Path link : List.of(dangling, loop)) {
      for (SourceFormat format : SourceFormat.values()) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> Sources.open(link, format));
        assertEquals("a symbolic link to nothing (its target is missing, or links loop): "
            + link, e.getMessage());
      }
    }
  }

  @Test
  void aPipeIsRefusedInsteadOfReadForever() throws Exception {
    Path pipe = dir.resolve("pipe");
    Process mkfifo = new ProcessBuilder("mkfifo", pipe.toString()).start();
    assumeTrue(mkfifo.waitFor() == 0, "mkfifo is not available here");
    for (SourceFormat format : SourceFormat.values()) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> Sources.open(pipe, format));
      assertEquals("not a regular file or folder: " + pipe
          + " (a pipe, socket or device cannot be indexed)", e.getMessage());
    }
  }

  @Test
  void formatLabelsParseAndBadOnesAreNamed() {
    assertEquals(SourceFormat.BEIR, SourceFormat.fromLabel("Beir"));
    assertEquals(SourceFormat.AUTO, SourceFormat.fromLabel("auto"));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> SourceFormat.fromLabel("csv"));
    assertEquals("unknown source format: 'csv'; expected one of auto, files, jsonl, beir",
        e.getMessage());
  }

  @Test
  void problemsPrintWithOrWithoutALine() {
    assertEquals("docs/a.md: invalid UTF-8 at byte 120",
        new SourceProblem("docs/a.md", 0, "invalid UTF-8 at byte 120").toString());
    assertEquals("data.jsonl:17: not valid JSON (syntax error at column 4)",
        new SourceProblem("data.jsonl", 17, "not valid JSON (syntax error at column 4)")
            .toString());
    assertThrows(IllegalArgumentException.class, () -> new SourceProblem("a", -1, "x"));
    assertThrows(IllegalArgumentException.class, () -> new SourceProblem("a", 1, " "));
  }

  @Test
  void fileTypesCoverMarkdownTextAndCode() {
    assertEquals("MARKDOWN", FileTypes.kindOf("README.MD").orElseThrow().name());
    assertEquals("TEXT", FileTypes.kindOf("notes.rst").orElseThrow().name());
    assertEquals("CODE", FileTypes.kindOf("Main.java").orElseThrow().name());
    assertEquals("CODE", FileTypes.kindOf("app.config.yml").orElseThrow().name());
    assertEquals("CODE", FileTypes.kindOf("Makefile").orElseThrow().name());
    assertTrue(FileTypes.kindOf("photo.png").isEmpty());
    assertTrue(FileTypes.kindOf(".gitignore").isEmpty());
    assertTrue(FileTypes.kindOf("LICENSE").isEmpty());
  }

  @Test
  void extensionlessProjectDocsAreText() {
    for (String name : List.of("README", "ChangeLog", "NEWS", "INSTALL", "TODO", "CONTRIBUTING")) {
      assertEquals("TEXT", FileTypes.kindOf(name).map(Enum::name).orElse("skipped"), name);
    }
    assertTrue(FileTypes.kindOf("COPYING").isEmpty());
    assertTrue(FileTypes.kindOf("README.bak").isEmpty());
  }
}
