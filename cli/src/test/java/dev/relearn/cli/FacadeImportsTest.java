package dev.relearn.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The engine is the façade of the applications: the main sources of cli and server name relearn
 * types only from the engine's API ({@code dev.relearn.engine} and its subpackages, the search
 * request and results included), their own module, and lucene-module's fusion strategies. cli may
 * also name the server it starts and the eval application it runs.
 */
class FacadeImportsTest {
  /** lucene-module packages the applications may name: the fusion strategies of a search. */
  static final List<String> LUCENE_ALLOWED = List.of("dev.relearn.lucene.fusion.");

  private static final Pattern RELEARN_TYPE =
      Pattern.compile("\\bdev\\.relearn\\.(?:[a-z0-9_]+\\.)+(?:[A-Z]\\w*|\\*)");

  @Test
  void cliAndServerNameOnlyTheEnginesApi() throws IOException {
    Path root = Path.of("").toAbsolutePath(); // the cli module's folder, or one above it
    while (root != null && !Files.isDirectory(root.resolve("server/src/main/java"))) {
      root = root.getParent();
    }
    assertTrue(root != null, "no server/src/main/java above " + Path.of("").toAbsolutePath());
    List<String> problems = new ArrayList<>();
    problems.addAll(offences(root.resolve("server/src/main/java"),
        List.of("dev.relearn.server.")));
    problems.addAll(offences(root.resolve("cli/src/main/java"),
        List.of("dev.relearn.cli.", "dev.relearn.server.", "dev.relearn.eval.")));
    assertEquals(List.of(), problems, "imports that skip the engine's API");
  }

  @Test
  void aForbiddenImportIsNamedWithItsFile() throws IOException {
    Path folder = Files.createTempDirectory("facade");
    try {
      Path file = folder.resolve("Bad.java");
      Files.writeString(file, "package dev.relearn.cli;\n\n"
          + "import dev.relearn.engine.Relearn;\n"
          + "import dev.relearn.engine.search.Hit;\n"
          + "import dev.relearn.feedback.store.StoreStats;\n");
      List<String> problems = offences(folder, List.of("dev.relearn.cli."));
      assertEquals(1, problems.size(), problems.toString());
      assertTrue(problems.get(0).contains("Bad.java:5")
          && problems.get(0).contains("dev.relearn.feedback.store.StoreStats"), problems.get(0));
    } finally {
      try (Stream<Path> walk = Files.walk(folder)) {
        for (Path path : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
          Files.delete(path);
        }
      }
    }
  }

  /**
   * Each relearn type named under {@code sources} (in an import or written out in full) outside
   * the engine, {@code own} and {@link #LUCENE_ALLOWED}, as {@code file:line: type}.
   */
  static List<String> offences(Path sources, List<String> own) throws IOException {
    List<String> allowed = new ArrayList<>(own);
    allowed.add("dev.relearn.engine.");
    allowed.addAll(LUCENE_ALLOWED);
    List<String> problems = new ArrayList<>();
    List<Path> files;
    try (Stream<Path> walk = Files.walk(sources)) {
      files = walk.filter(path -> path.toString().endsWith(".java")).sorted().toList();
    }
    for (Path file : files) {
      List<String> lines = Files.readAllLines(file);
      for (int i = 0; i < lines.size(); i++) {
        Matcher type = RELEARN_TYPE.matcher(lines.get(i));
        while (type.find()) {
          String name = type.group();
          if (allowed.stream().noneMatch(name::startsWith)) {
            problems.add(sources.relativize(file) + ":" + (i + 1) + ": " + name);
          }
        }
      }
    }
    return problems;
  }
}
