package dev.relearn.feedback.store;

import dev.relearn.feedback.event.EventCodec;
import dev.relearn.feedback.event.FeedbackEvent;
import dev.relearn.feedback.log.ReplayReport;
import dev.relearn.feedback.log.Translog;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Replays the event log on open: every intact record is decoded and handed on in log order, an
 * event or a forget (the receiver ignores events it already has, and forgets are idempotent);
 * records that pass the log's checksum but do not decode are reported as damage alongside the
 * log's own findings.
 */
final class LogReplay {
  /** Receives the replayed records. */
  interface Receiver {
    void event(FeedbackEvent event) throws IOException;

    /** A forget of session {@code sessionHash}, or of everything when it is null. */
    void forget(String sessionHash) throws IOException;
  }

  private LogReplay() {}

  static ReplayReport replay(Translog log, Receiver receiver) throws IOException {
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
      FeedbackEvent event = null;
      String session = null;
      try {
        if (forget) {
          session = EventCodec.decodeForget(payload);
        } else {
          event = EventCodec.decode(payload);
        }
      } catch (IllegalArgumentException e) {
        undecodable.add("record " + seq + ": " + e.getMessage());
        return;
      }
      if (forget) {
        receiver.forget(session);
      } else {
        receiver.event(event);
      }
    });
    if (undecodable.isEmpty()) {
      return report;
    }
    List<String> problems = new ArrayList<>(report.problems());
    problems.addAll(undecodable);
    return new ReplayReport(report.records(), report.damagedRecords() + undecodable.size(),
        report.skippedBytes(), report.truncatedBytes(), problems);
  }
}
