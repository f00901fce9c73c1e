package dev.relearn.indexer.build;

/** Receives progress of long work such as embedding a corpus. Implementations are thread-safe. */
public interface Progress {
  /** Ignores all progress. */
  Progress NONE = new Progress() {
    @Override
    public void start(String task, long total) {}

    @Override
    public void advance(long done) {}

    @Override
    public void finish() {}
  };

  /** A task of {@code total} steps begins; 0 when the number of steps is not known. */
  void start(String task, long total);

  /** {@code done} steps of the current task are complete (cumulative). */
  void advance(long done);

  /** The current task ended. */
  void finish();

  /** A one-line remark between tasks, such as how much earlier work is reused; ignored here. */
  default void note(String message) {}
}
