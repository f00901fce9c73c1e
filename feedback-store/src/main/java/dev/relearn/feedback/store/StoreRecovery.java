package dev.relearn.feedback.store;

import dev.relearn.feedback.event.EventCodec;
import dev.relearn.feedback.event.FeedbackEvent;
import dev.relearn.feedback.log.ReplayReport;
import dev.relearn.feedback.log.Translog;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What {@link FeedbackStore#open} does before the store takes calls: replays the log's events,
 * forgets and renames in log order (known events ignored, forgets and renames idempotent, so one
 * cut short is finished; damage, also records that pass the checksum but do not decode, or hold
 * an event of a zero vector, is a warning), expires what outlived the TTL, brings the learned
 * fields in line with the events, and checkpoints. An intact event in a newer format stops the
 * open with nothing changed.
 */
final class StoreRecovery {
  /** The store's logger, so that the warning keeps its category. */
  private static final System.Logger LOG = System.getLogger(FeedbackStore.class.getName());

  private StoreRecovery() {}

  /** Recovers the store made of these parts; returns what the log replay found. */
  static ReplayReport recover(StoreFolder folder, EventRecorder recorder, Rewrites rewrites,
      Checkpointer checkpointer) throws IOException {
    ReplayReport recovery = replay(folder.log(), recorder, rewrites);
    if (recovery.records() > 0) {
      checkpointer.changed();
    }
    if (!recovery.clean()) {
      LOG.log(System.Logger.Level.WARNING, "feedback log " + folder.log().directory()
          + " was damaged; every intact record was kept: "
          + String.join("; ", recovery.problems()));
    }
    boolean expired = rewrites.expireUncommitted(); // the checkpoint below commits them
    // the aggregates, counted as the events were read at open, are current unless the log or
    // expiry changed the events since
    checkpointer.rebuildLearnedFields(recovery.records() == 0 && !expired);
    checkpointer.checkpoint();
    return recovery;
  }

  private static ReplayReport replay(Translog log, EventRecorder recorder, Rewrites rewrites)
      throws IOException {
    List<String> undecodable = new ArrayList<>();
    ReplayReport report = log.replay((seq, payload) -> {
      int newer = EventCodec.newerVersion(payload);
      if (newer > 0) {
        throw new IOException("the feedback log " + log.directory() + " holds an event (record "
            + seq + ") in format version " + newer + ", which a newer relearn wrote; this one"
            + " reads " + EventCodec.supportedVersions() + ". Open the index with that newer"
            + " relearn; nothing was deleted");
      }
      boolean forget = EventCodec.isForget(payload);
      boolean renames = EventCodec.isRenames(payload);
      FeedbackEvent event = null;
      String session = null;
      Map<String, String> renamed = null;
      try {
        if (forget) {
          session = EventCodec.decodeForget(payload);
        } else if (renames) {
          renamed = EventCodec.decodeRenames(payload);
        } else {
          event = EventCodec.decode(payload);
        }
      } catch (IllegalArgumentException e) {
        undecodable.add("record " + seq + ": " + e.getMessage());
        return;
      }
      if (forget) {
        rewrites.apply(session);
      } else if (renames) {
        rewrites.applyRenames(renamed);
      } else if (EventRecorder.isZero(event.queryVector())) { // an older version logged it
        undecodable.add("record " + seq + ": event " + event.eventId() + " has a zero vector");
      } else {
        recorder.replay(event);
      }
    });
    return report.plus(new ReplayReport(0, undecodable.size(), 0, 0, undecodable));
  }
}
