package dev.relearn.feedback.store;

import dev.relearn.feedback.event.EventSummary;
import dev.relearn.feedback.event.VectorProtection;
import dev.relearn.feedback.index.FeedbackIndexConfig;
import dev.relearn.feedback.index.RecordedEvents;
import dev.relearn.feedback.log.ReplayReport;
import dev.relearn.lucene.feedback.FeedbackLookup;
import dev.relearn.lucene.feedback.PastQuery;
import dev.relearn.lucene.readers.ThrottledRefresh;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.ReaderManager;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.util.IOUtils;

/**
 * What a second, read-only process may use of a feedback folder another process writes: the
 * writer's last checkpoint of the events index, derived in memory as the writer derives it ({@link
 * RecordedEvents}: lookups with vectors protected as the folder's, statistics, newest events). A
 * newer commit is looked for at most every {@link #REFRESH_MILLIS} ms, never blocking; the
 * writer's forgets commit at once, so they show here at the next refresh. Takes no lock, writes
 * nothing. Thread-safe.
 */
public final class ReadOnlyFeedback implements FeedbackLookup, Closeable {
  /** How often, at most, a read looks for a newer commit. */
  public static final long REFRESH_MILLIS = 200;

  private final Path folder;
  private final Directory directory;
  private final ReaderManager readers;
  private final ThrottledRefresh refresh;
  private final FeedbackIndexConfig config;
  private final VectorProtection protection;
  private final ReentrantLock deriving = new ReentrantLock();
  private DirectoryReader derivedFrom; // guarded by deriving
  private volatile RecordedEvents derived;

  private ReadOnlyFeedback(Path folder, Directory directory, ReaderManager readers,
      FeedbackIndexConfig config, VectorProtection protection) {
    this.folder = folder;
    this.directory = directory;
    this.readers = readers;
    this.refresh = new ThrottledRefresh(readers, REFRESH_MILLIS);
    this.config = config;
    this.protection = protection;
  }

  /**
   * The last checkpoint of the feedback folder {@code dir}, or null when the writer has made none
   * yet; IllegalStateException if its vectors have another dimension than {@code config}'s.
   */
  public static ReadOnlyFeedback open(Path dir, FeedbackStoreConfig config) throws IOException {
    Path folder = dir.resolve(StoreFolder.EVENTS);
    if (!Files.isDirectory(folder)) {
      return null;
    }
    Directory directory = FSDirectory.open(folder);
    ReaderManager readers = null;
    try {
      if (!DirectoryReader.indexExists(directory)) {
        directory.close();
        return null;
      }
      readers = new ReaderManager(directory);
      VectorProtection protection = Files.exists(dir.resolve(VectorProtection.SECRET_FILE))
          ? VectorProtection.open(dir, config.index().dimension()) : null;
      ReadOnlyFeedback feedback =
          new ReadOnlyFeedback(folder, directory, readers, config.index(), protection);
      feedback.current();
      return feedback;
    } catch (IOException | RuntimeException | Error e) {
      IOUtils.closeWhileSuppressingExceptions(e, readers, directory);
      throw e;
    }
  }

  /**
   * What the last commit seen holds. One caller derives a newer commit; the others go on with
   * the one before meanwhile, rather than wait for the scan of every event.
   */
  private RecordedEvents current() throws IOException {
    refresh.maybeRefresh();
    if (derived == null) {
      deriving.lock();
    } else if (!deriving.tryLock()) {
      return derived;
    }
    try {
      DirectoryReader reader = readers.acquire();
      try {
        if (reader != derivedFrom) {
          RecordedEvents replaced = derived;
          derived = RecordedEvents.scan(reader, config, folder, entry -> { });
          derivedFrom = reader;
          if (replaced != null) {
            replaced.retire();
          }
        }
        return derived;
      } finally {
        readers.release(reader);
      }
    } finally {
      deriving.unlock();
    }
  }

  @Override
  public List<PastQuery> similar(float[] queryVector, float minSimilarity, int max)
      throws IOException {
    return current().similar(protection == null ? queryVector : protection.protect(queryVector),
        minSimilarity, max, List.of());
  }

  /**
   * What the writer's last checkpoint holds (at most {@link
   * FeedbackStoreConfig#checkpointInterval()} old), as {@link FeedbackStore#stats()} gives it.
   */
  public StoreStats stats() throws IOException {
    RecordedEvents events = current();
    return new StoreStats(events.stats(), events.events(), events.chunks(), 0, ReplayReport.NONE);
  }

  /** The newest {@code limit} events' summaries as of the writer's last checkpoint. */
  public List<EventSummary> recent(int limit) throws IOException {
    return current().recent(limit);
  }

  /** Whether the writer's last checkpoint holds any event. */
  public boolean hasFeedback() throws IOException {
    return current().events() > 0;
  }

  @Override
  public void close() throws IOException {
    RecordedEvents last = derived;
    if (last != null) {
      last.retire();
    }
    IOUtils.close(readers, directory);
  }
}
