package dev.relearn.indexer.source;

import dev.relearn.lucene.schema.ChunkKind;
import java.util.HashMap;
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
  /** Build files as code; project documentation, often without an extension, as text. */
  private static final Map<String, ChunkKind> NAMES = table(Map.of(
      ChunkKind.CODE, "dockerfile containerfile makefile jenkinsfile cmakelists.txt",
      ChunkKind.TEXT, "readme changelog changes news history contributing install todo faq"));

  private static final Map<String, ChunkKind> EXTENSIONS = table(Map.of(
      ChunkKind.MARKDOWN, "md markdown mdx",
      ChunkKind.TEXT, "txt rst adoc asciidoc text",
      ChunkKind.CODE, "java kt kts scala groovy py pyi js mjs cjs ts tsx jsx go rs c h cc cpp cxx"
          + " hpp hh cs rb php swift sh bash zsh fish ps1 sql lua pl pm r m mm dart ex exs erl hrl"
          + " hs ml mli clj cljs cljc edn vue svelte zig nim jl proto graphql gql tf"
          + " yaml yml toml gradle properties ini cfg conf"));

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

  private static Map<String, ChunkKind> table(Map<ChunkKind, String> namesByKind) {
    Map<String, ChunkKind> table = new HashMap<>();
    namesByKind.forEach((kind, names) -> {
      for (String name : names.split(" ")) {
        table.put(name, kind);
      }
    });
    return Map.copyOf(table);
  }
}
