package dev.relearn.lucene.files;

import java.io.IOException;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.Lock;
import org.apache.lucene.store.LockFactory;
import org.apache.lucene.store.NativeFSLockFactory;

/**
 * Lucene's native write locks ({@link NativeFSLockFactory}), obtained, checked and released on
 * relearn's own threads ({@link IoThreads}). A writer checks its lock before it creates or deletes
 * a file, through the lock file's channel; the last release of a near-real-time searcher deletes
 * the files only it still used, and runs on whichever thread released it: a search's caller. Had
 * that caller been interrupted, Java would have closed the lock's channel and the writer lost its
 * lock for good. For an {@code FSDirectory} ({@code FSDirectory.open(path, INSTANCE)}).
 */
public final class ShieldedLockFactory extends LockFactory {
  /** The one instance. */
  public static final ShieldedLockFactory INSTANCE = new ShieldedLockFactory();

  private ShieldedLockFactory() {}

  @Override
  public Lock obtainLock(Directory dir, String lockName) throws IOException {
    Lock lock = IoThreads.call(() -> NativeFSLockFactory.INSTANCE.obtainLock(dir, lockName));
    return new Lock() {
      @Override
      public void ensureValid() throws IOException {
        IoThreads.run(lock::ensureValid);
      }

      @Override
      public void close() throws IOException {
        IoThreads.run(lock::close);
      }

      @Override
      public String toString() {
        return lock.toString();
      }
    };
  }
}
