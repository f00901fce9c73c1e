package dev.relearn.eval.firststage;

import dev.relearn.eval.metrics.Qrels;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A {@code Class method} query over Java sources, or one of a method's name alone, with its
 * answer: the lines declaring that method in that class's file (every overload). Methods are
 * those declared one level in (four spaces), named in lower case and not among the names every
 * class has.
 *
 * @param id the query id
 * @param text {@code Class method}, or {@code method}
 * @param file the class's file name
 * @param lines the declaration lines, 1-based
 */
record ClassMethodQuery(String id, String text, String file, List<Integer> lines) {
  private static final Pattern DECLARATION = Pattern.compile("^    (?:(?:public|private|protected"
      + "|static|final|synchronized|abstract|default|native)\\s+)*(?:<[^>]+>\\s+)?"
      + "[\\w\\[\\]<>,.? ]+?\\s+(\\w+)\\s*\\(");
  private static final Set<String> COMMON = Set.of("this", "super", "new", "if", "for", "while",
      "switch", "catch", "return", "synchronized", "else", "get", "set", "size", "equals",
      "hashCode", "toString", "clone", "iterator", "isEmpty", "contains", "add", "remove", "put",
      "clear", "next", "hasNext", "compare", "run", "apply", "accept", "test", "forEach",
      "spliterator", "stream", "readObject", "writeObject", "of", "valueOf", "main");

  ClassMethodQuery {
    lines = List.copyOf(lines);
  }

  /** Whether a chunk at {@code path} covering those lines holds the answer. */
  boolean isAnswer(String path, int startLine, int endLine) {
    if (!path.endsWith("/" + file)) {
      return false;
    }
    for (int line : lines) {
      if (startLine <= line && line <= endLine) {
        return true;
      }
    }
    return false;
  }

  /** {@code count} queries drawn with {@code seed} from every method of the folder's files. */
  static List<ClassMethodQuery> sample(Path folder, int count, long seed) throws IOException {
    List<ClassMethodQuery> all = new ArrayList<>();
    declarations(folder).forEach((name, byMethod) -> byMethod.forEach((method, at) ->
        all.add(new ClassMethodQuery("", className(name) + " " + method, name, at))));
    Collections.shuffle(all, new Random(seed));
    return numbered(all.subList(0, Math.min(count, all.size())));
  }

  /**
   * A query of the method's name alone for every method that {@code keep} accepts and that one
   * file of the folder declares, in file order: its answer is that declaration.
   */
  static List<ClassMethodQuery> methodNames(Path folder, Predicate<String> keep)
      throws IOException {
    Map<String, Map<String, List<Integer>>> declarations = declarations(folder);
    Map<String, Integer> files = new HashMap<>();
    declarations.values().forEach(byMethod -> byMethod.keySet()
        .forEach(method -> files.merge(method, 1, Integer::sum)));
    List<ClassMethodQuery> out = new ArrayList<>();
    declarations.forEach((name, byMethod) -> byMethod.forEach((method, at) -> {
      if (files.get(method) == 1 && keep.test(method)) {
        out.add(new ClassMethodQuery("", method, name, at));
      }
    }));
    return numbered(out);
  }

  /** Judgements of {@code queries}: each chunk that holds a query's answer is relevant. */
  static Qrels qrels(List<ClassMethodQuery> queries, List<StoredChunk> chunks) {
    Qrels.Builder qrels = Qrels.builder();
    for (ClassMethodQuery query : queries) {
      for (StoredChunk chunk : chunks) {
        if (query.isAnswer(chunk.path(), chunk.startLine(), chunk.endLine())) {
          qrels.add(query.id(), chunk.id(), 1);
        }
      }
    }
    return qrels.build();
  }

  /** Per file name (sorted), each method's declaration lines, in order. */
  private static Map<String, Map<String, List<Integer>>> declarations(Path folder)
      throws IOException {
    List<Path> files;
    try (Stream<Path> listing = Files.list(folder)) {
      files = listing.filter(p -> p.toString().endsWith(".java")).sorted().toList();
    }
    Map<String, Map<String, List<Integer>>> out = new LinkedHashMap<>();
    for (Path file : files) {
      Map<String, List<Integer>> byMethod = new LinkedHashMap<>();
      List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
      for (int i = 0; i < lines.size(); i++) {
        Matcher m = DECLARATION.matcher(lines.get(i));
        if (m.find()) {
          String method = m.group(1);
          if (Character.isLowerCase(method.charAt(0)) && !COMMON.contains(method)) {
            byMethod.computeIfAbsent(method, k -> new ArrayList<>()).add(i + 1);
          }
        }
      }
      out.put(file.getFileName().toString(), byMethod);
    }
    return out;
  }

  private static String className(String fileName) {
    return fileName.substring(0, fileName.length() - ".java".length());
  }

  private static List<ClassMethodQuery> numbered(List<ClassMethodQuery> queries) {
    List<ClassMethodQuery> out = new ArrayList<>(queries.size());
    for (ClassMethodQuery query : queries) {
      out.add(new ClassMethodQuery("q" + (out.size() + 1), query.text(), query.file(),
          query.lines()));
    }
    return out;
  }
}
