package dev.relearn.cli;

import dev.relearn.engine.IndexStats;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;

/**
 * The sources an index holds whose file or folder is no longer on disk (moved, renamed or
 * deleted since it was indexed): search still finds their chunks until {@code relearn remove}
 * takes them out, so {@code index} and {@code stats} say so.
 */
final class MissingSources {
  private MissingSources() {}

  /** The origins of {@code stats} that name no file or folder (not even a dangling link). */
  static List<String> of(IndexStats stats) {
    return stats.chunksByOrigin().keySet().stream().filter(MissingSources::missing).toList();
  }

  private static boolean missing(String origin) {
    try {
      return !Files.exists(Path.of(origin), LinkOption.NOFOLLOW_LINKS);
    } catch (InvalidPathException e) { // not a path of this system: nothing to check
      return false;
    }
  }

  /** One line on {@code err} for each missing source, with what to do. */
  static void warn(PrintWriter err, IndexStats stats) {
    for (String origin : of(stats)) {
      int chunks = stats.chunksByOrigin().get(origin);
      err.println("relearn: " + TerminalText.safe(origin) + " is no longer on disk, but its "
          + chunks + " chunk" + (chunks == 1 ? " is" : "s are") + " still searched; relearn"
          + " remove " + TerminalText.safe(origin) + " takes " + (chunks == 1 ? "it" : "them")
          + " out");
    }
  }
}
