package dev.relearn.indexer.build;

import java.util.ArrayList;
import java.util.List;

/** Records progress calls as text: every call, or only task starts and notes. */
class RecordingProgress implements Progress {
  final List<String> events = new ArrayList<>();
  private final boolean everyCall;

  RecordingProgress(boolean everyCall) {
    this.everyCall = everyCall;
  }

  @Override
  public void start(String task, long total) {
    events.add("start " + task + " " + total);
  }

  @Override
  public void advance(long done) {
    if (everyCall) {
      events.add("advance " + done);
    }
  }

  @Override
  public void finish() {
    if (everyCall) {
      events.add("finish");
    }
  }

  @Override
  public void note(String message) {
    events.add(message);
  }
}
