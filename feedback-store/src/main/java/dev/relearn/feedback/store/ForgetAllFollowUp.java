package dev.relearn.feedback.store;

import java.io.IOException;

/**
 * What a forget-all must also reset outside the feedback store: the engine's rating-learned
 * weights and its recent-feedback list. The store runs it once its own part of a forget-all is
 * committed, and clears the forget's mark from the ledger only after it returned ({@link
 * ForgetMarks}): an open after a crash or a failure before then finishes the forget and runs it
 * (again). So it must be idempotent, and must not call the store (it runs under the store's
 * locks).
 */
@FunctionalInterface
public interface ForgetAllFollowUp {
  /** Nothing to reset beside the store. */
  ForgetAllFollowUp NONE = () -> { };

  /** Resets what the caller keeps beside the store; durable when it returns. */
  void run() throws IOException;
}
