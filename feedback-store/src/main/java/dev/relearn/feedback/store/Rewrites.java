package dev.relearn.feedback.store;

import dev.relearn.feedback.index.FeedbackIndex;
import dev.relearn.feedback.index.FeedbackIndexConfig;
import dev.relearn.lucene.files.IoThreads;
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
 * first, naming the forget in its commit's user data ({@link ForgetMarks}), then the cluster
 * index and the chunk index, then (for a forget-all) the {@link ForgetAllFollowUp}, and only then
 * the ledger again without the mark. A forget cut short by a crash or a failure keeps its mark in
 * every later ledger commit, so that the next open finishes it ({@link #finishForget()}) instead
 * of keeping the session's query vectors; a forget asked for again finishes it at once, and the
 * process it failed in finishes it by itself ({@link #finishUnfinished()}, which the store's
 * maintenance retries: {@link ForgetRetries}).
 */
final class Rewrites {
  private static final System.Logger LOG = System.getLogger(Rewrites.class.getName());

  private final FeedbackIndexConfig indexConfig;
  private final EventLedger ledger;
  private final FeedbackIndex index;
  private final Checkpointer checkpointer;
  private final ForgetMarks marks;
  private final ForgetAllFollowUp followUp;
  /** Runs right after a forget's first ledger commit; tests put a failure there. */
  private volatile Checkpointer.Change afterMark = () -> { };

  Rewrites(FeedbackStoreConfig config, StoreFolder folder, Checkpointer checkpointer,
      ForgetAllFollowUp followUp) {
    this.indexConfig = config.index();
    this.ledger = folder.ledger();
    this.index = folder.index();
    this.checkpointer = checkpointer;
    this.marks = checkpointer.marks();
    this.followUp = Objects.requireNonNull(followUp, "followUp");
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
    return forget(sessionHash);
  }

  /** Deletes all feedback, commits and runs the follow-up; returns the clusters removed. */
  int forgetAll() throws IOException {
    return forget(null);
  }

  /** Forgets session {@code sessionHash}, or everything when it is null. */
  private int forget(String sessionHash) throws IOException {
    return checkpointer.rewriting(() -> forgetRewriting(sessionHash));
  }

  /**
   * Finishes the forgets that failed part-way in this process (their marks are still there), as
   * asking for them again would: a forget-all if one is unfinished (which finishes every
   * session's too), else each unfinished session's in turn. Like them, it deletes what those
   * sessions (or any, for a forget-all) recorded since. Reads the marks under the same locks as
   * the forgets themselves, so a forget that finished meanwhile is not done again.
   *
   * @return whether any forget was unfinished
   */
  /**
   * Takes over {@code theirs}, another store's unfinished forgets, and finishes them now; if that
   * fails (logged), maintenance retries them as this store's own.
   */
  void adopt(ForgetMarks theirs) {
    if (theirs.isEmpty()) {
      return;
    }
    if (theirs.all()) {
      marks.add(null);
    }
    theirs.sessions().forEach(marks::add);
    try {
      IoThreads.call(this::finishUnfinished);
    } catch (IOException | RuntimeException e) {
      LOG.log(System.Logger.Level.WARNING, "finishing the forgets a stopped feedback store had"
          + " not finished failed; tried again in the background", e);
    }
  }

  boolean finishUnfinished() throws IOException {
    return checkpointer.rewriting(() -> {
      if (marks.isEmpty()) {
        return false;
      }
      if (marks.all()) {
        forgetRewriting(null);
      } else {
        for (String session : marks.sessions()) {
          forgetRewriting(session);
        }
      }
      return true;
    });
  }

  /**
   * A forget, with the locks of {@link Checkpointer#rewriting} held. Its mark is set first, so
   * that a failure anywhere, the first checkpoint's included, leaves the forget unfinished: the
   * process retries it ({@link ForgetRetries}), and the next ledger commit names it for the next
   * open.
   */
  private int forgetRewriting(String sessionHash) throws IOException {
    marks.add(sessionHash);
    try {
      checkpointer.changed(); // roll and trim the log even if nothing was applied since the last
      checkpointer.checkpoint(); // checkpoint: the log keeps nothing a replay could bring back
      deleteFromLedger(sessionHash);
      checkpointer.commitLedger(); // names the forget until it has finished
      afterMark.run();
      int removed = sessionHash == null ? index.forgetAll() : index.forgetSession(sessionHash);
      pruneRenames();
      checkpointer.rebuildLearnedFields();
      checkpointer.commitChunks();
      if (sessionHash == null) {
        followUp.run();
      }
      marks.finished(sessionHash);
      checkpointer.commitLedger(); // done: an open no longer finishes it
      return removed;
    } catch (IOException | RuntimeException e) {
      checkpointer.changed(); // the next checkpoint commits what was deleted, with the mark
      throw e;
    }
  }

  private void deleteFromLedger(String sessionHash) throws IOException {
    if (sessionHash == null) {
      ledger.forgetAll();
    } else {
      ledger.forgetSession(sessionHash);
    }
  }

  /**
   * On open, after the log's replay: finishes the forgets that a crash or a failure cut short
   * after their first ledger commit, deleting the sessions' (or all) events and clusters, and
   * running the follow-up of a forget-all. Feedback of those sessions (or any, for a forget-all)
   * recorded since the forget was asked for goes with it. The marks leave the ledger with the
   * checkpoint that ends the open; the learned fields are recomputed before it.
   */
  void finishForget() throws IOException {
    if (marks.isEmpty()) {
      return;
    }
    if (marks.all()) {
      ledger.forgetAll();
      index.forgetAll();
    } else {
      for (String session : marks.sessions()) {
        ledger.forgetSession(session);
        index.forgetSession(session);
      }
    }
    pruneRenames();
    if (marks.all()) {
      followUp.run();
    }
    marks.finished(null);
    checkpointer.changed();
  }

  /** For tests: runs {@code fault} right after each later forget's first ledger commit. */
  void afterMark(Checkpointer.Change fault) {
    afterMark = Objects.requireNonNull(fault, "fault");
  }

  /** Deletes events older than the time to live; returns the clusters removed. */
  int expire() throws IOException {
    return checkpointer.rewriting(() -> {
      Expired expired = expireUncommitted();
      if (expired.events() > 0) {
        checkpointer.rebuildLearnedFields();
      }
      if (expired.changedLedger()) {
        checkpointer.changed(); // the deletions must be committed even if no learned value changes
        checkpointer.checkpoint(); // pruned renames too, when only clusters expired
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
      return new Expired(0, 0, 0);
    }
    long cutoff = indexConfig.clock().millis() - indexConfig.ttl().toMillis();
    int events = ledger.expireBefore(cutoff);
    int clusters = index.expire();
    int renames = events > 0 || clusters > 0 ? pruneRenames() : 0;
    return new Expired(events, clusters, renames);
  }

  /** Deletes the renames that no remaining event or cluster needs (not committed); how many. */
  private int pruneRenames() throws IOException {
    Set<String> clusterChunks = new HashSet<>();
    index.forEach(cluster -> cluster.evidence().values()
        .forEach(chunks -> clusterChunks.addAll(chunks.keySet())));
    return ledger.pruneRenames(clusterChunks);
  }

  /** What an expiry deleted: ledger events, clusters, and the renames they alone needed. */
  record Expired(int events, int clusters, int renames) {
    /** Whether the ledger changed: events or renames to commit (clusters commit themselves). */
    boolean changedLedger() {
      return events > 0 || renames > 0;
    }
  }
}
