package dev.relearn.cli;

import dev.relearn.engine.RelearnOptions;
import picocli.CommandLine.Option;

/**
 * How the commands that create an index or record feedback write it: read-only commands lack
 * these options, so that a search cannot switch on a protection that then stays on.
 */
final class WriteOptions {
  @Option(names = "--protect-query-vectors", negatable = false,
      description = "Store feedback query vectors rotated by a secret and quantised"
          + " (docs/PRIVACY.md); once on, it stays on. Refused while feedback recorded without it"
          + " remains (forget --all first).")
  boolean protectQueryVectors;

  @Option(names = "--feedback-durability", paramLabel = "MODE", defaultValue = "request",
      description = "request: acknowledge feedback after an fsync (default); async: fsync every"
          + " 200 ms, so a crash may lose the last 200 ms of feedback.")
  String feedbackDurability;

  /** {@code options} with these; a bad durability is an {@link IllegalArgumentException}. */
  RelearnOptions apply(RelearnOptions options) {
    return options.withProtectedQueryVectors(protectQueryVectors)
        .withFeedbackDurability(feedbackDurability);
  }
}
