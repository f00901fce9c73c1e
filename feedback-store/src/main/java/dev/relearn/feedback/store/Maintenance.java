package dev.relearn.feedback.store;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.lucene.util.IORunnable;

/**
 * The store's background work on one named daemon thread: flushing staged learned fields,
 * checkpoints, daily expiry. A failure is logged and stops the store ({@link StoreStop}), which
 * reports it to its next caller, and every task.
 */
final class Maintenance {
  private static final System.Logger LOG = System.getLogger(Maintenance.class.getName());
  private static final Duration EXPIRY_INTERVAL = Duration.ofDays(1);

  private final FeedbackStore store;
  private final FeedbackStoreConfig config;
  private final StoreStop stop;
  private final ScheduledExecutorService executor;

  Maintenance(FeedbackStore store, FeedbackStoreConfig config, StoreStop stop) {
    this.store = store;
    this.config = config;
    this.stop = stop;
    this.executor = Executors.newSingleThreadScheduledExecutor(Thread.ofPlatform().daemon()
        .name("relearn-feedback-maintenance-", 1).factory()); // writes on the write threads
  }

  void start() {
    schedule(store::flushLearnedFields, config.flushInterval());
    schedule(store::checkpoint, config.checkpointInterval());
    schedule(store::expire, EXPIRY_INTERVAL);
  }

  private void schedule(IORunnable task, Duration every) {
    executor.scheduleWithFixedDelay(() -> {
      if (stop.cause() != null) {
        return;
      }
      try {
        task.run();
      } catch (IOException | RuntimeException e) {
        stop.stop(e);
        LOG.log(System.Logger.Level.ERROR, "feedback store maintenance failed", e);
      }
    }, every.toMillis(), every.toMillis(), TimeUnit.MILLISECONDS);
  }

  /** Stops the thread and waits for a running task to end. */
  void stop() throws IOException {
    executor.shutdown();
    try {
      if (!executor.awaitTermination(30, TimeUnit.SECONDS)) {
        throw new IOException("feedback store maintenance did not stop within 30 s");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while stopping feedback store maintenance", e);
    }
  }
}
