package dev.relearn.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The README and docs/: links that resolve, the set-up commands that exist, the size limits. */
class DocsTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
  private static final Pattern HEADING = Pattern.compile("(?m)^#+\\s+(.+)$");

  @Test
  void everyRelativeLinkResolves() throws IOException {
    List<String> broken = new ArrayList<>();
    for (Path doc : docs()) {
      Matcher link = LINK.matcher(Files.readString(doc));
      while (link.find()) {
        String target = link.group(1);
        if (target.matches("^[a-z]+:.*")) {
          continue; // a URL
        }
        int hash = target.indexOf('#');
        String path = hash < 0 ? target : target.substring(0, hash);
        Path file = path.isEmpty() ? doc : doc.getParent().resolve(path).normalize();
        if (!Files.exists(file)) {
          broken.add(ROOT.relativize(doc) + ": " + target);
        } else if (hash >= 0 && path.endsWith(".md") || hash >= 0 && path.isEmpty()) {
          if (!anchors(file).contains(target.substring(hash + 1))) {
            broken.add(ROOT.relativize(doc) + ": " + target + " (no such heading)");
          }
        }
      }
    }
    assertEquals(List.of(), broken);
  }

  @Test
  void theReadmeSetUpCommandsAreTheScriptsCiRuns() throws IOException {
    String readme = Files.readString(ROOT.resolve("README.md"));
    int section = readme.indexOf("## Set-up: two commands");
    int start = readme.indexOf("```bash\n", section) + "```bash\n".length();
    List<String> commands = new ArrayList<>();
    for (String line : readme.substring(start, readme.indexOf("\n```", start)).split("\n")) {
      commands.add(line.replaceAll("\\s+#.*$", "").trim());
    }
    assertEquals(List.of("bin/relearn demo", "bin/test"), commands);
    for (String command : commands) {
      Path script = ROOT.resolve(command.split(" ")[0]);
      assertTrue(Files.isExecutable(script), script + " is not an executable script");
    }
    List<String> ci = Files.readAllLines(ROOT.resolve(".ci/run"));
    assertEquals("bin/test", ci.get(ci.size() - 1).trim(), ".ci/run ends with the README's bin/test");
  }

  @Test
  void theReadmeAndArchitectureStayShort() throws IOException {
    long readme = Files.size(ROOT.resolve("README.md"));
    long architecture = Files.size(ROOT.resolve("docs/ARCHITECTURE.md"));
    System.out.println("README.md " + readme + " bytes, docs/ARCHITECTURE.md " + architecture);
    assertTrue(readme <= 10 * 1024, "README.md is " + readme + " bytes, over 10 KB");
    assertTrue(architecture <= 25 * 1024,
        "docs/ARCHITECTURE.md is " + architecture + " bytes, over 25 KB");
  }

  /** README.md and every Markdown file under docs/. */
  private static List<Path> docs() throws IOException {
    List<Path> docs = new ArrayList<>(List.of(ROOT.resolve("README.md")));
    try (Stream<Path> files = Files.list(ROOT.resolve("docs"))) {
      files.filter(f -> f.toString().endsWith(".md")).sorted().forEach(docs::add);
    }
    return docs;
  }

  /** The GitHub anchors of {@code file}'s headings. */
  static Set<String> anchors(Path file) throws IOException {
    Set<String> anchors = new HashSet<>();
    Matcher heading = HEADING.matcher(Files.readString(file));
    while (heading.find()) {
      anchors.add(anchor(heading.group(1)));
    }
    return anchors;
  }

  /** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
  static String anchor(String heading) {
    return heading.trim().toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}_\\- ]", "")
        .replace(' ', '-');
  }
}
