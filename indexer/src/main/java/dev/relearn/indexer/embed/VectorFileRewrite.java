package dev.relearn.indexer.embed;

import dev.relearn.lucene.files.AtomicFiles;
import dev.relearn.lucene.files.OwnerOnly;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A compacted copy of a vector cache file moved over it ({@link VectorStore#compact}): the
 * records to keep are copied, in file order, into {@code <file>.compacting}, which is locked
 * before anything is written (so that a process opening the file once it is moved finds it held
 * and uses it read-only), forced to disk and then atomically moved over the file, whose folder is
 * forced too. A kill before the move leaves the old file whole (and a stray copy, which the next
 * writer deletes); after it, the new one. The caller holds the old file's lock throughout.
 *
 * @param channel the new file, open for reading and appending
 * @param lock its lock
 * @param offsets where each kept record starts in it
 * @param end its length
 * @param bytesBefore the old file's length
 * @param damaged records found damaged while copying, and dropped
 * @param unfinished where the kept records of unfinished index calls lie in the new file
 * @param unfinishedKept records kept only as an unfinished call's
 * @param unfinishedDropped records of unfinished calls dropped
 */
record VectorFileRewrite(FileChannel channel, FileLock lock, Map<String, Long> offsets, long end,
    long bytesBefore, int damaged, List<UnfinishedRuns.Range> unfinished, int unfinishedKept,
    int unfinishedDropped) {
  /** The copy's name beside {@code file}. */
  static Path tempOf(Path file) {
    return file.resolveSibling(file.getFileName() + ".compacting");
  }

  /**
   * Copies the records of {@code offsets} in {@code source} whose hash is in {@code live} or,
   * with {@code keepUnfinished}, that lie in one of {@code runs}' ranges, and moves the copy over
   * {@code file}.
   */
  static VectorFileRewrite write(Path file, FileChannel source, Map<String, Long> offsets,
      int recordBytes, ByteBuffer header, Set<String> live, UnfinishedRuns runs,
      boolean keepUnfinished) throws IOException {
    List<Map.Entry<String, Long>> records = new ArrayList<>(offsets.entrySet());
    records.sort(Map.Entry.comparingByValue());
    List<UnfinishedRuns.Range> ranges = runs.ranges();
    Path temp = tempOf(file);
    Files.deleteIfExists(temp);
    FileChannel out = FileChannel.open(temp, StandardOpenOption.CREATE_NEW,
        StandardOpenOption.READ, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
    try {
      FileLock lock = out.tryLock();
      if (lock == null) {
        throw new IOException("cannot lock " + temp + " to compact the vector cache into it");
      }
      OwnerOnly.restrict(temp);
      long end = writeFully(out, header, 0);
      Map<String, Long> moved = new HashMap<>(records.size() * 2);
      long[] firstIn = new long[ranges.size()];
      long[] endIn = new long[ranges.size()];
      int[] keptFor = new int[ranges.size()]; // records kept only as that range's
      Arrays.fill(firstIn, -1);
      int damaged = 0;
      int unfinishedKept = 0;
      int unfinishedDropped = 0;
      ByteBuffer record = VectorRecords.recordBuffer(recordBytes);
      ByteBuffer batch = ByteBuffer.allocate(recordBytes * 256);
      for (Map.Entry<String, Long> entry : records) {
        int range = rangeOf(ranges, entry.getValue());
        boolean needed = live.contains(entry.getKey());
        if (!needed && range >= 0) {
          if (!keepUnfinished) {
            unfinishedDropped++;
            continue;
          }
          unfinishedKept++;
          keptFor[range]++;
        } else if (!needed) {
          continue;
        }
        if (!VectorRecords.read(source, entry.getValue(), record)
            || !VectorRecords.hash(record).equals(entry.getKey())) {
          damaged++;
          continue;
        }
        long at = end + batch.position();
        moved.put(entry.getKey(), at);
        if (range >= 0) {
          firstIn[range] = firstIn[range] < 0 ? at : firstIn[range];
          endIn[range] = at + recordBytes;
        }
        batch.put(record);
        if (!batch.hasRemaining()) {
          end = writeFully(out, batch.flip(), end);
          batch.clear();
        }
      }
      end = writeFully(out, batch.flip(), end);
      List<UnfinishedRuns.Range> unfinished = new ArrayList<>();
      for (int i = 0; i < ranges.size(); i++) {
        if (keptFor[i] > 0) { // a range whose records are all live again protects nothing
          unfinished.add(new UnfinishedRuns.Range(firstIn[i], endIn[i]));
        }
      }
      unfinished.sort(Comparator.comparingLong(UnfinishedRuns.Range::start));
      long bytesBefore = source.size();
      out.force(true);
      // nothing after the move may fail: the caller switches to the new file
      Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      AtomicFiles.forceFolder(file.toAbsolutePath().getParent());
      return new VectorFileRewrite(out, lock, moved, end, bytesBefore, damaged, unfinished,
          unfinishedKept, unfinishedDropped);
    } catch (IOException | RuntimeException e) {
      out.close();
      Files.deleteIfExists(temp);
      throw e;
    }
  }

  /** The index of the range holding {@code offset}, or -1. */
  private static int rangeOf(List<UnfinishedRuns.Range> ranges, long offset) {
    for (int i = 0; i < ranges.size(); i++) {
      if (ranges.get(i).contains(offset)) {
        return i;
      }
    }
    return -1;
  }

  /** Writes all of {@code bytes} at {@code position}; returns where they end. */
  private static long writeFully(FileChannel out, ByteBuffer bytes, long position)
      throws IOException {
    while (bytes.hasRemaining()) {
      position += out.write(bytes, position);
    }
    return position;
  }
}
