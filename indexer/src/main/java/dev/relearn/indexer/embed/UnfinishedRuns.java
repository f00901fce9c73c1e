package dev.relearn.indexer.embed;

import dev.relearn.lucene.files.OwnerOnly;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The byte ranges of a vector cache file written by index calls that did not commit (stopped by
 * Ctrl-C, a kill or a failure), kept beside it in {@code <cache file>.unfinished}, one {@code
 * START END} line per range. An automatic compaction keeps their records, so that running the
 * stopped call again still finds the vectors it embedded, however many other paths are indexed
 * meanwhile; an explicit one drops them. A call's range is written when it puts its first vector
 * and removed when it commits, so a call that embeds nothing writes nothing here. Only the
 * store holding the cache's lock reads or writes it, and a range left open ({@code END} -1) by
 * a process that stopped ends where the file ended when the next one opened it: nothing can have
 * been appended in between. Advisory: a line that does not parse protects nothing, which costs
 * at most a re-embedding.
 */
final class UnfinishedRuns {
  /** A range of whole records, {@code [start, end)}. */
  record Range(long start, long end) {
    Range {
      if (start < 0 || end < start) {
        throw new IllegalArgumentException("bad range [" + start + ", " + end + ")");
      }
    }

    boolean contains(long offset) {
      return offset >= start && offset < end;
    }
  }

  private final Path file;
  private final List<Range> closed = new ArrayList<>();
  /** Where this process's call in flight began writing, or -1. */
  private long openStart = -1;

  private UnfinishedRuns(Path file) {
    this.file = file;
  }

  /** The side file of {@code cacheFile}. */
  static Path fileOf(Path cacheFile) {
    return cacheFile.resolveSibling(cacheFile.getFileName() + ".unfinished");
  }

  /**
   * Reads the ranges of {@code cacheFile}, which ends at {@code fileEnd}, closing a range left
   * open there and clipping every range to the file (whose torn tail may have been cut).
   */
  static UnfinishedRuns load(Path cacheFile, long fileEnd) throws IOException {
    UnfinishedRuns runs = new UnfinishedRuns(fileOf(cacheFile));
    if (Files.isSymbolicLink(runs.file) || !Files.isRegularFile(runs.file)) {
      return runs; // none (a link is never followed; the next write replaces it)
    }
    boolean changed = false;
    for (String line : Files.readAllLines(runs.file, StandardCharsets.UTF_8)) {
      String[] parts = line.trim().split(" ");
      try {
        long start = Long.parseLong(parts[0]);
        long end = parts.length > 1 ? Long.parseLong(parts[1]) : -1;
        long clipped = end < 0 ? fileEnd : Math.min(end, fileEnd);
        changed |= clipped != end;
        if (start >= 0 && start < clipped) {
          runs.closed.add(new Range(start, clipped));
        }
      } catch (NumberFormatException e) {
        changed = true; // advisory (see the class comment): the line is dropped at the next save
      }
    }
    if (changed) {
      runs.save();
    }
    return runs;
  }

  /** A call in flight begins writing at {@code offset}, unless it began already. */
  void begin(long offset) throws IOException {
    if (openStart < 0) {
      openStart = offset;
      save();
    }
  }

  /** Whether a call in flight has begun writing. */
  boolean begun() {
    return openStart >= 0;
  }

  /** The call in flight committed: what it wrote is the index's now. */
  void committed() throws IOException {
    if (openStart >= 0) {
      openStart = -1;
      save();
    }
  }

  /** The call in flight failed; what it wrote, up to {@code end}, stays protected. */
  void abandoned(long end) throws IOException {
    if (openStart >= 0) {
      if (end > openStart) {
        closed.add(new Range(openStart, end));
      }
      openStart = -1;
      save();
    }
  }

  /** The closed ranges. */
  List<Range> ranges() {
    return List.copyOf(closed);
  }

  /** Whether the record at {@code offset} lies in a closed range. */
  boolean protects(long offset) {
    for (Range range : closed) {
      if (range.contains(offset)) {
        return true;
      }
    }
    return false;
  }

  /** Bytes in closed ranges. */
  long protectedBytes() {
    return closed.stream().mapToLong(r -> r.end() - r.start()).sum();
  }

  /** Replaces the closed ranges, as a compaction moved their records. */
  void replace(List<Range> ranges) throws IOException {
    closed.clear();
    closed.addAll(ranges);
    save();
  }

  private void save() throws IOException {
    StringBuilder lines = new StringBuilder();
    for (Range range : closed) {
      lines.append(range.start()).append(' ').append(range.end()).append('\n');
    }
    if (openStart >= 0) {
      lines.append(openStart).append(" -1\n");
    }
    if (lines.isEmpty()) {
      Files.deleteIfExists(file);
      return;
    }
    Files.deleteIfExists(file); // a symbolic link in its place goes; its target is untouched
    try (SeekableByteChannel out = Files.newByteChannel(file, StandardOpenOption.CREATE_NEW,
        StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS)) {
      ByteBuffer bytes = ByteBuffer.wrap(lines.toString().getBytes(StandardCharsets.UTF_8));
      while (bytes.hasRemaining()) {
        out.write(bytes);
      }
    }
    OwnerOnly.restrict(file);
  }
}
