package dev.relearn.engine.search;

import dev.relearn.indexer.source.DirectorySource;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.indexer.source.Sources;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The file a chunk was cut from, for a hit: a chunk of an indexed folder is in the folder at its
 * path after the root key ({@code docs@proj/guide.md} of {@code /home/me/proj/docs} is {@code
 * /home/me/proj/docs/guide.md}); a chunk of an indexed file is in that file; a record of a JSONL
 * or BEIR file has none. Each origin is looked at once (a stat or two). Thread-safe.
 */
public final class SourceFiles {
  private enum Kind { FOLDER, FILE, RECORDS }

  private final Map<String, Kind> kinds = new ConcurrentHashMap<>();

  /** The absolute file of the chunk at {@code path} of {@code origin}, or null for a record. */
  public String file(String origin, String path) {
    if (origin == null || path == null) {
      return null;
    }
    return switch (kinds.computeIfAbsent(origin, SourceFiles::kind)) {
      case FILE -> origin;
      case FOLDER -> Objects.toString(DirectorySource.fileOf(Path.of(origin), path), null);
      case RECORDS -> null;
    };
  }

  private static Kind kind(String origin) {
    try {
      Path root = Path.of(origin);
      if (!Files.exists(root) || Sources.detect(root) != SourceFormat.FILES) {
        return Kind.RECORDS; // gone (as a cluster's origin may be here), or JSONL or BEIR
      }
      return Files.isDirectory(root) ? Kind.FOLDER : Kind.FILE;
    } catch (InvalidPathException e) { // not a path on this machine
      return Kind.RECORDS;
    }
  }
}
