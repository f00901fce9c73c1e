package dev.relearn.engine;

import java.io.IOException;

/**
 * How a read-write {@link Relearn} replaces its writers once one stopped (a tragic exception, a
 * rolled-back index call, a failed feedback store), without a restart. Before the next write,
 * with no call in flight, it closes the stopped parts (rolling back what was not committed) and
 * opens new ones from the last commits ({@link EngineOpener#reopen}), the feedback store
 * replaying its log (finishing any forget cut short) and rewriting the learned fields that
 * differ. If reopening fails (the disk is still full), the call gets an {@code IOException},
 * read-only parts stand in so that searches go on, and the next write tries again. A folder that
 * is gone, or holds no commit, is not reopened ({@link FolderWatch}): that would create an index.
 */
final class PartsRecovery {
  private static final System.Logger LOG = System.getLogger(PartsRecovery.class.getName());

  private final Relearn engine;
  private final CallGate gate;
  private volatile IOException failure; // the last reopening's failure, until one succeeds

  /** Replaces the parts of {@code engine}'s {@code gate}. */
  PartsRecovery(Relearn engine, CallGate gate) {
    this.engine = engine;
    this.gate = gate;
  }

  /** Whether a writer stopped and the parts must be replaced. */
  boolean needed() {
    return gate.parts().stopped();
  }

  /** Replaces the parts; no call is in flight meanwhile. */
  void recover() throws IOException {
    gate.folder().requireCommit(); // reopening never creates an index where one vanished
    EngineParts stopped = gate.parts();
    Throwable cause = stopped.tragicException();
    boolean standIn = stopped.writer() == null;
    if (!standIn) {
      stopped.closeStopped(); // commits nothing of the writer: the new store rewrites learned fields
    }
    EngineParts fresh;
    try {
      fresh = EngineOpener.reopen(engine, stopped, true);
    } catch (IOException | RuntimeException e) {
      IOException refused = new IOException("the index " + stopped.dir() + " could not reopen"
          + " its writers after a failure (" + e.getMessage() + "). Searches go on with the last"
          + " commit and acknowledged feedback is safe in the feedback log; fix the cause (for"
          + " example, free disk space): the next call that writes tries again", e);
      failure = refused;
      if (!standIn) {
        standInFor(stopped, refused);
      }
      throw refused;
    }
    if (standIn) {
      stopped.closeStopped();
    }
    gate.replaceParts(fresh);
    failure = null;
    LOG.log(System.Logger.Level.INFO, () -> "reopened the writers of " + stopped.dir()
        + " from the last commits after: " + (cause == null ? "a failed reopening" : cause));
  }

  /**
   * Before the engine closes: replaces stopped writers, so that forgets a failure cut short are
   * finished; a failure to reopen is logged, and the engine closes all the same.
   */
  void beforeClose() {
    if (!needed() || gate.folder().gone()) { // nothing to reopen from; the calls said so
      return;
    }
    try {
      recover();
    } catch (IOException | RuntimeException e) {
      LOG.log(System.Logger.Level.WARNING, "closing " + gate.parts().dir() + " without"
          + " replacing its stopped writers; the next open replays the feedback log", e);
    }
  }

  /** Puts read-only parts in for {@code stopped}'s; if even they fail, notes it on {@code e}. */
  private void standInFor(EngineParts stopped, IOException e) {
    try {
      gate.replaceParts(EngineOpener.reopen(engine, stopped, false));
    } catch (IOException | RuntimeException readOnly) {
      e.addSuppressed(readOnly);
    }
  }

  /** Why the last reopening failed, or null if it succeeded or none was tried. */
  IOException failure() {
    return failure;
  }
}
