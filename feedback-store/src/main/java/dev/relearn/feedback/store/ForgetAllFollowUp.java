package dev.relearn.feedback.store;

import java.io.IOException;

/**
 * What a forget-all must also reset outside the feedback store (the engine's rating-learned
 * weights and recent-feedback list). Run when a logged forget-all is applied, so again on a replay:
 * it must be idempotent, and must not call the store (it runs under the store's locks).
 */
@FunctionalInterface
public interface ForgetAllFollowUp {
  /** Nothing to reset beside the store. */
  ForgetAllFollowUp NONE = () -> { };

  /** Resets what the caller keeps beside the store; durable when it returns. */
  void run() throws IOException;
}
