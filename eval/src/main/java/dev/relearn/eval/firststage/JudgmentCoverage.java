package dev.relearn.eval.firststage;

import static dev.relearn.eval.metrics.Plural.count;

import dev.relearn.engine.Relearn;
import dev.relearn.eval.beir.BeirDataset;
import dev.relearn.eval.metrics.Qrels;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * How much of a split's judgments an evaluation can use. Every metric stays as trec_eval computes
 * it; this only says, before the numbers, what silently shapes them on a dataset of one's own:
 * judged queries that the queries file lacks (never run), evaluated queries without a relevant
 * document (counted as 0 in every metric, as in trec_eval), relevant documents that the index
 * does not hold (never retrieved, so they lower recall; usually doc ids that differ between the
 * qrels and the corpus), and relevant documents whose id is their query's, which BEIR's protocol
 * drops as self-hits (queries and documents numbered alike).
 *
 * @param judgedWithoutText judged query ids of the split with no text in the queries file
 * @param withoutRelevant evaluated query ids whose judgments are all below grade 1
 * @param relevantJudgments relevant (query, doc) judgments of the evaluated queries
 * @param unknownJudgments of those, the judgments whose doc the index does not hold
 * @param unknownDocIds the doc ids of those judgments, sorted
 * @param selfJudged evaluated query ids that judge the indexed document of the same id relevant
 * @param repeatedJudgments lines of the split's qrels that judge a pair judged before ({@link
 *     Qrels#repeatedJudgments}), which trec_eval refuses
 */
