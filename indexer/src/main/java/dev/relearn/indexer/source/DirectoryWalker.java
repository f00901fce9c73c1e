package dev.relearn.indexer.source;

import dev.relearn.lucene.schema.ChunkKind;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.apache.lucene.index.IndexWriter;

/**
 * Finds the indexable files under a folder: skips tool and dependency folders, virtualenvs and
 * tagged caches ({@link #MARKER_FILES}), build output (a
 * {@code target}, {@code build}, {@code out} or {@code dist} folder beside a build file, so that
 * a Java package named {@code build} is read), paths excluded by {@code .gitignore} files (each applying to its own subtree, deeper files
 * winning; as in git, those of the folders between the enclosing repository's root and the
 * walked folder apply too), symbolic links, and files of unknown type. Files come back sorted by
 * relative path.
 */
final class DirectoryWalker {
  /** Folders never indexed, wherever they are (nor those holding {@link #MARKER_FILES}). */
  static final Set<String> SKIPPED_FOLDERS = Set.of(".git", ".hg", ".svn", ".relearn",
      "node_modules", ".idea", ".gradle", ".venv", "venv", "__pycache__");
  /**
   * Folders holding one of these files are never indexed, whatever their names: a Lucene index,
   * a Python virtualenv ({@code env/}, {@code .tox/py312/}), a cache tagged as such ({@code
   * CACHEDIR.TAG}: {@code .pytest_cache}, {@code .mypy_cache}, Cargo's {@code target}).
   */
  static final List<String> MARKER_FILES = List.of(IndexWriter.WRITE_LOCK_NAME, "pyvenv.cfg",
      "CACHEDIR.TAG");
  /** Folders skipped as build output when their parent holds one of {@link #BUILD_FILES}. */
  static final Set<String> OUTPUT_FOLDERS = Set.of("target", "build", "out", "dist");
  /** What a folder holding a build tool's output sits beside. */
  static final List<String> BUILD_FILES = List.of("pom.xml", "build.gradle", "build.gradle.kts",
      "settings.gradle", "settings.gradle.kts", "build.xml", "build.sbt", "package.json",
      "Cargo.toml", "pyproject.toml", "setup.py", "Makefile", "CMakeLists.txt", "meson.build",
      ".idea");

  private final Consumer<SourceProblem> problems;
  private final String scope; // "" for all, else the /-separated path of the one part walked
  /** The indexable files, sorted by relative path once the walk is done. */
  final List<SourceFile> files = new ArrayList<>();
  /** Files and folders skipped as ignored. */
  int ignored;
  /** Files skipped for their type, by extension ({@code ".html"}; {@code ""} for none). */
  final Map<String, Integer> unsupported = new HashMap<>();

  private DirectoryWalker(String scope, Consumer<SourceProblem> problems) {
    this.scope = scope;
    this.problems = problems;
  }

  /**
   * Walks {@code root}, or only its part {@code scope} (a {@code /}-separated relative path;
   * {@code ""} for all of it): the folders on the way there are listed, and their ignore rules
   * apply, but nothing beside them is visited, so indexing one file of a large folder reads what
   * a walk of the whole folder reads of it without walking the rest. Folders below it that cannot
   * be listed are reported and skipped.
   *
   * @throws IOException when {@code root} itself cannot be listed
   */
  static DirectoryWalker walk(Path root, String scope, Consumer<SourceProblem> problems)
      throws IOException {
    DirectoryWalker walker = new DirectoryWalker(Objects.requireNonNull(scope, "scope"),
        problems);
    walker.visit(root, "", walker.enclosingScopes(root));
    walker.files.sort(Comparator.comparing(SourceFile::relativePath));
    return walker;
  }

  /**
   * An ignore file and the relative folder it applies to ({@code ""} or ending in '/'); {@code
   * lead} is the path from the ignore file's folder to the walked root ({@code ""} for files
   * inside the walk, e.g. {@code "docs/"} for the repository root's file when walking docs).
   */
  private record IgnoreScope(String prefix, String lead, GitIgnore rules) {
    IgnoreScope {
      Objects.requireNonNull(prefix, "prefix");
      Objects.requireNonNull(lead, "lead");
      Objects.requireNonNull(rules, "rules");
    }
  }

  /**
   * The ignore files of the folders above {@code root} up to the root of the git repository
   * holding it (the nearest folder with a {@code .git}), outermost first; none outside a
   * repository.
   */
  private List<IgnoreScope> enclosingScopes(Path root) {
    List<Path> folders = new ArrayList<>();
    Path repository = null;
    for (Path folder = root; folder != null; folder = folder.getParent()) {
      folders.add(folder);
      if (Files.exists(folder.resolve(".git"), LinkOption.NOFOLLOW_LINKS)) {
        repository = folder;
        break;
      }
    }
    List<IgnoreScope> scopes = new ArrayList<>();
    if (repository == null) {
      return scopes;
    }
    for (int i = folders.size() - 1; i >= 1; i--) {
      String lead = folders.get(i).relativize(root).toString().replace('\\', '/') + "/";
      GitIgnore rules = readIgnoreFile(folders.get(i), folders.get(i).resolve(".gitignore")
          .toString());
      if (rules != null) {
        scopes.add(new IgnoreScope("", lead, rules));
      }
    }
    return scopes;
  }

