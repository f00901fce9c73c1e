package dev.relearn.eval.bench;

import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.DirectorySource;
import dev.relearn.lucene.schema.Chunk;
import dev.relearn.lucene.schema.Require;
import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A source folder cut into nested slices of at least N chunks each: the files in sorted path
 * order (as the indexer walks them), the first ones whose chunks add up to N, linked (or copied)
 * into a folder of their own. A larger slice holds every file of a smaller one.
 */
public final class NestedSlices {
  /** A file of the source and the chunks the indexer makes of it. */
  private record FileChunks(String relativePath, int chunks) {}

  /**
   * One slice: its folder (named as the source folder, so chunk paths and ids are the same in every
   * slice), its files and chunks.
   */
  public record Slice(Path folder, int files, int chunks) {}

  private final Path source;
  private final List<FileChunks> files;
  private final long totalChunks;

  private NestedSlices(Path source, List<FileChunks> files) {
    this.source = source;
    this.files = List.copyOf(files);
    this.totalChunks = files.stream().mapToLong(FileChunks::chunks).sum();
  }

  /**
   * Chunks every indexable file of {@code source} as the indexer would, counting chunks per file,
   * and passes each chunk to {@code chunks} too (e.g. to draw queries).
   */
  public static NestedSlices scan(Path source, Consumer<Chunk> chunks, Progress progress)
      throws IOException {
    DirectorySource folder = new DirectorySource(source);
    String prefix = folder.rootKey() + "/";
    Map<String, Integer> counts = new LinkedHashMap<>(); // a file's chunks come one after another
    progress.start("chunking " + source + ", files read", 0);
    folder.read(chunk -> {
      if (counts.merge(chunk.path(), 1, Integer::sum) == 1 && counts.size() > 1) {
        progress.advance(counts.size() - 1); // the files read whole
      }
      chunks.accept(chunk);
    }, problem -> { }); // the index run reports the same problems
    progress.finish();
    List<FileChunks> files = counts.entrySet().stream()
        .map(file -> new FileChunks(file.getKey().substring(prefix.length()), file.getValue()))
        .toList();
    return new NestedSlices(source.toAbsolutePath().normalize(), files);
  }

  /** Chunks in the whole source. */
  public long totalChunks() {
    return totalChunks;
  }

  /** Files with chunks in the whole source. */
  public int totalFiles() {
    return files.size();
  }

  /**
   * The slice of at least {@code chunks} chunks (all when the source has fewer) in {@code
   * parent/<source's name>}; a folder this made before is reused, a marker file next to it telling
   * so.
   */
  public Slice slice(int chunks, Path parent) throws IOException {
    Require.atLeastOne("chunks", chunks);
    int taken = 0;
    int sum = 0;
    while (taken < files.size() && sum < chunks) {
      sum += files.get(taken++).chunks();
    }
    Path folder = parent.resolve(source.getFileName().toString());
    Path marker = parent.resolve(".slice-" + taken + "-files");
    if (Files.isRegularFile(marker)) {
      return new Slice(folder, taken, sum);
    }
    if (Files.exists(folder)) {
      throw new IllegalArgumentException("slice folder " + folder + " exists but was not made"
          + " whole by an earlier run: delete it");
    }
    for (FileChunks file : files.subList(0, taken)) {
      Path target = folder.resolve(file.relativePath());
      Files.createDirectories(target.getParent());
      link(source.resolve(file.relativePath()), target);
    }
    Files.writeString(marker, sum + " chunks\n");
    return new Slice(folder, taken, sum);
  }

  /** A hard link to {@code from}, or a copy where the file system has none. */
  private static void link(Path from, Path to) throws IOException {
    try {
      Files.createLink(to, from);
    } catch (UnsupportedOperationException | FileSystemException e) {
      Files.copy(from, to);
    }
  }
}
