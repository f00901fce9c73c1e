package dev.relearn.feedback.store;

import dev.relearn.feedback.event.EventCodec;
import dev.relearn.feedback.event.EventEvidence;
import dev.relearn.feedback.event.FeedbackEvent;
import dev.relearn.feedback.index.AddResult;
import dev.relearn.feedback.index.FeedbackIndex;
import dev.relearn.feedback.index.TaughtEvent;
import dev.relearn.feedback.log.Translog;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * Logs events and applies them to the events index and the learned fields in log order (the order
 * a restart's replay follows), a group at a time: each event is queued as it is written; once the
 * group commit's fsync makes it durable, the first of the group's recorders to take the apply lock
 * applies every queued durable event in one pass ({@link FeedbackIndex#addAll}), and the others
 * find theirs applied. An event is applied only once durable. A failed apply stops the store
 * ({@link StoreStop}): its group is logged, not acknowledged, and the reopening replays it.
 * Thread-safe.
 */
final class GroupApply {
  /** An event written to the log and not yet applied. */
  private record Logged(long seq, TaughtEvent taught) {}

  private final Translog log;
  private final FeedbackIndex index;
  private final LearnedFields learned;
  private final EventEvidence evidence;
  private final Checkpointer checkpointer;
  private final StoreStop stop;
  private final ArrayDeque<Logged> queued = new ArrayDeque<>(); // in log order; guarded by itself
  private volatile long appliedSeq; // every queued event up to it is applied

  GroupApply(Translog log, FeedbackIndex index, LearnedFields learned, EventEvidence evidence,
      Checkpointer checkpointer, StoreStop stop) {
    this.log = log;
    this.index = index;
    this.learned = learned;
    this.evidence = evidence;
    this.checkpointer = checkpointer;
    this.stop = stop;
  }

  /** Logs {@code event}, waits until it is durable and applied; returns its sequence number. */
  long record(FeedbackEvent event) throws IOException {
    TaughtEvent taught = new TaughtEvent(event, evidence.of(event));
    byte[] payload = EventCodec.encode(event);
    Logged mine;
    synchronized (queued) { // so that the queue is in log order
      mine = new Logged(log.write(payload), taught);
      queued.add(mine);
    }
    try {
      log.awaitDurable(mine.seq());
    } catch (IOException | RuntimeException e) {
      synchronized (queued) {
        queued.remove(mine);
      }
      throw e;
    }
    if (appliedSeq < mine.seq()) {
      checkpointer.apply(() -> applyUpTo(mine.seq()));
    }
    return mine.seq();
  }

  /** Applies the durable queued events (at least those up to {@code seq}) in log order. */
  private void applyUpTo(long seq) throws IOException {
    if (appliedSeq >= seq) {
      return; // applied meanwhile by another recorder of its group
    }
    stop.check(); // an earlier group failed: this event is logged, not applied
    long durable = Math.max(seq, log.lastSyncedSeq()); // seq: durable as its mode promises
    List<Logged> group = new ArrayList<>();
    synchronized (queued) {
      while (!queued.isEmpty() && queued.peek().seq() <= durable) {
        group.add(queued.poll());
      }
    }
    try {
      List<TaughtEvent> events = group.stream().map(Logged::taught).toList();
      List<AddResult> added = index.addAll(events);
      for (int i = 0; i < events.size(); i++) {
        if (added.get(i) != AddResult.DUPLICATE) {
          learned.add(events.get(i).event(), index.currentIds(events.get(i).evidence()));
        }
      }
    } catch (IOException | RuntimeException e) { // logged, in part applied: replay it
      stop.stop(e);
      throw e;
    }
    appliedSeq = group.getLast().seq();
  }
}
