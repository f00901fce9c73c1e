package dev.relearn.feedback.store;

import dev.relearn.feedback.index.FeedbackIndex;
import dev.relearn.feedback.index.FeedbackIndexConfig;
import java.io.IOException;
import java.util.Map;

/**
 * The store's changes that rewrite what is recorded instead of adding to it: forgetting a
 * session or everything, expiry past the time to live, and chunk renames. Each holds the gate
 * exclusively and recomputes the learned fields from the ledger. Forgetting checkpoints first, so
 * that the log keeps nothing a replay could bring back, and commits before it returns.
 */
final class Rewrites {
  private final FeedbackIndexConfig indexConfig;
  private final EventLedger ledger;
  private final FeedbackIndex index;
  private final Checkpointer checkpointer;

  Rewrites(FeedbackStoreConfig config, StoreFolder folder, Checkpointer checkpointer) {
    this.indexConfig = config.index();
    this.ledger = folder.ledger();
    this.index = folder.index();
    this.checkpointer = checkpointer;
  }

  /**
   * Makes each old chunk id's evidence count for its successor, and checkpoints: durable when
   * this returns.
   */
  void renameChunks(Map<String, String> successors) throws IOException {
    if (successors.isEmpty()) {
      return;
    }
    checkpointer.holdingChunkWrites(() -> {
      checkpointer.exclusive(() -> {
        for (Map.Entry<String, String> rename : successors.entrySet()) {
          ledger.rename(rename.getKey(), rename.getValue());
        }
        checkpointer.changed();
        checkpointer.rebuildLearnedFields();
        return null;
      });
      checkpointer.checkpoint();
      return null;
    });
  }

  /** Deletes a session's events and clusters and commits; returns the clusters removed. */
  int forgetSession(String sessionHash) throws IOException {
    return forget(() -> {
      ledger.forgetSession(sessionHash);
      return index.forgetSession(sessionHash);
    });
  }

  /** Deletes all feedback and commits; returns the clusters removed. */
  int forgetAll() throws IOException {
    return forget(() -> {
      ledger.forgetAll();
      return index.forgetAll();
    });
  }

  private int forget(Checkpointer.Locked<Integer> deletion) throws IOException {
    return checkpointer.rewriting(() -> {
      checkpointer.checkpoint(); // the log keeps nothing that a replay could bring back
      int removed = deletion.run();
      checkpointer.commitLedgerDeletions();
      checkpointer.rebuildLearnedFields();
      checkpointer.commitChunks();
      return removed;
    });
  }

  /** Deletes events older than the time to live; returns the clusters removed. */
  int expire() throws IOException {
    return checkpointer.rewriting(() -> {
      long cutoff = indexConfig.clock().millis() - indexConfig.ttl().toMillis();
      int events = ledger.expireBefore(cutoff);
      int clusters = index.expire();
      if (events > 0) {
        checkpointer.changed(); // the deletions must be committed even if no learned value changes
        checkpointer.rebuildLearnedFields();
        checkpointer.checkpoint();
      }
      return clusters;
    });
  }
}