  private void visit(Path dir, String relative, List<IgnoreScope> scopes) throws IOException {
    List<IgnoreScope> active = withIgnoreFile(dir, relative, scopes);
    List<Path> entries = new ArrayList<>();
    try (DirectoryStream<Path> stream = Files.newDirectoryStream(dir)) {
      stream.forEach(entries::add);
    }
    entries.sort(Comparator.comparing(p -> p.getFileName().toString()));
    for (Path entry : entries) {
      String name = entry.getFileName().toString();
      String childPath = relative.isEmpty() ? name : relative + "/" + name;
      if (!onTheWay(childPath)) {
        continue;
      }
      if (!nameable(entry, name)) { // its chunks' path would name another file, or none
        problems.accept(new SourceProblem(childPath, 0, "name not valid in this system's file"
            + " name encoding; skipped: rename it to index it"));
        continue;
      }
      BasicFileAttributes attrs;
      try {
        attrs = Files.readAttributes(entry, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
      } catch (IOException e) {
        problems.accept(new SourceProblem(childPath, 0, "cannot read ("
            + TextFileReader.reason(e) + "); skipped"));
        continue;
      }
      if (attrs.isDirectory()) {
        visitFolder(entry, name, childPath, active);
      } else if (attrs.isRegularFile()) {
        addFile(entry, name, childPath, attrs.size(), active);
      }
    }
  }

  /** Whether {@code path} is in the scope walked, or a folder on the way to it. */
  private boolean onTheWay(String path) {
    return scope.isEmpty() || path.equals(scope) || path.startsWith(scope + "/")
        || scope.startsWith(path + "/");
  }

  /**
   * Whether {@code name}, as Java decoded the file name of {@code entry}, names it again: bytes
   * not valid in the file system's encoding (a Latin-1 name under UTF-8) decode as U+FFFD.
   */
  private static boolean nameable(Path entry, String name) {
    return name.indexOf('\uFFFD') < 0
        || Files.exists(entry.resolveSibling(name), LinkOption.NOFOLLOW_LINKS);
  }

  private void visitFolder(Path entry, String name, String childPath, List<IgnoreScope> scopes) {
    if (SKIPPED_FOLDERS.contains(name) || OUTPUT_FOLDERS.contains(name)
        && BUILD_FILES.stream().anyMatch(file -> Files.exists(entry.resolveSibling(file),
            LinkOption.NOFOLLOW_LINKS)) || isIgnored(scopes, childPath, true)
        || MARKER_FILES.stream().anyMatch(file -> Files.exists(entry.resolve(file),
            LinkOption.NOFOLLOW_LINKS))) {
      ignored++;
      return;
    }
    try {
      visit(entry, childPath, scopes);
    } catch (IOException e) {
      problems.accept(new SourceProblem(childPath, 0, "cannot read folder ("
          + TextFileReader.reason(e) + "); skipped"));
    }
  }

  /** How many files were skipped for their type. */
  int unsupportedCount() {
    return unsupported.values().stream().mapToInt(Integer::intValue).sum();
  }

  /** The types most skipped, for people: {@code ".html 8, .json 3, no extension 1"}. */
  String unsupportedTypes() {
    return unsupported.entrySet().stream()
        .sorted(Map.Entry.<String, Integer>comparingByValue().reversed()
            .thenComparing(Map.Entry.comparingByKey())).limit(5)
        .map(type -> (type.getKey().isEmpty() ? "no extension" : type.getKey()) + " "
            + type.getValue()).collect(Collectors.joining(", "))
        + (unsupported.size() > 5 ? ", ..." : "");
  }

  private void addFile(Path entry, String name, String childPath, long size,
      List<IgnoreScope> scopes) {
    if (isIgnored(scopes, childPath, false)) {
      ignored++;
      return;
    }
    Optional<ChunkKind> kind = FileTypes.kindOf(name);
    if (kind.isEmpty() && name.startsWith(".")) { // .gitignore, .env: settings, not documents
      ignored++;
      return;
    }
    if (kind.isEmpty()) {
      int dot = name.lastIndexOf('.');
      unsupported.merge(dot > 0 ? name.substring(dot).toLowerCase(Locale.ROOT) : "", 1,
          Integer::sum);
      return;
    }
    files.add(new SourceFile(entry, childPath, kind.get(), size));
  }

  private List<IgnoreScope> withIgnoreFile(Path dir, String relative, List<IgnoreScope> scopes) {
    GitIgnore rules = readIgnoreFile(dir,
        relative.isEmpty() ? ".gitignore" : relative + "/.gitignore");
    if (rules == null) {
      return scopes;
    }
    List<IgnoreScope> result = new ArrayList<>(scopes);
    result.add(new IgnoreScope(relative.isEmpty() ? "" : relative + "/", "", rules));
    return result;
  }

  /** The rules of {@code dir}'s ignore file, or null when it has none (or none readable). */
  private GitIgnore readIgnoreFile(Path dir, String display) {
    Path file = dir.resolve(".gitignore");
    if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
      return null;
    }
    try {
      GitIgnore rules = GitIgnore.parse(new String(Files.readAllBytes(file),
          StandardCharsets.UTF_8));
      return rules.isEmpty() ? null : rules;
    } catch (IOException e) {
      problems.accept(new SourceProblem(display, 0, "cannot read ("
          + TextFileReader.reason(e) + "); its rules are not applied"));
      return null;
    }
  }

  /** The deepest ignore file with a rule about the path decides. */
  private static boolean isIgnored(List<IgnoreScope> scopes, String path, boolean directory) {
    for (int i = scopes.size() - 1; i >= 0; i--) {
      IgnoreScope scope = scopes.get(i);
      GitIgnore.Match match = scope.rules().match(
          scope.lead() + path.substring(scope.prefix().length()), directory);
      if (match != GitIgnore.Match.NONE) {
        return match == GitIgnore.Match.IGNORED;
      }
    }
    return false;
  }
}
