package dev.relearn.feedback.store;

import dev.relearn.feedback.index.FeedbackIndex;
import dev.relearn.feedback.index.FeedbackIndexConfig;
import dev.relearn.feedback.event.EventCodec;
import dev.relearn.feedback.log.Translog;
import java.io.IOException;
import java.util.HashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The store's changes that rewrite what is recorded instead of adding to it: forgetting a
 * session or everything, expiry past the time to live, and chunk renames. Each holds the gate
 * exclusively and recomputes the learned fields from the ledger.
 *
 * <p>A forget is logged like an event before it is applied, so it is crash-safe by construction:
 * the log keeps it, after the session's events, until the checkpoint that ends the forget has
 * committed its deletions, and a replay applies it in that order (what the session recorded
 * after the forget stays). If applying it fails, the store stops ({@link StoreStop}): its
 * reopening replays the log and finishes it. Until then this process's lookups skip the clusters
 * it will delete ({@link ForgetMarks}).
 */
final class Rewrites {
  private final FeedbackIndexConfig indexConfig;
  private final EventLedger ledger;
  private final FeedbackIndex index;
  private final Translog log;
  private final Checkpointer checkpointer;
  private final ForgetMarks marks = new ForgetMarks();
  private final ForgetAllFollowUp followUp;
  private final StoreStop stop;

  Rewrites(FeedbackStoreConfig config, StoreFolder folder, Checkpointer checkpointer,
      ForgetAllFollowUp followUp, StoreStop stop) {
    this.indexConfig = config.index();
    this.ledger = folder.ledger();
    this.index = folder.index();
    this.log = folder.log();
    this.checkpointer = checkpointer;
    this.followUp = Objects.requireNonNull(followUp, "followUp");
    this.stop = stop;
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
   * @throws IllegalArgumentException if {@code sessionHash} is blank, before anything is written
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

  /** The forgets under way, or stopped by a failure, in this process: lookups skip them. */
  ForgetMarks marks() {
    return marks;
  }

  /**
   * Forgets session {@code sessionHash}, or everything when it is null: logs it (durable before
   * anything is deleted), applies it, and checkpoints, which commits the deletions and trims the
   * log of the session's events and of the forget itself.
   */
  private int forget(String sessionHash) throws IOException {
    return checkpointer.rewriting(() -> {
      marks.add(sessionHash);
      log.append(EventCodec.encodeForget(sessionHash));
      log.sync(); // durable even when events are synced in the background
      int removed;
      try {
        removed = apply(sessionHash);
        checkpointer.rebuildLearnedFields();
        checkpointer.checkpoint(); // apply marked the store changed
      } catch (IOException | RuntimeException e) { // logged, in part applied: replay finishes it
        stop.stop(e);
        throw e;
      }
      marks.finished(sessionHash);
      return removed;
    });
  }

  /**
   * Applies a forget, recorded now or replayed from the log: the cluster index first (it commits
   * its purge, so the query vectors leave the disk at once), then the ledger (committed by the
   * next checkpoint), the renames no remaining evidence needs, and a forget-all's follow-up.
   *
   * @return the clusters removed
   */
  int apply(String sessionHash) throws IOException {
    int removed;
    if (sessionHash == null) {
      removed = index.forgetAll();
      ledger.forgetAll();
    } else {
      removed = index.forgetSession(sessionHash);
      ledger.forgetSession(sessionHash);
    }
    pruneRenames();
    if (sessionHash == null) {
      followUp.run();
    }
    checkpointer.changed();
    return removed;
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
