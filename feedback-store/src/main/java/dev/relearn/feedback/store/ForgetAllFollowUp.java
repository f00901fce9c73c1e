package dev.relearn.feedback.store;

import java.io.IOException;

/**
 * What a forget-all must also reset outside the feedback store: the engine's rating-learned
 * weights and its recent-feedback list. The store runs it when it applies a logged forget-all,
 * before the checkpoint that trims the forget from the log: a replay after a crash or a failure
 * before then runs it again. So it must be idempotent, and must not call the store (it runs under
 * the store's locks).
 */
@FunctionalInterface
public interface ForgetAllFollowUp {
  /** Nothing to reset beside the store. */
  ForgetAllFollowUp NONE = () -> { };

  /** Resets what the caller keeps beside the store; durable when it returns. */
  void run() throws IOException;
}
