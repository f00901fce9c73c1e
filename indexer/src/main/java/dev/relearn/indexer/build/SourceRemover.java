package dev.relearn.indexer.build;

import dev.relearn.indexer.source.DirectorySource;
import dev.relearn.lucene.schema.ChunkSchema;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.SortedMap;
import java.util.stream.Collectors;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;

/**
 * Removes whole sources from an index: every chunk whose origin is one of the given ones, in one
 * commit. The source itself need not exist any more (a deleted folder is the usual case); a file
 * or subfolder of an indexed folder that no longer exists is removed too, as the folder's next
 * run would delete its chunks (an editor deleting a file, say). Every
 * origin is checked before anything is deleted: one that the index does not hold fails the call,
 * naming it and the origins the index does hold, and nothing is deleted.
 *
 * <p>Like the chunks of removed files that re-indexing deletes, removed chunks leave the feedback
 * store as it is; the caller refreshes its searchers.
 */
public final class SourceRemover {
  private SourceRemover() {}

  /**
   * What removing {@code origins} would delete, read from {@code reader}; deletes nothing. An
   * origin the index holds by another path (through a symbolic link) names that one.
   *
   * @throws IllegalArgumentException naming each origin {@code reader}'s index does not hold
   */
  public static List<RemoveReport> plan(IndexReader reader, List<String> origins)
      throws IOException {
    return removals(reader, origins).stream().map(Removal::report).toList();
  }

  /** What to remove: a source's chunks, or those of a part of an indexed folder that is gone. */
  private record Removal(RemoveReport report, Query chunks) {}

  private static List<Removal> removals(IndexReader reader, List<String> origins)
      throws IOException {
    SortedMap<String, Integer> held = IndexOrigins.count(reader);
    List<String> unknown = new ArrayList<>();
    List<Removal> removals = new ArrayList<>();
    LinkedHashSet<String> named = new LinkedHashSet<>(); // as held, when by another path
    origins.forEach(origin -> named.add(HeldSource.heldAs(held.keySet(), origin)));
    for (String origin : named) {
      Integer chunks = held.get(origin);
      Query gone = chunks == null ? gonePart(reader, held.keySet(), origin) : null;
      if (chunks != null) {
        removals.add(new Removal(new RemoveReport(origin, chunks),
            ChunkSchema.originQuery(origin)));
      } else if (gone != null) {
        removals.add(new Removal(new RemoveReport(origin, new IndexSearcher(reader).count(gone)),
            gone));
      } else {
        unknown.add(origin);
      }
    }
    if (!unknown.isEmpty()) {
      StringBuilder message = new StringBuilder(unknown.size() == 1 ? "not a source of"
          : "not sources of").append(" this index: ").append(String.join(", ", unknown))
          .append("; ").append(listing(held));
      for (String origin : unknown) {
        String folder = NestedOrigins.enclosing(held.keySet(), Path.of(origin));
        if (folder != null) {
          message.append(". ").append(origin).append(" is part of the indexed folder ")
              .append(folder).append(": delete it or add it to .gitignore, then index ")
              .append(folder).append(" again");
        }
      }
      throw new IllegalArgumentException(message.toString());
    }
    return removals;
  }

  /**
   * The chunks of {@code origin} when it is a file or folder of an indexed folder and no longer
   * exists (deleted: a run of the folder would delete them), else null.
   */
  private static Query gonePart(IndexReader reader, Set<String> held, String origin)
      throws IOException {
    Path part = Path.of(origin);
    String folder = NestedOrigins.enclosing(held, part);
    if (folder == null || Files.exists(part, LinkOption.NOFOLLOW_LINKS)) {
      return null;
    }
    Path root = Path.of(folder);
    String key = RootKeys.choose(reader, folder, new DirectorySource(root).rootKeys()).key();
    String scope = root.relativize(part).toString().replace(root.getFileSystem().getSeparator(),
        "/");
    return new BooleanQuery.Builder().add(ChunkSchema.originQuery(folder), Occur.FILTER)
        .add(ExistingChunks.partPaths(key, scope), Occur.FILTER).build();
  }

  /**
   * Deletes every chunk of {@code origins} and commits once; a failure amid the deletes or the
   * commit rolls the writer back to the last commit, closing it ({@link FailedWrites}).
   *
   * @throws IllegalArgumentException naming each origin the index does not hold; nothing is
   *     deleted then
   */
  public static List<RemoveReport> remove(IndexWriter writer, List<String> origins)
      throws IOException {
    List<Removal> removals;
    try (DirectoryReader reader = DirectoryReader.open(writer)) {
      removals = removals(reader, origins);
    }
    try {
      for (Removal removal : removals) {
        writer.deleteDocuments(removal.chunks());
        IndexOrigins.mark(writer, removal.report().origin(), false); // nothing left to finish
      }
      if (!removals.isEmpty()) {
        writer.commit();
      }
    } catch (IOException | RuntimeException | Error e) {
      FailedWrites.rollBack(writer, e);
      throw e;
    }
    return removals.stream().map(Removal::report).toList();
  }

  private static String listing(SortedMap<String, Integer> held) {
    return held.isEmpty() ? "the index holds no sources" : "its sources are " + held.entrySet()
        .stream().map(origin -> origin.getKey() + " (" + IndexReport.count(origin.getValue(),
            "chunk") + ")").collect(Collectors.joining(", "));
  }
}
