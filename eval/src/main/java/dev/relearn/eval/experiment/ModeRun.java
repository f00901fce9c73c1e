package dev.relearn.eval.experiment;

import dev.relearn.eval.metrics.Run;
import java.util.Objects;

/**
 * A run of one system over a query set, and its scores.
 *
 * @param run the top 100 per query, self-hits removed
 * @param scores nDCG@10 and Recall@100 per query
 */
public record ModeRun(Run run, QueryScores scores) {
  public ModeRun {
    Objects.requireNonNull(run, "run");
    Objects.requireNonNull(scores, "scores");
  }
}
