package dev.relearn.engine;

import dev.relearn.lucene.files.StorageOpener;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.LockFactory;

/**
 * The real file system with one injected fault at a time, for tests: the {@link StorageOpener}
 * an engine is opened with ({@code EngineOpener.open(dir, options, faults)}). Its directories
 * ({@link FaultyDirectory}) and the feedback log's channels ({@link FaultyFileChannel}) ask it
 * before each write, fsync and rename. Once {@link #arm armed}, it fails the {@code point}-th
 * write, fsync or rename from then on (once), or, for a full disk, every write past byte {@code
 * point} ("No space left on device") until {@link #lift() lifted}. Counts operations and bytes
 * whether armed or not, so a test can measure a step first and pick a point inside it.
 */
final class StorageFaults implements StorageOpener {
  /** What fails. */
  enum Kind {
    WRITE, SYNC, RENAME, DISK_FULL;

    String label() {
      return this == DISK_FULL ? "disk full" : name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  private final AtomicLong writes = new AtomicLong();
  private final AtomicLong bytes = new AtomicLong();
  private final AtomicLong syncs = new AtomicLong();
  private final AtomicLong renames = new AtomicLong();
  private final AtomicLong injected = new AtomicLong();
  private volatile Kind armed;
  private volatile long failAt; // the operation's number or the byte counter's value
  private volatile long base; // the counter of the armed kind when armed

  /** Fails the {@code point}-th operation of {@code kind} from now (a full disk: byte point on). */
  void arm(Kind kind, long point) {
    if (point < 1) {
      throw new IllegalArgumentException("fault point must be >= 1, got: " + point);
    }
    base = counter(kind).get();
    failAt = point;
    armed = kind;
  }

  /** Injects nothing more. */
  void lift() {
    armed = null;
  }

  /** How many operations the faults failed so far. */
  long injected() {
    return injected.get();
  }

  /** The count of {@code kind}'s operations so far (a full disk: bytes written). */
  long count(Kind kind) {
    return counter(kind).get();
  }

  private AtomicLong counter(Kind kind) {
    return switch (kind) {
      case WRITE -> writes;
      case SYNC -> syncs;
      case RENAME -> renames;
      case DISK_FULL -> bytes;
    };
  }

  /**
   * Before writing {@code length} bytes to {@code file}: how many of them may be written; fewer
   * than {@code length} means the rest fails with the returned count written first.
   */
  int beforeWrite(String file, int length) {
    long write = writes.incrementAndGet();
    long end = bytes.addAndGet(length);
    Kind kind = armed;
    if (kind == Kind.WRITE && write - base == failAt) {
      injected.incrementAndGet();
      return -1;
    }
    if (kind == Kind.DISK_FULL && end - base > failAt) {
      injected.incrementAndGet();
      long room = failAt - (end - length - base);
      return (int) Math.max(0, Math.min(length, room));
    }
    return length;
  }

  /** The failure of a write that {@link #beforeWrite} cut short. */
  IOException writeFailure(String file, int allowed) {
    return allowed < 0 ? new IOException("injected fault: write to " + file + " failed")
        : new IOException(file + ": No space left on device (injected)");
  }

  /** Before an fsync of {@code what}. */
  void beforeSync(String what) throws IOException {
    long sync = syncs.incrementAndGet();
    if (armed == Kind.SYNC && sync - base == failAt) {
      injected.incrementAndGet();
      throw new IOException("injected fault: fsync of " + what + " failed");
    }
  }

  /** Before renaming {@code from} to {@code to}. */
  void beforeRename(String from, String to) throws IOException {
    long rename = renames.incrementAndGet();
    if (armed == Kind.RENAME && rename - base == failAt) {
      injected.incrementAndGet();
      throw new IOException("injected fault: rename of " + from + " to " + to + " failed");
    }
  }

  @Override
  public Directory directory(Path folder, LockFactory locks) throws IOException {
    return new FaultyDirectory(StorageOpener.REAL.directory(folder, locks), this);
  }

  @Override
  public FileChannel channel(Path file, Set<? extends OpenOption> options,
      FileAttribute<?>... attributes) throws IOException {
    return new FaultyFileChannel(FileChannel.open(file, options, attributes),
        file.getFileName().toString(), this);
  }
}
