package dev.relearn.feedback.store;

import dev.relearn.feedback.index.FeedbackIndex;
import dev.relearn.feedback.log.Translog;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.util.IORunnable;
import org.apache.lucene.util.IOSupplier;

/**
 * The store's locks and its checkpoint. Records hold the gate's shared side and apply under the
 * apply lock ({@link GroupApply}); rewrites hold the gate exclusively, a checkpoint only while it
 * rolls the log, then commits both indexes while recording goes on, and trims the log. Lock order:
 * the chunk-index writes lock ({@link FeedbackStore#chunkIndexWrites()}), the checkpoint lock, the
 * gate, the apply lock.
 */
final class Checkpointer {
  /** The commit user-data key naming the last log generation a commit includes. */
  private static final String CHECKPOINT_KEY = "relearn.translog.checkpoint";

  private final FeedbackIndex index;
  private final Translog log;
  private final LearnedFields learned;
  private final IndexWriter chunkWriter;
  private final Lock chunkWrites;
  private final ReentrantReadWriteLock gate = new ReentrantReadWriteLock();
  private final Object applyLock = new Object();
  private final Object checkpointLock = new Object();
  private final StoreStop stop;
  /** Something was applied, renamed or rewritten since the last checkpoint. */
  private volatile boolean dirty;

  Checkpointer(StoreFolder folder, LearnedFields learned, IndexWriter chunkWriter,
      Lock chunkWrites, StoreStop stop) {
    this.stop = stop;
    this.index = folder.index();
    this.log = folder.log();
    this.learned = learned;
    this.chunkWriter = chunkWriter;
    this.chunkWrites = chunkWrites;
  }

  /** Runs a record: many at once, never during a log roll or a rewrite. */
  <T> T shared(IOSupplier<T> work) throws IOException {
    return holding(gate.readLock(), work);
  }

  /** Runs {@code work} with the gate held exclusively: no record runs meanwhile. */
  <T> T exclusive(IOSupplier<T> work) throws IOException {
    return holding(gate.writeLock(), work);
  }

  private static <T> T holding(Lock lock, IOSupplier<T> work) throws IOException {
    lock.lock();
    try {
      return work.get();
    } finally {
      lock.unlock();
    }
  }

  /** Runs {@code work} with the chunk-index writes lock held: no index call's writes either. */
  <T> T holdingChunkWrites(IOSupplier<T> work) throws IOException {
    return holding(chunkWrites, work);
  }

  /** Runs {@code work} holding the chunk-index writes lock, the checkpoint lock and the gate. */
  <T> T rewriting(IOSupplier<T> work) throws IOException {
    return holdingChunkWrites(() -> {
      synchronized (checkpointLock) {
        return exclusive(work);
      }
    });
  }

  /** Applies a change to the store's parts, one at a time, and marks the store changed. */
  void apply(IORunnable change) throws IOException {
    synchronized (applyLock) {
      change.run();
      dirty = true;
    }
  }

  /** Marks the store changed: the next checkpoint commits. */
  void changed() {
    dirty = true;
  }

  /**
   * Writes every learned field that differs from the aggregates, recomputed from the events first
   * unless they are {@code current} (as the events index was opened, and nothing applied since).
   */
  void rebuildLearnedFields(boolean current) throws IOException {
    learned.refreshSearchers(); // what index calls wrote is then compared, not taken as neutral
    synchronized (applyLock) {
      dirty |= current ? learned.stageDifferences() : learned.reconcile(index);
    }
    learned.flush();
  }

  /** Recomputes the aggregates from the events and writes every learned field that differs. */
  void rebuildLearnedFields() throws IOException {
    rebuildLearnedFields(false);
  }

  /**
   * Moves the learned values of each key's chunk, as they are, to its value's (renamed chunks
   * whose evidence all moved; {@link Rewrites#applyRenames}), in order, and writes them.
   */
  void moveLearnedFields(Map<String, String> moves) throws IOException {
    synchronized (applyLock) {
      moves.forEach(learned::move);
      dirty = true;
    }
    learned.flush();
  }

  /** Writes the staged learned fields and commits the chunk index; a failure stops the store. */
  void commitChunks() throws IOException {
    holdingChunkWrites(() -> {
      learned.flush();
      try {
        chunkWriter.commit();
      } catch (IOException | RuntimeException e) {
        stop.stop(e);
        throw e;
      }
      return null;
    });
  }

  /**
   * Commits the events index, then the chunk index, then trims the log; nothing when nothing
   * changed, and refused once the store has stopped ({@link StoreStop}).
   */
  void checkpoint() throws IOException {
    stop.check(); // a stopped store commits nothing: its reopening replays the log instead
    chunkWrites.lock();
    try {
      synchronized (checkpointLock) {
        long rolled;
        gate.writeLock().lock(); // waits for in-flight records: every event <= rolled is applied
        try {
          if (!dirty) {
            return; // nothing since the last checkpoint: no commits, no new log generation
          }
          dirty = false; // records applied after the roll set it again
          rolled = log.rollGeneration();
        } finally {
          gate.writeLock().unlock();
        }
        // recording goes on meanwhile; later events are in the new generation
        Map<String, String> checkpoint = Map.of(CHECKPOINT_KEY, Long.toString(rolled));
        index.commit(checkpoint);
        commitChunks();
        log.trimUpTo(rolled);
      }
    } finally {
      chunkWrites.unlock();
    }
  }
}
