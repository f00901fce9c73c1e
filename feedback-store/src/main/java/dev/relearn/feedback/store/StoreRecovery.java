package dev.relearn.feedback.store;

import dev.relearn.feedback.event.FeedbackEvent;
import dev.relearn.feedback.log.ReplayReport;
import java.io.IOException;

/**
 * What {@link FeedbackStore#open} does before the store takes calls: replays the event log, its
 * events and forgets in order (reporting damage as a warning: every intact record is kept), so
 * that a forget a crash or a failure cut short is finished; expires what outlived the time to
 * live while the process was down; brings the chunk index's learned fields in line with the
 * ledger; and checkpoints (which commits what the replay changed and trims the log).
 */
final class StoreRecovery {
  /** The store's logger, so that the warning keeps its category. */
  private static final System.Logger LOG = System.getLogger(FeedbackStore.class.getName());

  private StoreRecovery() {}

  /** Recovers the store made of these parts; returns what the log replay found. */
  static ReplayReport recover(StoreFolder folder, EventRecorder recorder, Rewrites rewrites,
      Checkpointer checkpointer) throws IOException {
    ReplayReport recovery = LogReplay.replay(folder.log(), new LogReplay.Receiver() {
      @Override
      public void event(FeedbackEvent event) throws IOException {
        recorder.replay(event);
      }

      @Override
      public void forget(String sessionHash) throws IOException {
        rewrites.apply(sessionHash);
      }
    });
    if (recovery.records() > 0) {
      checkpointer.changed();
    }
    if (!recovery.clean()) {
      LOG.log(System.Logger.Level.WARNING, "feedback log " + folder.log().directory()
          + " was damaged; every intact record was kept: "
          + String.join("; ", recovery.problems()));
    }
    if (rewrites.expireUncommitted().changedLedger()) {
      checkpointer.changed(); // the checkpoint below commits and purges the deletions
    }
    checkpointer.rebuildLearnedFields();
    checkpointer.checkpoint();
    return recovery;
  }
}
