package dev.relearn.lucene.files;

import java.io.IOException;
import java.util.concurrent.FutureTask;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.Lock;
import org.apache.lucene.store.LockFactory;
import org.apache.lucene.store.NativeFSLockFactory;
import org.apache.lucene.util.IOSupplier;

/**
 * Lucene's native write locks ({@link NativeFSLockFactory}), obtained, checked and released
 * where no interrupt reaches their channel: inline on a {@link WriteThreads} thread, else on a
 * virtual thread of their own that the caller waits for whatever interrupts it (a check takes
 * microseconds). Relearn writes on its write threads; but the last release of a near-real-time
 * searcher deletes the files only it still used, checking the lock first, on whichever thread
 * released it: a search's caller. Had that caller been interrupted, Java would have closed the
 * lock's channel and the writer lost its lock for good. For an {@code FSDirectory} ({@code
 * FSDirectory.open(path, INSTANCE)}).
 */
public final class ShieldedLockFactory extends LockFactory {
  /** The one instance. */
  public static final ShieldedLockFactory INSTANCE = new ShieldedLockFactory();

  private ShieldedLockFactory() {}

  @Override
  public Lock obtainLock(Directory dir, String lockName) throws IOException {
    Lock lock = shielded(() -> NativeFSLockFactory.INSTANCE.obtainLock(dir, lockName));
    return new Lock() {
      @Override
      public void ensureValid() throws IOException {
        shielded(() -> {
          lock.ensureValid();
          return null;
        });
      }

      @Override
      public void close() throws IOException {
        shielded(() -> {
          lock.close();
          return null;
        });
      }

      @Override
      public String toString() {
        return lock.toString();
      }
    };
  }

  /** What {@code op} returns, run where no interrupt reaches it; its exception as thrown. */
  private static <T> T shielded(IOSupplier<T> op) throws IOException {
    if (WriteThreads.onWriteThread()) {
      return op.get();
    }
    FutureTask<T> task = new FutureTask<>(op::get);
    Thread.ofVirtual().name("relearn-lock").start(task);
    return WriteThreads.await(task);
  }
}
