package dev.relearn.feedback.store;

import dev.relearn.feedback.event.EventCodec;
import dev.relearn.feedback.index.CompactionReport;
import dev.relearn.feedback.index.FeedbackIndex;
import dev.relearn.feedback.index.RenameEffect;
import dev.relearn.feedback.log.Translog;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The store's changes that rewrite what is recorded: forgets, expiry, compaction and chunk renames.
 * Each holds the gate exclusively and recomputes the learned fields that change; all but renames
 * checkpoint.
 *
 * <p>A forget or a rename is logged like an event before it is applied, so a replay applies it in
 * order with the events around it (what a session recorded after its forget stays) until the
 * checkpoint that commits it trims it. If applying it fails, the store stops ({@link StoreStop})
 * and its reopening finishes it. Lookups stop seeing the clusters first ({@link
 * FeedbackIndex#forgetSession}).
 */
final class Rewrites {
  private final FeedbackIndex index;
  private final Translog log;
  private final Checkpointer checkpointer;
  private final ForgetAllFollowUp followUp;
  private final StoreStop stop;

  Rewrites(StoreFolder folder, Checkpointer checkpointer, ForgetAllFollowUp followUp,
      StoreStop stop) {
    this.index = folder.index();
    this.log = folder.log();
    this.checkpointer = checkpointer;
    this.followUp = Objects.requireNonNull(followUp, "followUp");
    this.stop = stop;
  }

  /**
   * Makes each old chunk id's evidence count for its successor: logged and synced first, so that
   * the renames are durable before the chunk-index commit that holds the new ids, then applied
   * (the events index commits them at the next checkpoint, which trims their record). If applying
   * fails, the store stops and its reopening replays them.
   */
  void renameChunks(Map<String, String> successors) throws IOException {
    if (successors.isEmpty()) {
      return;
    }
    checkpointer.holdingChunkWrites(() -> checkpointer.exclusive(() -> {
      for (byte[] record : EventCodec.encodeRenames(successors)) {
        log.append(record);
      }
      log.sync(); // durable even when events are synced in the background
      try {
        Map<String, String> moves = applyRenames(successors);
        if (moves == null) {
          checkpointer.rebuildLearnedFields();
        } else if (!moves.isEmpty()) { // else no learned value changed
          checkpointer.moveLearnedFields(moves);
        }
      } catch (IOException | RuntimeException e) { // logged, in part applied: replay it
        stop.stop(e);
        throw e;
      }
      return null;
    }));
  }

  /**
   * Applies renames, recorded or replayed. Returns, in order, each chunk whose learned values
   * move as they are to another id (empty when no evidence moved), or null when they must be
   * counted again from the events (see {@link RenameEffect}).
   */
  Map<String, String> applyRenames(Map<String, String> successors) throws IOException {
    Map<String, String> moves = new LinkedHashMap<>();
    boolean recount = false;
    for (Map.Entry<String, String> rename : successors.entrySet()) {
      RenameEffect effect = index.rename(rename.getKey(), rename.getValue());
      if (effect.movedWhole() != null) {
        moves.put(effect.movedWhole(), rename.getValue());
      } else {
        recount |= effect.moved();
      }
    }
    checkpointer.changed();
    return recount ? null : moves;
  }

  /** Merges near-identical clusters of any session and checkpoints. */
  CompactionReport compact() throws IOException {
    return checkpointer.rewriting(() -> {
      CompactionReport report = index.compact();
      if (report.merged() > 0) {
        checkpointer.changed();
        checkpointer.checkpoint();
      }
      return report;
    });
  }

  /** Deletes a session's feedback and commits; returns the clusters removed. */
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

  /**
   * Forgets session {@code sessionHash}, or everything when it is null: logs it (durable before
   * anything is deleted), applies it, and checkpoints, which commits the deletions (purged from
   * disk) and trims the log of the session's events and of the forget itself.
   */
  private int forget(String sessionHash) throws IOException {
    return checkpointer.rewriting(() -> {
      log.append(EventCodec.encodeForget(sessionHash));
      log.sync(); // durable even when events are synced in the background
      try {
        int removed = apply(sessionHash);
        checkpointer.rebuildLearnedFields();
        checkpointer.checkpoint(); // apply marked the store changed
        return removed;
      } catch (IOException | RuntimeException e) { // logged, in part applied: replay finishes it
        stop.stop(e);
        throw e;
      }
    });
  }

  /** Applies a forget, recorded or replayed, and a forget-all's follow-up; clusters removed. */
  int apply(String sessionHash) throws IOException {
    int removed = sessionHash == null ? index.forgetAll() : index.forgetSession(sessionHash);
    if (sessionHash == null) {
      followUp.run();
    }
    checkpointer.changed();
    return removed;
  }

  /** Deletes events older than the time to live and checkpoints; returns the clusters removed. */
  int expire() throws IOException {
    return checkpointer.rewriting(() -> {
      int before = index.recorded().clusters().size();
      if (expireUncommitted()) {
        checkpointer.rebuildLearnedFields();
        checkpointer.checkpoint();
      }
      return before - index.recorded().clusters().size();
    });
  }

  /**
   * Deletes the events older than the time to live, not committed (on open, before the learned
   * fields are rebuilt); returns whether it deleted any, marking the store changed if so.
   */
  boolean expireUncommitted() throws IOException {
    int before = index.recorded().events();
    index.expire();
    if (index.recorded().events() == before) {
      return false;
    }
    checkpointer.changed(); // the deletions must be committed even if no learned value changes
    return true;
  }
}
