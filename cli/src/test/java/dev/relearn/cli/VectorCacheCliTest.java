package dev.relearn.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.cli.CliTest.Result;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --vector-cache} and {@code RELEARN_VECTOR_CACHE}: a file is refused as a usage error, an
 * unwritable folder is named, and {@code relearn compact} compacts the index's own cache (a shared
 * one only with {@code --shared-vector-cache}), saying what it did.
 */
class VectorCacheCliTest {
  private static final Pattern SIZES =
      Pattern.compile("vector cache (.+\\.vectors): ([\\d.]+) MB → ([\\d.]+) MB \\((\\d+) →"
          + " (\\d+) vectors\\)\n");

  @TempDir Path tmp;

  private Path docs(int version) throws Exception {
    Path docs = Files.createDirectories(tmp.resolve("docs"));
    for (int i = 0; i < 30; i++) {
      Files.writeString(docs.resolve("n" + i + ".md"), "# Note " + i + "\nVersion " + version
          + " of note " + i + ".\n");
    }
    return docs;
  }

  @Test
  void compactShrinksTheIndexsOwnCacheToItsChunks() throws Exception {
    Path index = tmp.resolve("idx");
    for (int version = 0; version < 3; version++) {
      Result indexed = CliTest.run(CliTest.hashingArgs(index, "index",
          docs(version).toString()));
      assertEquals(0, indexed.code(), indexed.err());
    }
    Result compact = CliTest.run(CliTest.hashingArgs(index, "compact"));
    assertEquals(0, compact.code(), compact.err());
    String second = compact.out().lines().skip(1).findFirst().orElseThrow() + "\n";
    Matcher sizes = SIZES.matcher(second);
    assertTrue(sizes.matches(), compact.out());
    assertEquals(index.resolve("vector-cache/hashing-384-v1.vectors").toAbsolutePath()
        .normalize().toString(), sizes.group(1));
    assertEquals("90", sizes.group(4));
    assertEquals("30", sizes.group(5));
    assertEquals(Files.size(Path.of(sizes.group(1))) / 1e6,
        Double.parseDouble(sizes.group(3)), 0.05);
  }

  @Test
  void aSharedCacheIsSkippedUnlessAsked() throws Exception {
    Path shared = tmp.resolve("shared");
    String[] index = CliTest.hashingArgs(tmp.resolve("idx"), "index", "--vector-cache",
        shared.toString(), docs(0).toString());
    assertEquals(0, CliTest.run(index).code());
    index[index.length - 1] = docs(1).toString();
    assertEquals(0, CliTest.run(index).code());
    Result skipped = CliTest.run(CliTest.hashingArgs(tmp.resolve("idx"), "compact",
        "--vector-cache", shared.toString()));
    assertEquals(0, skipped.code(), skipped.err());
    assertTrue(skipped.out().contains("vector cache " + shared + ": skipped, as it was given by"
        + " --vector-cache or RELEARN_VECTOR_CACHE and other indexes may share it;"
        + " --shared-vector-cache compacts it"), skipped.out());
    Result asked = CliTest.run(CliTest.hashingArgs(tmp.resolve("idx"), "compact",
        "--vector-cache", shared.toString(), "--shared-vector-cache"));
    assertEquals(0, asked.code(), asked.err());
    assertTrue(asked.out().contains("(60 → 30 vectors)"), asked.out());
  }

  @Test
  void aFileIsRefusedAsTheCacheFolder() throws Exception {
    Path file = Files.writeString(tmp.resolve("notes.txt"), "not a folder");
    String docs = docs(0).toString();
    for (List<String> c : List.of(List.of(file.toString(), "--vector-cache " + file
            + " is a file, not a folder"),
        List.of(file.resolve("sub").toString(), "--vector-cache " + file.resolve("sub")
            + ": " + file + " is a file, not a folder"))) {
      for (String command : List.of("index", "search", "compact")) {
        Result result = CliTest.run(CliTest.hashingArgs(tmp.resolve("idx"), command,
            "--vector-cache", c.get(0), command.equals("index") ? docs : "notes"));
        if (command.equals("compact")) { // takes no argument: the file check comes first
          result = CliTest.run(CliTest.hashingArgs(tmp.resolve("idx"), command,
              "--vector-cache", c.get(0)));
        }
        assertEquals(2, result.code(), command + " " + c + ": " + result.err());
        assertTrue(result.err().startsWith("relearn: " + c.get(1)), result.err());
      }
    }
    assertEquals("not a folder", Files.readString(file));
    ProcessBuilder child = new ProcessBuilder(CliProcess.command("index", "--index",
        tmp.resolve("idx").toString(), "--model", "hashing", docs)).redirectErrorStream(true)
        .directory(tmp.toFile());
    child.environment().put("RELEARN_VECTOR_CACHE", file.toString());
    Process started = child.start();
    String said = new String(started.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(started.waitFor(60, TimeUnit.SECONDS));
    assertEquals(2, started.exitValue(), said);
    assertTrue(said.contains("relearn: RELEARN_VECTOR_CACHE=" + file + " is a file, not a"
        + " folder"), said);
  }

  @Test
  void anUnwritableFolderIsNamed() throws Exception {
    Path locked = Files.createDirectories(tmp.resolve("locked"));
    boolean immutable = new ProcessBuilder("chattr", "+i", locked.toString()).start()
        .waitFor() == 0; // root ignores permissions, not the immutable flag
    if (!immutable) {
      Files.setPosixFilePermissions(locked,
          java.nio.file.attribute.PosixFilePermissions.fromString("r-x------"));
      Assumptions.assumeFalse(Files.isWritable(locked), "cannot make a folder unwritable here");
    }
    try {
      for (Path cache : List.of(locked, locked.resolve("sub"))) {
        Result result = CliTest.run(CliTest.hashingArgs(tmp.resolve("idx-" + cache
            .getFileName()), "index", "--vector-cache", cache.toString(), docs(0).toString()));
        assertEquals(1, result.code(), result.err());
        assertTrue(result.err().startsWith("relearn: cannot write the vector cache folder "
            + cache + " ("), result.err());
        assertTrue(result.err().contains("choose a folder this user can write with"
            + " --vector-cache or RELEARN_VECTOR_CACHE"), result.err());
      }
    } finally {
      if (immutable) {
        new ProcessBuilder("chattr", "-i", locked.toString()).start().waitFor();
      } else {
        Files.setPosixFilePermissions(locked,
            java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
      }
    }
  }
}
