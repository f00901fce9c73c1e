package dev.relearn.indexer.build;

import dev.relearn.lucene.schema.ChunkSchema;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.SortedMap;
import java.util.stream.Collectors;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.IndexWriter;

/**
 * Removes whole sources from an index: every chunk whose origin is one of the given ones, in one
 * commit. The source itself need not exist any more (a deleted folder is the usual case). Every
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
    SortedMap<String, Integer> held = IndexOrigins.count(reader);
    List<String> unknown = new ArrayList<>();
    List<RemoveReport> reports = new ArrayList<>();
    LinkedHashSet<String> named = new LinkedHashSet<>(); // as held, when by another path
    origins.forEach(origin -> named.add(NestedOrigins.heldAs(held.keySet(), origin)));
    for (String origin : named) {
      Integer chunks = held.get(origin);
      if (chunks == null) {
        unknown.add(origin);
      } else {
        reports.add(new RemoveReport(origin, chunks));
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
    return reports;
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
    List<RemoveReport> reports;
    try (DirectoryReader reader = DirectoryReader.open(writer)) {
      reports = plan(reader, origins);
    }
    try {
      for (RemoveReport report : reports) {
        writer.deleteDocuments(ChunkSchema.originQuery(report.origin()));
        IndexOrigins.mark(writer, report.origin(), false); // removed: nothing left to finish
      }
      if (!reports.isEmpty()) {
        writer.commit();
      }
    } catch (IOException | RuntimeException | Error e) {
      FailedWrites.rollBack(writer, e);
      throw e;
    }
    return reports;
  }

  private static String listing(SortedMap<String, Integer> held) {
    return held.isEmpty() ? "the index holds no sources" : "its sources are " + held.entrySet()
        .stream().map(origin -> origin.getKey() + " (" + IndexReport.count(origin.getValue(),
            "chunk") + ")").collect(Collectors.joining(", "));
  }
}
