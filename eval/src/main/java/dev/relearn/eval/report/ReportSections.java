package dev.relearn.eval.report;

import dev.relearn.eval.experiment.DatasetReport;
import dev.relearn.eval.experiment.LearnConfig;
import dev.relearn.eval.experiment.LearningResult;
import java.util.Map;

/** The settings, scenario and target sections of {@link ReportFiles}. */
final class ReportSections {
  /** Noise may move nDCG@10 by at most this (the evaluation's target). */
  static final double NOISE_LIMIT = 0.005;
  /** Learned must beat hybrid at this level on ToolLens and NFCorpus (the evaluation's target). */
  static final double SIGNIFICANCE = 0.05;

  private ReportSections() {}

  static void settings(StringBuilder md, EvaluationReport report) {
    md.append("## Settings\n\n");
    report.settings().forEach((key, value) ->
        md.append("- ").append(key).append(": ").append(value).append('\n'));
    md.append('\n');
  }

  static void method(StringBuilder md) {
    md.append("## Method\n\n");
    md.append("""
        - **Rows.** Each system searches every test query once (top 100). *hybrid + learned* is
          the learned mode after the generalisation scenario's feedback; *learned, protected
          query vectors* repeats that scenario on a second index whose feedback store keeps query
          vectors rotated by a per-install secret and int8-quantised; the *oracle* puts the
          hybrid top 100 in the qrels' order, the bound for any re-ranking of those candidates.
          Every row is compared with hybrid query by query on nDCG@10.
        - **Sessions.** A simulated user searches in learned mode (which equals hybrid before any
          feedback), sees the top results, clicks by the click model, and the engine records one
          feedback event through `Relearn.feedback`: the shown list with ranks, the clicked
          chunks as used, and success or failure. Sessions without a click record nothing.
        - **Generalisation:** sessions draw train queries; the test queries are never searched
          by a simulated user. **Repeated:** every test query is asked in several sessions; some
          record feedback, the held-out rest are evaluated, each query once (*seen* when it also
          had a feedback session). **Noise:** the same train sessions, by a user whose clicks and
          outcomes ignore relevance. **Mixed:** the same train sessions, each by that noise user
          with probability %s (drawn per session from the seed) and by the simulated user
          otherwise. **Attack:** after the generalisation feedback, one session sends many events
          that claim an irrelevant chunk was shown first, clicked and useful, for the test
          queries where it is a candidate.
        - Every scenario starts from an index without feedback (`forget --all`) and leaves its own:
          a learned `relearn eval` there warns if it came from the queries scored. The seed fixes
          session order, clicks and outcomes, so reruns on the same code agree.
        - **Commands.** `relearn eval --dataset DIR [--mode M] [--run-out FILE]` scores one mode;
          `relearn eval learn --dataset DIR [--scenario generalisation|repeated|noise|attack|mixed]
          [--sessions N] [--curve-every N]
          [--click-model pbm|cascade-perfect|cascade-navigational|cascade-informational]
          [--json]` runs one scenario; `relearn eval report` runs everything on this page.
          `EvaluationQualityTest` runs it with at most 1,000 sessions per dataset against
          the bars in `eval/src/test/resources/expected/`.

        """.formatted(LearnConfig.MIXED_NOISE_SHARE));
  }

  static void scenarios(StringBuilder md, DatasetReport d) {
    md.append("Learning scenarios on ").append(d.dataset()).append(":\n\n");
    md.append("| scenario | evaluated on | sessions | events | hybrid nDCG@10 | learned nDCG@10"
        + " | Δ | p, randomisation | p, t-test |\n");
    md.append("|---|---|---|---|---|---|---|---|---|\n");
    row(md, "generalisation", "test queries", d.generalisation());
    row(md, "generalisation, protected vectors", "test queries", d.protectedVectors());
    row(md, "repeated", Fmt.count(d.repeated().baseline().size(), "held-out test query",
        "held-out test queries"), d.repeated());
    row(md, "noise", "test queries", d.noise());
    Map<String, Object> seen = map(d.noise().details().get("noise_on_seen_queries"));
    if (seen != null) {
      Map<String, Object> c = map(seen.get("comparison"));
      md.append(Fmt.row("noise", Fmt.count(((Number) seen.get("queries")).longValue(),
          "train query", "train queries") + " that got the noise", "", "",
          Fmt.f4(num(c, "baseline")), Fmt.f4(num(c, "system")), Fmt.signed(num(c, "difference")),
          Fmt.p(num(c, "p_randomisation")), Fmt.p(num(c, "p_ttest"))));
    }
    row(md, "mixed", "test queries", d.mixed());
    row(md, "attack (after the train feedback)", "test queries", d.attack());
    md.append('\n');
    Map<String, Object> harm = map(d.attack().details().get("harm"));
    Map<String, Object> before = map(d.attack().details().get("before_attack"));
    md.append("Attack: one session sent ")
        .append(Fmt.count((long) num(d.attack().details(), "attack_events"), "event", "events"))
        .append(" claiming that chunk `").append(d.attack().details().get("attack_target"))
        .append("` (an irrelevant hybrid top-100 candidate of ")
        .append(Fmt.count((long) num(d.attack().details(), "attack_queries"), "test query",
            "test queries"))
        .append(") was shown"
            + " first, clicked and useful, for those queries. Against the learned mode before the"
            + " attack (nDCG@10 ").append(Fmt.f4(num(before, "ndcg@10"))).append("): mean drop ")
        .append(Fmt.f4(num(harm, "mean_drop_ndcg@10"))).append(", worst single-query drop ")
        .append(Fmt.f4(num(harm, "worst_query_drop_ndcg@10"))).append(", ")
        .append(Fmt.count((long) num(harm, "queries_hurt"), "query", "queries"))
        .append(" hurt and ").append(harm.get("queries_helped"))
        .append(" helped; the chunk is in the top 10 of ")
        .append(Fmt.count((long) num(harm, "target_in_top10_after"), "test query", "test queries"))
        .append(" (before: ").append(harm.get("target_in_top10_before"))
        .append("); it rose at most ")
        .append(Fmt.count((long) num(harm, "target_most_ranks_up"), "rank", "ranks"))
        .append(" on any query.\n\n");
    Map<String, Object> seenRepeated = map(map(d.repeated().details().get("seen"))
        .get("comparison"));
    Map<String, Object> unseen = map(map(d.repeated().details().get("unseen")).get("comparison"));
    if (seenRepeated != null && unseen != null) {
      md.append("Repeated: held-out queries that also had a feedback session (")
          .append(change(seenRepeated)).append("; the others (").append(change(unseen))
          .append(".\n\n");
    }
  }

