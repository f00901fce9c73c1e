package dev.relearn.indexer.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.lucene.schema.Chunk;
import dev.relearn.lucene.schema.ChunkKind;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DirectorySourceTest {
  @TempDir Path dir;

  private final List<Chunk> chunks = new ArrayList<>();
  private final List<SourceProblem> problems = new ArrayList<>();

  private Path write(String relative, String content) throws IOException {
    return write(relative, content.getBytes(StandardCharsets.UTF_8));
  }

  private Path write(String relative, byte[] content) throws IOException {
    Path file = dir.resolve(relative);
    Files.createDirectories(file.getParent());
    return Files.write(file, content);
  }

  /** The paths read, without the root key every one of them must start with. */
  private List<String> readPaths(Path root) throws IOException {
    DirectorySource source = new DirectorySource(root);
    source.read(chunks::add, problems::add);
    String prefix = source.rootKey() + "/";
    for (Chunk chunk : chunks) {
      assertTrue(chunk.path().startsWith(prefix) && chunk.id().startsWith(prefix),
          chunk.id() + " under " + prefix);
    }
    return chunks.stream().map(c -> c.path().substring(prefix.length())).distinct().toList();
  }

  @Test
  void readsKnownTypesWithRelativeSortedPathsAndTheRightChunker() throws IOException {
    write("b.md", "# B\nbee\n");
    write("a/z.py", "def f():\n    return 1\n");
    write("a/notes.txt", "plain words\n");
    write("image.bin.unknown", "whatever");
    write("Dockerfile", "FROM scratch\n");
    assertEquals(List.of("Dockerfile", "a/notes.txt", "a/z.py", "b.md"), readPaths(dir));
    assertEquals(List.of(ChunkKind.CODE, ChunkKind.TEXT, ChunkKind.CODE, ChunkKind.MARKDOWN),
        chunks.stream().map(Chunk::kind).toList());
    String origin = dir.toAbsolutePath().normalize().toString();
    assertTrue(chunks.stream().allMatch(c -> c.origin().equals(origin)));
    assertEquals(origin, new DirectorySource(dir.resolve("a/..")).origin());
    assertTrue(problems.isEmpty(), problems.toString());
  }

  @Test
  void filesOfOtherTypesAreCountedByExtension() throws IOException {
    write("doc.md", "# Doc\n");
    write("page.HTML", "<p>");
    write("index.html", "<p>");
    write("data.json", "{}");
    write("LICENSE-NOTES", "x");
    write(".gitignore", "*.tmp\n"); // hidden files and another index's folder are no news
    write("idx/write.lock", "");
    write("idx/segments_1", "x");
    DirectorySource source = new DirectorySource(dir);
    source.read(chunks::add, problems::add);
    assertEquals("not indexed: 4 file(s) of other types (.html 2, no extension 1, .json 1)",
        source.skipped());
    DirectorySource part = new DirectorySource(dir.resolve("doc.md")).within(dir);
    part.read(chunks::add, problems::add);
    assertEquals("", part.skipped(), "a part says nothing of the rest of its folder");
  }

  @Test
  void aPartsWalkVisitsOnlyTheWayToItAndAppliesTheRulesOnTheWay() throws IOException {
    write("a.md", "beside\n");
    write("other/c.md", "beside\n");
    write(".gitignore", "other/\n");
    write("sub/b.md", "the part\n");
    write("sub/d.md", "beside\n");
    DirectoryWalker walk = DirectoryWalker.walk(dir, "sub/b.md", problems::add);
    assertEquals(List.of("sub/b.md"), walk.files.stream().map(SourceFile::relativePath).toList());
    assertEquals(0, walk.ignored, "other/ is beside the way: not visited, so not counted");
    write("sub/.gitignore", "b.md\n");
    walk = DirectoryWalker.walk(dir, "sub/b.md", problems::add);
    assertEquals(List.of(), walk.files, "sub/.gitignore, on the way, ignores the part");
    assertEquals(1, walk.ignored);
    assertEquals(List.of(), problems);
  }

  @Test
  void skipsToolFoldersAndBuildOutputBesideABuildFile() throws IOException {
    write("keep.md", "kept\n");
    write("pom.xml", "<project/>\n");
    write("sub/build.gradle.kts", "plugins {}\n");
    write("web/package.json", "{}\n");
    for (String folder : List.of(".git", "target", "node_modules", "sub/build", ".venv",
        "__pycache__", ".relearn", "web/dist")) {
      write(folder + "/x.md", "skipped\n");
    }
    write("targets/y.md", "not a skipped name\n");
    write("src/main/java/com/acme/build/Builder.java", "package com.acme.build;\n"
        + "class Builder {}\n"); // a package, not build output: no build file beside it
    write("web/src/out/z.md", "beside no build file\n");
    assertEquals(List.of("keep.md", "src/main/java/com/acme/build/Builder.java",
        "sub/build.gradle.kts", "targets/y.md", "web/src/out/z.md"), readPaths(dir));
  }

  @Test
  void skipsAVirtualenvUnderAnyNameAndATaggedCacheFolder() throws IOException {
    write("keep.md", "kept\n");
    write("env/pyvenv.cfg", "home = /usr/bin\n");
    write("env/lib/python3.12/site-packages/pkg/mod.py", "def f():\n    pass\n");
    write(".tox/py312/pyvenv.cfg", "home = /usr/bin\n");
    write(".tox/py312/lib/site.py", "x = 1\n");
    write(".pytest_cache/CACHEDIR.TAG", "Signature: 8a477f597d28d172789f06886806bc55\n");
    write(".pytest_cache/README.md", "# pytest cache directory #\n");
    assertEquals(List.of("keep.md"), readPaths(dir));
  }

  @Test
  void appliesRootAndNestedGitignores() throws IOException {
    write(".gitignore", "*.log.txt\n/private/\ndocs/*.tmp.md\n!keep.log.txt\n");
    write("a.log.txt", "no");
    write("keep.log.txt", "yes");
    write("private/p.md", "no");
    write("sub/private/p.md", "yes, only the root one is anchored");
    write("docs/x.tmp.md", "no");
    write("docs/x.md", "yes");
    write("sub/.gitignore", "local.md\n!a.log.txt\n");
    write("sub/local.md", "no");
    write("local.md", "yes: the nested rule applies to its subtree only");
    write("sub/a.log.txt", "yes: the deeper file re-includes it");
    assertEquals(List.of("docs/x.md", "keep.log.txt", "local.md", "sub/a.log.txt",
        "sub/private/p.md"), readPaths(dir));
  }

  @Test
  void aGitignoreLineGitMatchesNothingWithDoesNotStopTheWalk() throws IOException {
    write(".gitignore", "build/\n[z-a].md\n");
    write("a.md", "# A\n\nAlpha.\n");
    assertEquals(List.of("a.md"), readPaths(dir), "a reversed range failed the whole walk");
  }

  @Test
  void aSubfolderOfARepositoryFollowsTheGitignoresAboveIt() throws IOException {
    Files.createDirectories(dir.resolve("repo/.git"));
    write("repo/.gitignore", "secrets.yml\n/docs/drafts/\n*.tmp.md\n");
    write("repo/docs/.gitignore", "!keep.tmp.md\n");
    write("repo/docs/guide/secrets.yml", "password: no");
    write("repo/docs/guide/a.md", "yes");
    write("repo/docs/guide/drafts/d.md", "yes: only repo/docs/drafts is anchored");
    write("repo/docs/guide/x.tmp.md", "no");
    write("repo/docs/guide/keep.tmp.md", "yes: the deeper file re-includes it");
    write("outside/.gitignore", "*.md\n");
    write("outside/sub/b.md", "yes: no repository, so outside's rules stay outside");
    assertEquals(List.of("a.md", "drafts/d.md", "keep.tmp.md"),
        readPaths(dir.resolve("repo/docs/guide")));
    chunks.clear();
    assertEquals(List.of("b.md"), readPaths(dir.resolve("outside/sub")));
    assertTrue(problems.isEmpty(), problems.toString());
  }

  @Test
  void binaryFilesAreSkippedSilentlyInATreeButReportedWhenNamed() throws IOException {
    byte[] binary = {'a', 'b', 0, 'c'};
    Path named = write("blob.txt", binary);
    write("ok.md", "fine\n");
    assertEquals(List.of("ok.md"), readPaths(dir));
    assertTrue(problems.isEmpty(), problems.toString());

    new DirectorySource(named).read(chunks::add, problems::add);
    assertEquals(1, problems.size());
    assertEquals("blob.txt", problems.get(0).path());
    assertTrue(problems.get(0).message().contains("binary"), problems.get(0).toString());
  }

  @Test
  void invalidUtf8IsReportedWithPathAndOffsetAndTheRestIsRead() throws IOException {
    byte[] bad = "héllo wörld".getBytes(StandardCharsets.UTF_8);
    byte[] broken = new byte[bad.length + 1];
    System.arraycopy(bad, 0, broken, 0, 5);
    broken[5] = (byte) 0xC3;
    broken[6] = (byte) 0x28;
    System.arraycopy(bad, 5, broken, 7, bad.length - 6);
    write("docs/bad.md", broken);
    write("docs/good.md", "good\n");
    write("z.txt", "also good\n");
    assertEquals(List.of("docs/good.md", "z.txt"), readPaths(dir));
    assertEquals(1, problems.size());
    assertEquals("docs/bad.md: invalid UTF-8 at byte 5", problems.get(0).toString());
  }

  @Test
  void utf16TextIsReportedNotSkippedAsBinary() throws IOException {
    write("le.txt", "\uFEFFutf16 text".getBytes(StandardCharsets.UTF_16LE));
    write("be.txt", "\uFEFFutf16 text".getBytes(StandardCharsets.UTF_16BE));
    write("good.md", "good\n");
    assertEquals(List.of("good.md"), readPaths(dir));
    assertEquals(List.of("be.txt: UTF-16 text (byte order mark FE FF), not UTF-8; convert it, e.g."
        + " with iconv -f UTF-16 -t UTF-8", "le.txt: UTF-16 text (byte order mark FF FE), not"
        + " UTF-8; convert it, e.g. with iconv -f UTF-16 -t UTF-8"),
        problems.stream().map(Object::toString).sorted().toList());
  }

  @Test
  void unreadableFilesAreReportedAndTheWalkContinues() throws IOException {
    Path locked = write("locked.md", "secret words\n");
    write("open.md", "open\n");
    Assumptions.assumeTrue(Files.getFileStore(dir).supportsFileAttributeView("posix"),
        "needs POSIX permissions");
    Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("---------"));
    try {
      Assumptions.assumeFalse(Files.isReadable(locked),
          "running as root: chmod 000 does not block reads, so this cannot be tested here");
      assertEquals(List.of("open.md"), readPaths(dir));
      assertEquals(1, problems.size());
      assertEquals("locked.md", problems.get(0).path());
      assertTrue(problems.get(0).message().contains("cannot read"), problems.toString());
      assertFalse(problems.get(0).toString().contains("secret"));
    } finally {
      Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("rw-------"));
    }
  }

  @Test
  void oversizedFilesAreReported() throws IOException {
    write("huge.txt", "word ".repeat(1_000_000));
    write("small.txt", "word\n");
    assertEquals(List.of("small.txt"), readPaths(dir));
    assertEquals(1, problems.size());
    assertTrue(problems.get(0).toString().startsWith("huge.txt: larger than 4 MiB"),
        problems.toString());
  }

  @Test
  void emptyFolderErrorNamesTheFolder() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new DirectorySource(dir).read(chunks::add, problems::add));
    assertTrue(e.getMessage().contains(dir.toAbsolutePath().normalize().toString()),
        e.getMessage());
    assertTrue(e.getMessage().contains("no indexable files"), e.getMessage());
  }

  @Test
  void folderWithOnlySkippedFilesCountsThem() throws IOException {
    write("a.bin.md", new byte[] {0, 1, 2});
    write(".gitignore", "*.txt\n");
    write("x.txt", "ignored");
    write("photo.jpeg", "not indexed");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new DirectorySource(dir).read(chunks::add, problems::add));
    assertTrue(e.getMessage().contains("1 binary, 2 ignored"), e.getMessage()); // and .gitignore
    assertTrue(chunks.isEmpty());
  }

  @Test
  void symbolicLinksAreNotFollowed() throws IOException {
    Path outside = Files.createTempDirectory("relearn-outside");
    try {
      Files.writeString(outside.resolve("far.md"), "far\n");
      write("here.md", "here\n");
      Files.createSymbolicLink(dir.resolve("link"), outside);
      Files.createSymbolicLink(dir.resolve("file-link.md"), outside.resolve("far.md"));
      assertEquals(List.of("here.md"), readPaths(dir));
    } finally {
      Files.delete(outside.resolve("far.md"));
      Files.delete(outside);
    }
  }

  @Test
  void aNamedFileIsReadUnderItsFoldersName() throws IOException {
    Path file = write("deep/notes.md", "# Title\ntext\n");
    DirectorySource source = new DirectorySource(file);
    assertEquals(file.toAbsolutePath().normalize().toString(), source.origin());
    assertEquals(List.of("notes.md"), readPaths(file));
    assertEquals("deep/notes.md", chunks.get(0).path());
    assertTrue(chunks.get(0).id().startsWith("deep/notes.md#"));
  }

  @Test
  void rootKeysNameTheFolderThenItsParentThenAHash() throws IOException {
    write("x/docs/a.md", "alpha\n");
    DirectorySource source = new DirectorySource(dir.resolve("x/docs"));
    List<String> keys = source.rootKeys();
    assertEquals(3, keys.size(), keys.toString());
    assertEquals(List.of("docs", "docs@x"), keys.subList(0, 2));
    assertTrue(keys.get(2).matches("docs@[0-9a-f]{8}"), keys.get(2));
    List<String> fileKeys = new DirectorySource(dir.resolve("x/docs/a.md")).rootKeys();
    assertEquals(keys.subList(0, 2), fileKeys.subList(0, 2));
    assertNotEquals(keys.get(2), fileKeys.get(2), "the hash is of the file's own path");
    assertEquals("docs", source.rootKey());

    source.withRootKey("docs@x").read(chunks::add, problems::add);
    assertEquals("docs@x/a.md", chunks.get(0).path());
    for (String bad : new String[] {"", " ", "a/b"}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> source.withRootKey(bad));
      assertTrue(e.getMessage().contains("'" + bad + "'"), e.getMessage());
    }
  }

  @Test
  void crlfFilesGiveTheSameChunksAsLf() throws IOException {
    String text = String.join("\n", new Random(5).ints(40, 0, 1000)
        .mapToObj(i -> "line " + i + " of text.").toList());
    write("lf/a.md", "# H\n" + text);
    write("crlf/a.md", ("# H\n" + text).replace("\n", "\r\n"));
    readPaths(dir.resolve("lf"));
    List<Chunk> lf = List.copyOf(chunks);
    chunks.clear();
    readPaths(dir.resolve("crlf"));
    assertEquals(lf.stream().map(c -> c.id().substring("lf/".length())).toList(),
        chunks.stream().map(c -> c.id().substring("crlf/".length())).toList());
    assertEquals(lf.get(0).endLine(), chunks.get(0).endLine());
  }

  @Test
  void missingPathIsRejectedByName() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new DirectorySource(dir.resolve("nope")));
    assertTrue(e.getMessage().startsWith("no such file or folder: "), e.getMessage());
    assertTrue(e.getMessage().contains("nope"), e.getMessage());
  }
}
