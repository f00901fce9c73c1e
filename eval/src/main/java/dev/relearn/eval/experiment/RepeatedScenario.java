package dev.relearn.eval.experiment;

import dev.relearn.eval.metrics.Plural;
import dev.relearn.eval.simulate.Seeds;
import dev.relearn.engine.search.SearchMode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Repeated queries: every test query is asked in {@link LearnConfig#REPEATS} sessions, in a
 * seeded random order; each session records feedback with probability {@link
 * LearnConfig#FEEDBACK_SHARE}, and the others are held out. The queries of the held-out sessions
 * are evaluated, each once with its ranking at the checkpoint (a query's held-out sessions score
 * alike, and the paired tests need independent pairs). A held-out query that also had a feedback
 * session is "seen", the others "unseen" (they can only gain by generalisation); both subsets
 * are reported.
 */
final class RepeatedScenario {
  private final LearningExperiment experiment;

  RepeatedScenario(LearningExperiment experiment) {
    this.experiment = experiment;
  }

  LearningResult run() throws IOException {
    LearnConfig config = experiment.config;
    Split test = experiment.test();
    List<String> sessions = new ArrayList<>();
    for (String id : test.ids()) {
      for (int r = 0; r < LearnConfig.REPEATS; r++) {
        sessions.add(id);
      }
    }
    Collections.shuffle(sessions, Seeds.of(config.seed(), "repeated-order", 0));
    List<String> feedback = new ArrayList<>();
    List<String> heldOut = new ArrayList<>(); // a query id per held-out session
    for (int i = 0; i < sessions.size(); i++) {
      if (Seeds.of(config.seed(), "repeated-split", i).nextDouble() < LearnConfig.FEEDBACK_SHARE) {
        feedback.add(sessions.get(i));
      } else {
        heldOut.add(sessions.get(i));
      }
    }
    if (heldOut.isEmpty()) { // the paired tests need at least one query
      throw new IllegalArgumentException("the repeated scenario held out none of the "
          + sessions.size() + " sessions of its " + Plural.count(test.size(), "test query",
          "test queries") + " (each records feedback with probability "
          + LearnConfig.FEEDBACK_SHARE + "), so nothing is left to evaluate; use more test"
          + " queries or another seed");
    }
    int total = Math.min(config.sessionsFor(feedback.size()), feedback.size());
    List<String> queries = List.copyOf(new LinkedHashSet<>(heldOut));
    Scorer scorer = experiment.scorer;
    // one score per held-out query, however many of its sessions were held out: the paired
    // tests need independent pairs, and a query's sessions score alike
    QueryScores baseline = scorer.score(test, queries, SearchMode.HYBRID, Scorer.DEPTH).scores();
    LearningExperiment.reset(experiment.engine);
    long start = System.nanoTime();
    SessionLoop.Result outcome = experiment.loop.run(Scenario.REPEATED.label(), test,
        feedback::get, total, i -> config.user(), full -> scorer.score(test, queries,
            SearchMode.LEARNED, full ? Scorer.DEPTH : Scorer.CURVE_DEPTH).scores());
    Set<String> withFeedback = new HashSet<>(feedback.subList(0, total));
    Map<String, Object> details = new LinkedHashMap<>();
    details.put("sessions_per_query", LearnConfig.REPEATS);
    details.put("feedback_sessions", total);
    details.put("held_out_sessions", heldOut.size());
    details.put("held_out_queries", queries.size());
    details.put("seen", subset(queries, withFeedback, true, baseline, outcome.last()));
    details.put("unseen", subset(queries, withFeedback, false, baseline, outcome.last()));
    details.put("clicks", outcome.clicks());
    details.put("session_seconds", outcome.sessionSeconds());
    details.put("checkpoint_seconds", outcome.checkpointSeconds());
    return experiment.result(Scenario.REPEATED, test.name(), outcome, baseline, outcome.last(),
        details, config.user().describe(), start);
  }

  /** The held-out queries that had a feedback session ({@code seen}) or not, compared. */
  private Map<String, Object> subset(List<String> queries, Set<String> withFeedback,
      boolean seen, QueryScores baseline, QueryScores learned) {
    Map<String, Double> base = new LinkedHashMap<>();
    Map<String, Double> after = new LinkedHashMap<>();
    for (String query : queries) {
      if (withFeedback.contains(query) == seen) {
        base.put(query, baseline.ndcg10().get(query));
        after.put(query, learned.ndcg10().get(query));
      }
    }
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("held_out_queries", base.size());
    if (base.size() >= 2) {
      json.put("comparison", dev.relearn.eval.stats.PairedComparison.of(base, after,
          experiment.config.randomisation()).toJson());
    }
    return json;
  }
}
