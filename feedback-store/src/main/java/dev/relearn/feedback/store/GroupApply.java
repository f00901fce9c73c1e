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
 * a restart's replay follows), a group at a time: each event is queued as it is written and its
 * fsync started on the log's sync thread ({@link Translog#syncAhead}); the first of the recorders
 * to take the apply lock applies every queued event in one pass ({@link FeedbackIndex#addAll}),
 * the others find theirs applied, and each waits for its fsync (group commit) before it is
 * acknowledged. The apply overlaps the fsync (an HTTP ack came 10 % sooner, paired, in {@code
 * bin/bench-feedback}). An event whose fsync fails is applied but not acknowledged; the log then
 * refuses every write and checkpoint until the store is reopened from its last commit and log. A failed apply stops the store
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
    log.syncAhead(mine.seq());
    if (appliedSeq < mine.seq()) {
      checkpointer.apply(() -> applyUpTo(mine.seq()));
    }
    log.awaitDurable(mine.seq());
    return mine.seq();
  }

  /** Applies the queued events up to {@code seq} in log order. */
  private void applyUpTo(long seq) throws IOException {
    if (appliedSeq >= seq) {
      return; // applied meanwhile by another recorder of its group
    }
    stop.check(); // an earlier group failed: this event is logged, not applied
    List<Logged> group = new ArrayList<>();
    synchronized (queued) {
      while (!queued.isEmpty() && queued.peek().seq() <= seq) {
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
