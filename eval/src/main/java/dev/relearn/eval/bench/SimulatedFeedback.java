package dev.relearn.eval.bench;

import dev.relearn.engine.FeedbackRequest;
import dev.relearn.engine.RelearnOperations;
import dev.relearn.eval.beir.BeirDataset;
import dev.relearn.eval.metrics.Qrels;
import dev.relearn.feedback.event.ShownResult;
import dev.relearn.indexer.build.Progress;
import dev.relearn.lucene.feedback.Outcome;
import dev.relearn.engine.search.Hit;
import dev.relearn.engine.search.SearchMode;
import dev.relearn.engine.search.SearchRequest;
import dev.relearn.lucene.schema.Require;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Simulated users who record feedback through the same public API a real user goes through: for
 * each query of a split, the top {@code shown} hybrid results are shown, the relevant ones among
 * them (by the qrels) are used, and the task succeeds; each query is its own session. A query
 * whose shown list holds nothing relevant records nothing. Event ids are derived from the query
 * ids (and the pass, when a count of events takes several passes), so a rerun is idempotent.
 */
public final class SimulatedFeedback {
  private final RelearnOperations engine;
  private final int shown;

  /** Shows the top {@code shown} results of each query of {@code engine}, embedded or a cluster. */
  public SimulatedFeedback(RelearnOperations engine, int shown) {
    Require.atLeastOne("shown", shown);
    this.engine = engine;
    this.shown = shown;
  }

  /**
   * What a run recorded: passes over the split (the last perhaps cut short), queries searched,
   * feedback events (new or present) and chunk uses.
   */
  public record Summary(int passes, int queries, int events, int used) {
    public Summary {
      if (passes < 0 || queries < 0 || events < 0 || used < 0) {
        throw new IllegalArgumentException("counts must not be negative, got: passes=" + passes
            + ", queries=" + queries + ", events=" + events + ", used=" + used);
      }
    }
  }

  /** Records feedback for every query of {@code split}: one pass over it. */
  public Summary record(BeirDataset dataset, String split, Progress progress) throws IOException {
    return record(dataset, split, Integer.MAX_VALUE, 1, progress);
  }

  /**
   * Records exactly {@code events} (at least 1) feedback events in as many passes over the split as
   * it takes, each a new session per query with new event ids; throws if a pass records nothing.
   */
  public Summary record(BeirDataset dataset, String split, int events, Progress progress)
      throws IOException {
    Require.atLeastOne("events", events);
    return record(dataset, split, events, Integer.MAX_VALUE, progress);
  }

  private Summary record(BeirDataset dataset, String split, int target, int maxPasses,
      Progress progress) throws IOException {
    Qrels qrels = dataset.qrels(split);
    Map<String, String> texts = dataset.queries();
    List<String> ids = List.copyOf(dataset.queryIds(split));
    Summary total = new Summary(0, 0, 0, 0);
    for (int pass = 0; pass < maxPasses && total.events() < target; pass++) {
      Summary one = pass(dataset.name(), split, pass, ids, texts, qrels,
          target - total.events(), progress);
      if (one.events() == 0 && maxPasses > 1) {
        throw new IllegalStateException("no query of " + dataset.name() + "/" + split
            + " has a relevant result among its top " + shown + ", so no feedback event can be"
            + " recorded; " + total.events() + " of " + target + " recorded");
      }
      total = new Summary(pass + 1, total.queries() + one.queries(),
          total.events() + one.events(), total.used() + one.used());
    }
    return total;
  }

  /** One pass: at most {@code limit} events, one session per query (pass 0 keeps the old ids). */
  private Summary pass(String name, String split, int pass, List<String> ids,
      Map<String, String> texts, Qrels qrels, int limit, Progress progress) throws IOException {
    String prefix = pass == 0 ? "" : "r" + pass + "-";
    int events = 0;
    int uses = 0;
    int done = 0;
    progress.start("simulated feedback (" + name + "/" + split
        + (pass == 0 ? "" : ", pass " + (pass + 1)) + ")", ids.size());
    try {
      for (String queryId : ids) {
        if (events == limit) {
          break;
        }
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
              .withIds("sim-" + prefix + queryId, split + "-" + prefix + queryId));
          events++;
          uses += used.size();
        }
        progress.advance(++done);
      }
    } finally {
      progress.finish();
    }
    engine.awaitLearning(); // what is measured next ranks with every refit done
    return new Summary(1, done, events, uses);
  }
}
