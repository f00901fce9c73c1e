package dev.relearn.indexer.source;

import dev.relearn.lucene.schema.ChunkKind;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Which files a folder walk indexes and with which chunker: Markdown, plain text and source code,
 * by extension (case-insensitive) or by a few well-known file names ({@code Makefile}, {@code
 * Dockerfile}, ...; {@code README}, {@code CHANGELOG}, {@code NEWS}, {@code INSTALL}, {@code
 * TODO} and the like as text). Everything else is skipped.
 */
public final class FileTypes {
  private static final Map<String, ChunkKind> NAMES = names();

  private static final Map<String, ChunkKind> EXTENSIONS = extensions();

  private FileTypes() {}

  /** The kind of a file with this name, or empty when such files are not indexed. */
  public static Optional<ChunkKind> kindOf(String fileName) {
    String name = fileName.toLowerCase(Locale.ROOT);
    ChunkKind byName = NAMES.get(name);
    if (byName != null) {
      return Optional.of(byName);
    }
    int dot = name.lastIndexOf('.');
    if (dot <= 0 || dot == name.length() - 1) {
      return Optional.empty();
    }
    return Optional.ofNullable(EXTENSIONS.get(name.substring(dot + 1)));
  }

  private static Map<String, ChunkKind> names() {
    Map<String, ChunkKind> table = new java.util.HashMap<>();
    for (String name : "dockerfile containerfile makefile jenkinsfile cmakelists.txt".split(" ")) {
      table.put(name, ChunkKind.CODE);
    }
    // Project documentation that is often written without an extension (licences are not).
    for (String name : "readme changelog changes news history contributing install todo faq"
        .split(" ")) {
      table.put(name, ChunkKind.TEXT);
    }
    return Map.copyOf(table);
  }

  private static Map<String, ChunkKind> extensions() {
    Map<String, ChunkKind> table = new java.util.HashMap<>();
    for (String ext : "md markdown mdx".split(" ")) {
      table.put(ext, ChunkKind.MARKDOWN);
    }
    for (String ext : "txt rst adoc asciidoc text".split(" ")) {
      table.put(ext, ChunkKind.TEXT);
    }
    String code = "java kt kts scala groovy py pyi js mjs cjs ts tsx jsx go rs c h cc cpp cxx hpp"
        + " hh cs rb php swift sh bash zsh fish ps1 sql lua pl pm r m mm dart ex exs erl hrl hs"
        + " ml mli clj cljs cljc edn vue svelte zig nim jl proto graphql gql tf"
        + " yaml yml toml gradle properties ini cfg conf";
    for (String ext : code.split(" ")) {
      table.put(ext, ChunkKind.CODE);
    }
    return Map.copyOf(table);
  }
}
