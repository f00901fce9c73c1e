package dev.relearn.eval.experiment;

import dev.relearn.engine.Relearn;
import java.io.IOException;

/** Returns an engine to its cold state between experiments: no feedback, default weights. */
final class FeedbackReset {
  private FeedbackReset() {}

  /**
   * Forgets all feedback (committed, learned fields reset) and what ratings taught the weights.
   *
   * @throws IllegalStateException if the engine is read-only
   */
  static void reset(Relearn engine) throws IOException {
    if (engine.feedbackStore() == null) {
      throw new IllegalStateException("learning experiments need a writable index");
    }
    engine.forgetAll(); // through the engine: its trust is refit too
    engine.resetWeights(null);
  }
}
