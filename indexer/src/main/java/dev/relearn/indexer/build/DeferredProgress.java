package dev.relearn.indexer.build;

/**
 * The progress of an index run's writes, which must not stop half-way: an exception from a
 * {@link Progress} call (a callback that failed, or a caller asking the run to stop) is kept
 * instead of thrown, later calls are skipped, and {@link #rethrow} throws it once the run has
 * committed. So the index never holds half a path, whatever the callback does. Not thread-safe:
 * for the writing thread.
 */
final class DeferredProgress {
  private final Progress target;
  private RuntimeException failure;

  DeferredProgress(Progress target) {
    this.target = target;
  }

  /** {@link Progress#start}, unless an earlier call failed. */
  void start(String task, long total) {
    tell(() -> target.start(task, total));
  }

  /** {@link Progress#advance}, unless an earlier call failed. */
  void advance(long done) {
    tell(() -> target.advance(done));
  }

  private void tell(Runnable call) {
    if (failure == null) {
      try {
        call.run();
      } catch (RuntimeException e) {
        failure = e;
      }
    }
  }

  /** Throws what a call threw, if one did. */
  void rethrow() {
    if (failure != null) {
      throw failure;
    }
  }
}
