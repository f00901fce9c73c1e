package dev.relearn.eval.learning;

import dev.relearn.engine.FeedbackRequest;
import dev.relearn.engine.Relearn;
import dev.relearn.eval.beir.BeirDataset;
import dev.relearn.eval.metrics.Qrels;
import dev.relearn.feedback.event.ShownResult;
import dev.relearn.indexer.build.Progress;
import dev.relearn.lucene.feedback.Outcome;
import dev.relearn.lucene.search.Hit;
import dev.relearn.lucene.search.SearchMode;
import dev.relearn.lucene.search.SearchRequest;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Simulated users who record feedback through the same public API a real user goes through: for
 * each query of a split, the top {@code shown} hybrid results are shown, the relevant ones among
 * them (by the qrels) are used, and the task succeeds; each query is its own session. A query
 * whose shown list holds nothing relevant records nothing. Event ids are derived from the query
 * ids, so a rerun is idempotent.
 */
public final class SimulatedFeedback {
  private final Relearn engine;
  private final int shown;

  /** Shows the top {@code shown} results of each query. */
  public SimulatedFeedback(Relearn engine, int shown) {
    if (shown < 1) {
      throw new IllegalArgumentException("shown must be at least 1, got: " + shown);
    }
    this.engine = engine;
    this.shown = shown;
  }

  /**
   * What a run recorded.
   *
   * @param queries queries searched
   * @param events feedback events recorded (new or already present)
   * @param used chunk uses recorded
   */
  public record Summary(int queries, int events, int used) {}

  /** Records feedback for every query of {@code split}. */
  public Summary record(BeirDataset dataset, String split, Progress progress) throws IOException {
    Qrels qrels = dataset.qrels(split);
    Map<String, String> texts = dataset.queries();
    Set<String> ids = dataset.queryIds(split);
    int events = 0;
    int uses = 0;
    int done = 0;
    progress.start("simulated feedback (" + dataset.name() + "/" + split + ")", ids.size());
    try {
      for (String queryId : ids) {
        String text = texts.get(queryId);
        List<ShownResult> list = new ArrayList<>();
        List<String> used = new ArrayList<>();
        for (Hit hit : engine.search(SearchRequest.of(text).withMode(SearchMode.HYBRID)
            .withK(shown)).hits()) {
          list.add(new ShownResult(hit.chunkId(), list.size() + 1));
          if (Qrels.isRelevant(qrels.grade(queryId, hit.chunkId()))) {
            used.add(hit.chunkId());
          }
        }
        if (!used.isEmpty()) {
          engine.feedback(FeedbackRequest.of(text, used).withOutcome(Outcome.SUCCESS)
              .withShown(list, true, false)
              .withIds("sim-" + queryId, split + "-" + queryId));
          events++;
          uses += used.size();
        }
        progress.advance(++done);
      }
    } finally {
      progress.finish();
    }
    return new Summary(ids.size(), events, uses);
  }
}
