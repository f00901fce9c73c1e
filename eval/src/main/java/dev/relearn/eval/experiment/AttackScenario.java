package dev.relearn.eval.experiment;

import dev.relearn.eval.experiment.Scorer.ModeRun;
import dev.relearn.eval.metrics.Qrels;
import dev.relearn.eval.metrics.Run;
import dev.relearn.eval.metrics.ScoredDoc;
import dev.relearn.engine.search.SearchMode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One attacking session spams clicks on one irrelevant chunk. The attacker picks the chunk that is
 * an irrelevant hybrid top-100 candidate of the most test queries (ties: the smallest id), and
 * sends {@link LearnConfig#attackEvents()} feedback events from one session id, cycling through
 * those queries: each event claims the chunk was shown at rank 1 above the query's current top
 * 9, clicked, and the task succeeded. The attacker knows the test queries; nothing else is
 * forged. The harm is the drop in the learned mode's per-query test nDCG@10.
 */
final class AttackScenario {
  /** The attacker's one session id. */
  static final String SESSION = "attacker";

  /**
   * What the attack did: the learned mode after it, and the target, events and harm for the JSON.
   */
  record Outcome(ModeRun after, Map<String, Object> details) {}

  private final SessionLoop runner;
  private final Scorer scorer;
  private final LearnConfig config;

  AttackScenario(SessionLoop runner, Scorer scorer, LearnConfig config) {
    this.runner = runner;
    this.scorer = scorer;
    this.config = config;
  }

  Outcome run(Split test, ModeRun hybrid) throws IOException {
    runner.learnNow();
    ModeRun beforeRun = scorer.score(test, SearchMode.LEARNED);
    String target = target(test, hybrid.run());
    List<String> queries = new ArrayList<>();
    for (String id : test.ids()) {
      if (!Qrels.isRelevant(test.qrels().grade(id, target))
          && rank(hybrid.run().ranking(id), target) > 0) {
        queries.add(id);
      }
    }
    for (int i = 0; i < config.attackEvents(); i++) {
      String text = test.text(queries.get(i % queries.size()));
      List<String> shown = new ArrayList<>(List.of(target));
      for (String id : runner.search(text, 10)) {
        if (!id.equals(target) && shown.size() < 10) {
          shown.add(id);
        }
      }
      runner.record(text, shown, List.of(target), true, SESSION,
          "attack-" + config.seed() + "-" + i);
    }
    runner.learnNow(); // both sides ranked with the trust fit on every event so far
    ModeRun after = scorer.score(test, SearchMode.LEARNED);
    Map<String, Object> details = new LinkedHashMap<>();
    details.put("before_attack", beforeRun.scores().toJson());
    details.put("attack_target", target);
    details.put("attack_events", config.attackEvents());
    details.put("attack_queries", queries.size());
    details.put("harm", harm(beforeRun.scores(), after, beforeRun.run(), target));
    return new Outcome(after, details);
  }

  /** The chunk that is an irrelevant candidate of the most queries; ties: the smallest id. */
  static String target(Split test, Run hybrid) {
    Map<String, Integer> counts = new HashMap<>();
    for (String id : test.ids()) {
      for (ScoredDoc doc : hybrid.ranking(id)) {
        if (!Qrels.isRelevant(test.qrels().grade(id, doc.docId()))) {
          counts.merge(doc.docId(), 1, Integer::sum);
        }
      }
    }
    return counts.entrySet().stream().max(Map.Entry.<String, Integer>comparingByValue()
            .thenComparing(Map.Entry.comparingByKey(Comparator.reverseOrder())))
        .orElseThrow(() -> new IllegalStateException("no irrelevant candidate to attack with"))
        .getKey();
  }

  private static Map<String, Object> harm(QueryScores before, ModeRun after, Run beforeRun,
      String target) {
    double worst = 0;
    String worstQuery = null;
    int hurt = 0;
    int helped = 0;
    for (Map.Entry<String, Double> entry : before.ndcg10().entrySet()) {
      double drop = entry.getValue() - after.scores().ndcg10().get(entry.getKey());
      if (drop > 1e-12) {
        hurt++;
      } else if (drop < -1e-12) {
        helped++;
      }
      if (drop > worst) {
        worst = drop;
        worstQuery = entry.getKey();
      }
    }
    Map<String, Object> harm = new LinkedHashMap<>();
    harm.put("mean_drop_ndcg@10", before.ndcg() - after.scores().ndcg());
    harm.put("worst_query_drop_ndcg@10", worst);
    harm.put("worst_query", worstQuery);
    harm.put("queries_hurt", hurt);
    harm.put("queries_helped", helped);
    harm.put("target_in_top10_before", inTop10(beforeRun, target));
    harm.put("target_in_top10_after", inTop10(after.run(), target));
    harm.put("target_most_ranks_up", mostRanksUp(beforeRun, after.run(), target));
    return harm;
  }

  /**
   * The most ranks the target rose on any query: from its rank before the attack (or just below
   * the ranking, when absent) to its rank after; 0 when it rose nowhere.
   */
  static int mostRanksUp(Run before, Run after, String target) {
    int most = 0;
    for (String query : after.queryIds()) {
      int was = rank(before.ranking(query), target);
      int is = rank(after.ranking(query), target);
      if (is > 0) {
        most = Math.max(most, (was > 0 ? was : before.ranking(query).size() + 1) - is);
      }
    }
    return most;
  }

  /** The 1-based rank of {@code target} in {@code ranking}, or 0 when absent. */
  private static int rank(List<ScoredDoc> ranking, String target) {
    return ranking.stream().map(ScoredDoc::docId).toList().indexOf(target) + 1;
  }

  private static int inTop10(Run run, String target) {
    return (int) run.queryIds().stream().map(query -> rank(run.ranking(query), target))
        .filter(rank -> rank > 0 && rank <= 10).count();
  }
}
