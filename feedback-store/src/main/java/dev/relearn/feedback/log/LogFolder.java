package dev.relearn.feedback.log;

import static dev.relearn.feedback.log.RecordFormat.describe;

import java.io.Closeable;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.lucene.util.IOUtils;

/**
 * The log's folder: owner-only on POSIX, locked against a second writer (also in another process)
 * through {@value #LOCK_FILE}, holding {@code translog-<generation>.log} files.
 */
final class LogFolder implements Closeable {
  static final String LOCK_FILE = "translog.lock";
  private static final Pattern GENERATION = Pattern.compile("translog-(\\d{1,18})\\.log");
  private static final boolean POSIX =
      FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
  private static final boolean WINDOWS =
      System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows");

  private final Path dir;
  private final FileChannel lockChannel;
  private final FileLock lock;

  private LogFolder(Path dir, FileChannel lockChannel, FileLock lock) {
    this.dir = dir;
    this.lockChannel = lockChannel;
    this.lock = lock;
  }

  /** Creates the folder if needed (owner-only) and locks it. */
  static LogFolder open(Path dir) throws IOException {
    Path folder = dir.toAbsolutePath().normalize();
    if (!Files.isDirectory(folder)) {
      try {
        Path parent = folder.getParent();
        if (parent != null) {
          Files.createDirectories(parent);
        }
        Files.createDirectory(folder, POSIX
            ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(
                PosixFilePermissions.fromString("rwx------"))}
            : new FileAttribute<?>[0]);
      } catch (IOException e) {
        throw new IOException("cannot create the feedback log folder " + folder + ": "
            + describe(e), e);
      }
    }
    Path lockFile = folder.resolve(LOCK_FILE);
    FileChannel channel;
    try {
      channel = FileChannel.open(lockFile, java.util.Set.of(StandardOpenOption.CREATE,
          StandardOpenOption.WRITE), fileAttributes());
    } catch (IOException e) {
      throw new IOException("cannot open the feedback log lock " + lockFile + ": " + describe(e),
          e);
    }
    try {
      FileLock lock = channel.tryLock();
      if (lock == null) {
        throw new IOException("the feedback log " + folder + " is open in another process");
      }
      return new LogFolder(folder, channel, lock);
    } catch (OverlappingFileLockException e) {
      IOException failure = new IOException("the feedback log " + folder
          + " is already open in this process", e);
      IOUtils.closeWhileSuppressingExceptions(failure, channel);
      throw failure;
    } catch (IOException e) {
      IOUtils.closeWhileSuppressingExceptions(e, channel);
      throw e;
    }
  }

  /** Owner-only read-write on POSIX; nothing elsewhere. */
  static FileAttribute<?>[] fileAttributes() {
    return POSIX
        ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(
            PosixFilePermissions.fromString("rw-------"))}
        : new FileAttribute<?>[0];
  }

  Path dir() {
    return dir;
  }

  Path file(long generation) {
    return file(dir, generation);
  }

  /** The file of a generation in the log folder {@code dir}. */
  static Path file(Path dir, long generation) {
    return dir.resolve("translog-" + generation + ".log");
  }

  /** The generations present, oldest first. */
  List<Long> generations() throws IOException {
    return generations(dir);
  }

  /** Whether a generation in the log folder {@code dir}, if it exists, is not empty. */
  static boolean holdsRecords(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      return false;
    }
    for (long generation : generations(dir)) {
      if (size(file(dir, generation)) > 0) {
        return true;
      }
    }
    return false;
  }

  /** The size of {@code file}, a failure naming it. */
  static long size(Path file) throws IOException {
    try {
      return Files.size(file);
    } catch (IOException e) {
      throw new IOException("cannot read the size of " + file + ": " + describe(e), e);
    }
  }

  /** The generations in the log folder {@code dir}, oldest first. */
  static List<Long> generations(Path dir) throws IOException {
    List<Long> generations = new ArrayList<>();
    try (Stream<Path> files = Files.list(dir)) {
      for (Path file : (Iterable<Path>) files::iterator) {
        Matcher m = GENERATION.matcher(file.getFileName().toString());
        if (m.matches()) {
          generations.add(Long.parseLong(m.group(1)));
        }
      }
    } catch (IOException e) {
      throw new IOException("cannot list the feedback log folder " + dir + ": " + describe(e), e);
    }
    generations.sort(null);
    return generations;
  }

  /** Makes file creations in the folder durable (fsync of the directory; none on Windows). */
  void sync() throws IOException {
    if (WINDOWS) {
      return;
    }
    try (FileChannel channel = FileChannel.open(dir, StandardOpenOption.READ)) {
      channel.force(true);
    } catch (IOException e) {
      throw new IOException("cannot sync the feedback log folder " + dir + ": " + describe(e), e);
    }
  }

  void delete(long generation) throws IOException {
    Path file = file(generation);
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      throw new IOException("cannot delete the feedback log generation " + file + ": "
          + describe(e), e);
    }
  }

  @Override
  public void close() throws IOException {
    try {
      lock.release();
    } finally {
      lockChannel.close();
    }
  }
}
