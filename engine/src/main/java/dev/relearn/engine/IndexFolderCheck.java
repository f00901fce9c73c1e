package dev.relearn.engine;

import dev.relearn.engine.config.ConfigLoader;
import dev.relearn.lucene.schema.IndexMetadata;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.lucene.index.IndexFileNames;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;

/**
 * Whether a folder may hold a relearn index: one is created only in a missing or empty folder or
 * one of relearn's own files (such as {@code relearn.json} or {@code eval/}), and opened only when
 * its Lucene commit carries relearn's metadata, so that a mistyped folder never becomes an index.
 */
public final class IndexFolderCheck {
  /** Entries of an index folder that relearn itself writes, besides Lucene's files. */
  private static final Set<String> OWN = Set.of(Relearn.FEEDBACK_FOLDER, Relearn.WEIGHTS_FILE,
      ConfigLoader.FILE, LockHolder.FILE,
      IndexWriter.WRITE_LOCK_NAME, "eval", RelearnCluster.CLIENT_FOLDER, ".gitignore",
      ".DS_Store");
  /** How many foreign entries a refusal names. */
  private static final int NAMED = 3;
  private static final Pattern LUCENE_FILE = Pattern.compile(
      IndexFileNames.CODEC_FILE_PATTERN.pattern() + "|"
          + Pattern.quote(IndexFileNames.PENDING_SEGMENTS) + "_[0-9a-z]+");

  private IndexFolderCheck() {}

  /**
   * Refuses {@code dir} when it holds files other than relearn's and no relearn index, or a
   * Lucene index relearn did not write (a file passes: the open then says so). Reads only.
   *
   * @throws NotAnIndexFolderException naming the folder and some of what it holds
   */
  public static void requireUsable(Path dir) throws IOException {
    Path folder = dir.toAbsolutePath().normalize();
    if (!Files.isDirectory(folder)) {
      return;
    }
    List<String> names;
    try (Stream<Path> entries = Files.list(folder)) {
      names = entries.map(entry -> entry.getFileName().toString()).sorted().toList();
    }
    if (SegmentInfos.getLastCommitGeneration(names.toArray(String[]::new)) != -1) {
      try (Directory directory = FSDirectory.open(folder)) {
        if (IndexMetadata.read(directory) != null) {
          return;
        }
      }
      throw new NotAnIndexFolderException(folder, "holds a Lucene index that relearn did not"
          + " write (its last commit has no relearn model metadata)");
    }
    List<String> foreign = names.stream().filter(name -> !own(name)).toList();
    if (!foreign.isEmpty()) {
      String named = String.join(", ", foreign.subList(0, Math.min(NAMED, foreign.size())));
      int more = foreign.size() - NAMED;
      throw new NotAnIndexFolderException(folder, "is not empty and is not a relearn index (it"
          + " holds " + named + (more > 0 ? " and " + more + " more" : "") + ")");
    }
  }

  /** Whether relearn or Lucene writes {@code name}, or its {@code NAME[.random].tmp}. */
  private static boolean own(String name) {
    if (OWN.contains(name) || LUCENE_FILE.matcher(name).matches()) {
      return true;
    }
    return name.endsWith(".tmp") && OWN.stream().anyMatch(own -> name.startsWith(own + "."));
  }
}
