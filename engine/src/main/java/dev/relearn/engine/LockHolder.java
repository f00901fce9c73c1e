package dev.relearn.engine;

import dev.relearn.lucene.files.AtomicFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Who holds an index's write lock, so that a process refused it can name the holder: {@value
 * #FILE}, written after taking the lock, holds the process id and start, the time and the label
 * ({@link RelearnOptions#lockHolder()}). It names a holder only while that process runs and
 * started when the file says (ids are reused); a stale file names no one, so nothing deletes it.
 */
final class LockHolder {
  /** The file's name in the index folder. */
  static final String FILE = "write.lock.holder";

  /** How far two readings of one process's start may differ (they are rounded to clock ticks). */
  private static final long START_TOLERANCE_MILLIS = 1000;

  private LockHolder() {}

  /** Records this process as the holder of {@code folder}'s write lock, atomically. */
  static void record(Path folder, String label) throws IOException {
    ProcessHandle self = ProcessHandle.current();
    String text = "pid " + self.pid() + "\n"
        + "process-start " + startMillis(self).map(String::valueOf).orElse("-") + "\n"
        + "locked " + System.currentTimeMillis() + "\n"
        + "holder " + (label == null ? "java" : label) + "\n";
    AtomicFiles.write(folder.resolve(FILE), text.getBytes(StandardCharsets.UTF_8), false);
  }

  /** The holder of {@code folder}'s write lock, or null when no running process can be named. */
  static IndexHolder describe(Path folder) throws IOException {
    Map<String, String> fields = new HashMap<>();
    try {
      for (String line : Files.readAllLines(folder.resolve(FILE), StandardCharsets.UTF_8)) {
        int space = line.indexOf(' ');
        if (space > 0) {
          fields.put(line.substring(0, space), line.substring(space + 1));
        }
      }
    } catch (NoSuchFileException e) {
      return null; // no engine of this version has held the lock yet
    }
    Long pid = parseLong(fields.get("pid"));
    Long locked = parseLong(fields.get("locked"));
    String holder = fields.get("holder");
    if (pid == null || locked == null || holder == null) {
      return null;
    }
    Optional<ProcessHandle> process = ProcessHandle.of(pid);
    if (process.isEmpty() || !process.get().isAlive()) {
      return null;
    }
    Long recordedStart = parseLong(fields.get("process-start"));
    Optional<Long> start = startMillis(process.get());
    if (recordedStart != null && start.isPresent()
        && Math.abs(recordedStart - start.get()) > START_TOLERANCE_MILLIS) {
      return null; // the id now belongs to another process
    }
    return holder.isBlank() || pid <= 0 ? null
        : new IndexHolder(holder, pid, Instant.ofEpochMilli(locked));
  }

  private static Optional<Long> startMillis(ProcessHandle process) {
    return process.info().startInstant().map(Instant::toEpochMilli);
  }

  private static Long parseLong(String value) {
    if (value == null || !value.matches("\\d{1,18}")) {
      return null;
    }
    return Long.parseLong(value);
  }
}