  static void checks(StringBuilder md, EvaluationReport report) {
    md.append("## Targets, as measured\n\n");
    for (DatasetReport d : report.datasets()) {
      LearningResult g = d.generalisation();
      Map<String, Object> harm = map(d.attack().details().get("harm"));
      boolean beats = g.deltaNdcg() > 0 && g.comparison().pRandomisation() < SIGNIFICANCE
          && g.comparison().pTTest() < SIGNIFICANCE;
      md.append("- ").append(d.dataset()).append(": hybrid + learned ")
          .append(beats ? "beats" : "does not beat").append(" hybrid at p < 0.05 (Δ ")
          .append(Fmt.signed(g.deltaNdcg())).append(", p ")
          .append(Fmt.p(g.comparison().pRandomisation())).append(" randomisation, ")
          .append(Fmt.p(g.comparison().pTTest())).append(" t-test). Noise moves nDCG@10 by ")
          .append(Fmt.signed(d.noise().deltaNdcg())).append(" (limit ±").append(NOISE_LIMIT)
          .append(Math.abs(d.noise().deltaNdcg()) <= NOISE_LIMIT ? ": within" : ": outside")
          .append("). Mixed keeps ").append(keptShare(d.mixed().deltaNdcg(), g.deltaNdcg()))
          .append(" of the clean Δ (Δ ").append(Fmt.signed(d.mixed().deltaNdcg()))
          .append("). Attack: mean drop ").append(Fmt.f4(num(harm, "mean_drop_ndcg@10")))
          .append(", worst query ").append(Fmt.f4(num(harm, "worst_query_drop_ndcg@10")))
          .append(", rose at most ").append(harm.get("target_most_ranks_up"))
          .append(" ranks. Cold start equals hybrid: ")
          .append(g.details().get("cold_start_equals_hybrid")).append(".\n");
    }
    md.append('\n');
  }

  /**
   * {@code mixed} as a share of {@code clean}, e.g. {@code 85 %}; {@code n/a} when {@code clean}
   * is not positive (there is no gain to keep).
   */
  static String keptShare(double mixed, double clean) {
    return clean > 0 ? Math.round(100 * mixed / clean) + " %" : "n/a";
  }

  /** {@code n): baseline → system (p p)} of a paired comparison's JSON. */
  private static String change(Map<String, Object> c) {
    return Fmt.count((long) num(c, "n")) + "): " + Fmt.f4(num(c, "baseline")) + " → "
        + Fmt.f4(num(c, "system")) + " (p " + Fmt.p(num(c, "p_randomisation")) + ")";
  }

  private static void row(StringBuilder md, String name, String on, LearningResult r) {
    md.append(Fmt.row(name, on, Fmt.count(r.sessions()), Fmt.count(r.events()),
        Fmt.f4(r.baseline().ndcg()), Fmt.f4(r.learned().ndcg()), Fmt.signed(r.deltaNdcg()),
        Fmt.p(r.comparison().pRandomisation()), Fmt.p(r.comparison().pTTest())));
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> map(Object value) {
    return value instanceof Map<?, ?> m ? (Map<String, Object>) m : null;
  }

  private static double num(Map<String, Object> map, String key) {
    Object value = map == null ? null : map.get(key);
    return value instanceof Number n ? n.doubleValue() : Double.NaN;
  }
}
