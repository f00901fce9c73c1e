package dev.relearn.feedback.store;

import dev.relearn.feedback.index.FeedbackIndex;
import dev.relearn.feedback.index.FeedbackIndexConfig;
import java.io.IOException;
import java.util.HashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The store's changes that rewrite what is recorded instead of adding to it: forgetting a
 * session or everything, expiry past the time to live, and chunk renames. Each holds the gate
 * exclusively and recomputes the learned fields from the ledger. Forgetting checkpoints first, so
 * that the log keeps nothing a replay could bring back, and commits before it returns: the ledger
 * first, naming the forget in its commit's user data until the cluster index and the chunk index
 * are committed too, so that an open after a crash in between finishes it ({@link
 * #finishForget()}) instead of keeping the session's query vectors.
 */
final class Rewrites {
  /** The ledger's user-data key naming the session a forget under way deletes. */
  static final String FORGET_SESSION = "relearn.forget.session";
  /** The ledger's user-data key marking a forget-all under way. */
  static final String FORGET_ALL = "relearn.forget.all";

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

  /**
   * Deletes a session's events and clusters and commits; returns the clusters removed.
   *
   * @throws IllegalArgumentException if {@code sessionHash} is blank, before anything is written:
   *     the cluster index refuses it only after the ledger commit has named the forget, which
   *     every later open would then fail to finish
   */
  int forgetSession(String sessionHash) throws IOException {
    Objects.requireNonNull(sessionHash, "sessionHash");
    if (sessionHash.isBlank()) {
      throw new IllegalArgumentException("session hash must not be blank, got: '" + sessionHash
          + "'");
    }
    return forget(forgetting(sessionHash), () -> ledger.forgetSession(sessionHash),
        () -> index.forgetSession(sessionHash));
  }

  /** Deletes all feedback and commits; returns the clusters removed. */
  int forgetAll() throws IOException {
    return forget(forgetting(null), ledger::forgetAll, index::forgetAll);
  }

  /** The ledger user data naming a forget of {@code sessionHash} (null: of everything). */
  static Map<String, String> forgetting(String sessionHash) {
    return sessionHash == null ? Map.of(FORGET_ALL, "true") : Map.of(FORGET_SESSION, sessionHash);
  }

  private int forget(Map<String, String> intent, Checkpointer.Locked<Integer> ledgerDeletion,
      Checkpointer.Locked<Integer> clusterDeletion) throws IOException {
    return checkpointer.rewriting(() -> {
      checkpointer.changed(); // roll and trim the log even if nothing was applied since the last
      checkpointer.checkpoint(); // checkpoint: the log keeps nothing a replay could bring back
      ledgerDeletion.run();
      checkpointer.commitLedgerDeletions(intent);
      int removed = clusterDeletion.run(); // commits the cluster index
      pruneRenames();
      checkpointer.rebuildLearnedFields();
      checkpointer.commitChunks();
      checkpointer.commitLedgerDeletions(Map.of()); // done: an open no longer finishes it
      return removed;
    });
  }

  /**
   * On open: finishes a forget that a crash cut short after its ledger commit, deleting the
   * session's (or every) cluster and clearing the mark. The learned fields are recomputed from
   * the ledger on open anyway.
   */
  void finishForget() throws IOException {
    Map<String, String> data = ledger.committedUserData();
    String session = data.get(FORGET_SESSION);
    boolean all = data.containsKey(FORGET_ALL);
    if (session != null) {
      index.forgetSession(session);
    }
    if (all) {
      index.forgetAll();
    }
    if (session != null || all) {
      checkpointer.commitLedgerDeletions(Map.of());
    }
  }

  /** Deletes events older than the time to live; returns the clusters removed. */
  int expire() throws IOException {
    return checkpointer.rewriting(() -> {
      Expired expired = expireUncommitted();
      if (expired.events() > 0) {
        checkpointer.changed(); // the deletions must be committed even if no learned value changes
        checkpointer.rebuildLearnedFields();
        checkpointer.checkpoint();
      }
      return expired.clusters();
    });
  }

  /**
   * Deletes the ledger's events older than the time to live (not committed: the next checkpoint
   * commits and purges them) and the cluster index's clusters whose last event is (committed);
   * nothing without a time to live. For expiry on open, before the learned fields are rebuilt.
   */
  Expired expireUncommitted() throws IOException {
    if (indexConfig.ttl() == null) {
      return new Expired(0, 0);
    }
    long cutoff = indexConfig.clock().millis() - indexConfig.ttl().toMillis();
    int events = ledger.expireBefore(cutoff);
    Expired expired = new Expired(events, index.expire());
    if (events > 0 || expired.clusters() > 0) {
      pruneRenames();
    }
    return expired;
  }

  /** Deletes the renames that no remaining event or cluster needs (not committed). */
  private void pruneRenames() throws IOException {
    Set<String> clusterChunks = new HashSet<>();
    index.forEach(cluster -> cluster.evidence().values()
        .forEach(chunks -> clusterChunks.addAll(chunks.keySet())));
    ledger.pruneRenames(clusterChunks);
  }

  /** What an expiry deleted: ledger events and clusters. */
  record Expired(int events, int clusters) {}
}
