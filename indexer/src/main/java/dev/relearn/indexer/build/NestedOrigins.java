package dev.relearn.indexer.build;

import dev.relearn.indexer.source.DirectorySource;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.indexer.source.Sources;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;

/**
 * Indexed origins that lie around or inside a folder or file being indexed, so that one file is
 * never indexed twice under two origins.
 *
 * <ul>
 *   <li>A file or folder inside an indexed folder is a part of that folder: {@link #enclosing}
 *       finds the folder, and the run updates the folder's chunks of that part.
 *   <li>An indexed file or folder inside a folder being indexed hands over the chunks of the files
 *       the folder's run reads ({@link #inside}, {@link #covers}), with their learned values; its
 *       other chunks stay its own.
 * </ul>
 *
 * Origins that are no paths here (or no longer exist) are never nested.
 */
final class NestedOrigins {
  private NestedOrigins() {}

  /**
   * {@code root} as the index spells it: when {@code root}, its symbolic links resolved, is or
   * lies inside one of {@code origins} (resolved too) reached by another path, such as a linked
   * folder, the innermost such origin's path followed by the rest of {@code root}; else {@code
   * root}. So the same files are never indexed twice under two origins.
   */
  static Path asIndexed(Collection<String> origins, Path root) {
    Path real = realPath(root);
    Path best = null;
    int depth = -1;
    for (String origin : origins) {
      Path path = pathOf(origin);
      Path resolved = path == null || real == null ? null : realPath(path);
      if (path != null && path.equals(root)) {
        return root; // indexed as spelled
      }
      if (resolved != null && real.startsWith(resolved) && resolved.getNameCount() > depth) {
        best = path.resolve(resolved.relativize(real)).normalize();
        depth = resolved.getNameCount();
      }
    }
    return best == null ? root : best;
  }

  /**
   * The one of {@code origins} that {@code origin} is by another path (a symbolic link), else
   * {@code origin}.
   */
  static String heldAs(Collection<String> origins, String origin) {
    Path path = pathOf(origin);
    String held = path == null ? origin : asIndexed(origins, path).toString();
    return origins.contains(held) ? held : origin;
  }

  /** {@code path} with its symbolic links resolved, or null when it does not exist. */
  private static Path realPath(Path path) {
    if (!Files.exists(path)) {
      return null;
    }
    try {
      return path.toRealPath();
    } catch (IOException e) { // a folder on the way cannot be read: taken as it is spelled
      return null;
    }
  }

  /**
   * The innermost of {@code origins} that is a folder of files (not a BEIR corpus) strictly
   * holding {@code root}, or null.
   */
  static String enclosing(Collection<String> origins, Path root) {
    String best = null;
    int depth = -1;
    for (String origin : origins) {
      Path folder = pathOf(origin);
      if (folder != null && root.startsWith(folder) && !root.equals(folder)
          && folder.getNameCount() > depth && Files.isDirectory(folder)
          && Sources.detect(folder) == SourceFormat.FILES) {
        best = origin;
        depth = folder.getNameCount();
      }
    }
    return best;
  }

  /** The existing ones of {@code origins} strictly inside the folder {@code root}. */
  static List<String> inside(Collection<String> origins, Path root) {
    List<String> out = new ArrayList<>();
    for (String origin : origins) {
      Path path = pathOf(origin);
      if (path != null && path.startsWith(root) && !path.equals(root) && Files.exists(path)) {
        out.add(origin);
      }
    }
    return out;
  }

  /**
   * Whether {@code entry}, a chunk of a nested origin, comes from one of {@code files}: for a
   * file origin, the file itself; for a folder origin, the file its path names below the root key.
   */
  static boolean covers(Set<Path> files, ExistingChunks.Entry entry) {
    Path origin = pathOf(entry.origin());
    if (origin == null) {
      return false;
    }
    if (!Files.isDirectory(origin)) {
      return files.contains(origin);
    }
    Path file = DirectorySource.fileOf(origin, entry.path());
    return file != null && files.contains(file);
  }

  private static Path pathOf(String origin) {
    try {
      Path path = Path.of(origin);
      return path.isAbsolute() ? path.normalize() : null;
    } catch (InvalidPathException e) {
      return null; // not a path on this system: nothing nests in it
    }
  }
}