public record JudgmentCoverage(List<String> judgedWithoutText, List<String> withoutRelevant,
    int relevantJudgments, int unknownJudgments, List<String> unknownDocIds,
    List<String> selfJudged, int repeatedJudgments) {
  /** Ids shown in a note before it says how many more there are. */
  static final int IDS_SHOWN = 5;

  public JudgmentCoverage {
    judgedWithoutText = List.copyOf(judgedWithoutText);
    withoutRelevant = List.copyOf(withoutRelevant);
    unknownDocIds = List.copyOf(unknownDocIds);
    selfJudged = List.copyOf(selfJudged);
    if (unknownJudgments < 0 || unknownJudgments > relevantJudgments) {
      throw new IllegalArgumentException("unknownJudgments must be in [0, " + relevantJudgments
          + "], got: " + unknownJudgments);
    }
  }

  /**
   * Checks the judgments of {@code split} for the queries {@code evaluated} against the queries
   * file of {@code dataset} and the chunk ids of {@code engine}'s index (a BEIR corpus is indexed
   * with its {@code _id} as the chunk id).
   */
  public static JudgmentCoverage of(Relearn engine, BeirDataset dataset, String split,
      Collection<String> evaluated) throws IOException {
    Objects.requireNonNull(engine, "engine");
    Qrels qrels = dataset.qrels(split);
    Set<String> texts = dataset.queries().keySet();
    List<String> withoutText = qrels.queryIds().stream().filter(q -> !texts.contains(q)).toList();
    List<String> withoutRelevant = new ArrayList<>();
    Set<String> relevantDocs = new LinkedHashSet<>();
    for (String queryId : evaluated) {
      if (qrels.relevantCount(queryId) == 0) {
        withoutRelevant.add(queryId);
      }
      qrels.judgments(queryId).forEach((doc, grade) -> {
        if (Qrels.isRelevant(grade)) {
          relevantDocs.add(doc);
        }
      });
    }
    Set<String> unknown = engine.unknownChunkIds(relevantDocs);
    int judgments = 0;
    int unknownJudgments = 0;
    for (String queryId : evaluated) {
      for (Map.Entry<String, Integer> judged : qrels.judgments(queryId).entrySet()) {
        if (Qrels.isRelevant(judged.getValue())) {
          judgments++;
          unknownJudgments += unknown.contains(judged.getKey()) ? 1 : 0;
        }
      }
    }
    List<String> selfJudged = evaluated.stream()
        .filter(q -> Qrels.isRelevant(qrels.grade(q, q)) && !unknown.contains(q)).toList();
    return new JudgmentCoverage(withoutText, withoutRelevant, judgments, unknownJudgments,
        List.copyOf(unknown), selfJudged, qrels.repeatedJudgments());
  }

  /**
   * The note that the judged queries {@code withoutText} (not empty) have no text in {@code
   * queriesFile}, so that an evaluation neither runs nor counts them (trec_eval -c would count
   * them as 0).
   */
  public static String withoutTextNote(List<String> withoutText, String qrelsFile,
      String queriesFile) {
    boolean one = withoutText.size() == 1;
    return qrelsFile + ": " + count(withoutText.size(), "judged query", "judged queries") + " ha"
        + (one ? "s" : "ve") + " no text in " + queriesFile + " and " + (one ? "is" : "are")
        + " not run or counted (trec_eval -c would count " + (one ? "it" : "them") + " as 0): "
        + sample(withoutText);
  }

  /**
   * The note that {@code shared} (not empty) of the {@code total} queries judged in {@code
   * testFile} are judged in {@code trainFile} too: feedback sessions on the train queries may
   * search them, so the learned mode's test figures are not only generalisation.
   */
  public static String sharedQueriesNote(List<String> shared, int total, String testFile,
      String trainFile) {
    return testFile + ": " + shared.size() + " of its " + count(total, "query", "queries") + " "
        + (shared.size() == 1 ? "is" : "are") + " judged in " + trainFile + " too, so the train"
        + " sessions may search " + (shared.size() == 1 ? "it" : "them") + ": the test figures"
        + " then measure learning on queries that had feedback, not only generalisation: "
        + sample(shared);
  }

  /**
   * The problem that the judged queries {@code ids} (not empty) have {@code problem}, a text that
   * no search takes, so an evaluation cannot run them; {@code fix} (a verb) says what to do.
   */
  public static String refusedQueriesProblem(List<String> ids, String problem, String fix,
      String qrelsFile) {
    boolean one = ids.size() == 1;
    return count(ids.size(), "judged query", "judged queries") + " ha" + (one ? "s" : "ve") + " "
        + problem + ": " + sample(ids) + "; " + fix + " " + (one ? "it" : "each")
        + " or drop its judgments from " + qrelsFile;
  }

  /**
   * One line per finding, naming {@code qrelsFile} and {@code queriesFile} as the user knows
   * them (e.g. {@code qrels/test.tsv}, {@code queries.jsonl}); empty when all is well.
   */
  public List<String> notes(String qrelsFile, String queriesFile) {
    List<String> notes = new ArrayList<>();
    if (!judgedWithoutText.isEmpty()) {
      notes.add(withoutTextNote(judgedWithoutText, qrelsFile, queriesFile));
    }
    if (!withoutRelevant.isEmpty()) {
      boolean one = withoutRelevant.size() == 1;
      notes.add(qrelsFile + ": " + count(withoutRelevant.size(), "query", "queries") + " ha"
          + (one ? "s" : "ve") + " no relevant document (grade 1 or more) and score"
          + (one ? "s" : "") + " 0 in every metric, as in trec_eval: " + sample(withoutRelevant));
    }
    if (unknownJudgments == relevantJudgments && relevantJudgments > 0) {
      notes.add(qrelsFile + ": none of the " + count(relevantJudgments, "relevant document",
          "relevant documents") + " is in the index, so every metric is 0: do the doc ids of"
          + " the qrels match the corpus's _id values? Not found: " + sample(unknownDocIds));
    } else if (unknownJudgments > 0) {
      notes.add(qrelsFile + ": " + unknownJudgments + " of " + relevantJudgments + " relevant"
          + " judgments name" + (unknownJudgments == 1 ? "s" : "") + " a document the index"
          + " does not hold (never retrieved, so recall and nDCG are lower): "
          + sample(unknownDocIds));
    }
    if (!selfJudged.isEmpty()) {
      boolean one = selfJudged.size() == 1;
      notes.add(qrelsFile + ": " + count(selfJudged.size(), "query judges", "queries judge")
          + " relevant the document with " + (one ? "its" : "their") + " own id, which BEIR's"
          + " protocol drops from " + (one ? "its" : "their") + " results as a self-hit (never"
          + " retrieved, so recall and nDCG are lower; give queries and documents distinct ids): "
          + sample(selfJudged));
    }
    if (repeatedJudgments > 0) {
      notes.add(repeatsNote(repeatedJudgments, qrelsFile));
    }
    return notes;
  }

  /**
   * The note that {@code repeats} (at least 1) lines of {@code qrelsFile} judge a pair judged
   * before: relearn keeps the highest grade, trec_eval refuses the file.
   */
  public static String repeatsNote(int repeats, String qrelsFile) {
    return qrelsFile + ": " + count(repeats, "line judges", "lines judge") + " a (query,"
        + " document) pair judged on an earlier line; relearn keeps the highest grade, but"
        + " trec_eval refuses such a file ('duplicate docs'): keep one line per pair before"
        + " cross-checking with it";
  }

  private static String sample(List<String> ids) {
    String shown = String.join(", ", ids.subList(0, Math.min(IDS_SHOWN, ids.size())));
    return ids.size() <= IDS_SHOWN ? shown : shown + " and " + (ids.size() - IDS_SHOWN) + " more";
  }
}
