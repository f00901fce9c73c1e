package dev.relearn.eval.experiment;

import dev.relearn.engine.FeedbackRequest;
import dev.relearn.engine.Relearn;
import dev.relearn.engine.RelearnOperations;
import dev.relearn.lucene.trust.Trust;
import dev.relearn.eval.simulate.Interaction;
import dev.relearn.eval.simulate.SimulatedUser;
import dev.relearn.feedback.event.ShownResult;
import dev.relearn.lucene.feedback.Outcome;
import dev.relearn.lucene.fusion.Fusion;
import dev.relearn.engine.search.Hit;
import dev.relearn.engine.search.SearchMode;
import dev.relearn.engine.search.SearchRequest;
import dev.relearn.engine.search.SearchResults;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;

/**
 * One simulated session, end to end through the public API ({@link RelearnOperations}, so on a
 * cluster too): a {@code learned} search (what a user of the engine gets once it has feedback),
 * the user's clicks on the top results, and, if anything was clicked, one feedback event with the
 * shown list, the clicked chunks as used, and the outcome, under the session's id.
 */
final class SessionRunner {
  private final RelearnOperations engine;
  private final Fusion fusion;

  /**
   * The trust's strength learned searches use now, or null while the prior applies or the engine
   * is a cluster's, which does not report it.
   */
  Double trust() throws IOException {
    if (!(engine instanceof Relearn relearn)) {
      return null;
    }
    Trust trust = relearn.trust().current();
    return trust.fitted() ? trust.strength() : null;
  }

  /** Sessions on {@code engine}, in this process or on a cluster. */
  SessionRunner(RelearnOperations engine, Fusion fusion) {
    this.engine = engine;
    this.fusion = fusion;
  }

  /** Runs one session; returns what the user did (feedback was recorded if it clicked). */
  Interaction run(SimulatedUser user, String text, Map<String, Integer> judgments, int maxGrade,
      RandomGenerator random, String session, String eventId) throws IOException {
    SearchResults results = engine.search(request(text, user.shown()));
    Interaction interaction = user.interact(ids(results), judgments, maxGrade, random);
    if (interaction.hasClicks()) {
      // what was shown, with each slot's propensity (below 1 where exploration filled it)
      engine.feedback(FeedbackRequest.of(text, interaction.clicked())
          .withOutcome(interaction.success() ? Outcome.SUCCESS : Outcome.FAILURE)
          .withShownResults(results, true, false)
          .withIds(session, eventId));
      engine.awaitLearning(); // the next search must not depend on when a refit finishes
    }
    return interaction;
  }

  /** The ids of the top {@code k} learned results for {@code text}. */
  List<String> search(String text, int k) throws IOException {
    return ids(engine.search(request(text, k)));
  }

  private SearchRequest request(String text, int k) {
    return SearchRequest.of(text).withMode(SearchMode.LEARNED).withK(k).withFusion(fusion);
  }

  private static List<String> ids(SearchResults results) {
    List<String> ids = new ArrayList<>(results.hits().size());
    for (Hit hit : results.hits()) {
      ids.add(hit.chunkId());
    }
    return ids;
  }

  /** Refits the trust on every event so far ({@link RelearnOperations#learnNow}). */
  void learnNow() throws IOException {
    engine.learnNow();
  }

  /** Records that {@code used} (a subset of {@code shown}, ranks from 1) served {@code text}. */
  void record(String text, List<String> shown, List<String> used, boolean success,
      String session, String eventId) throws IOException {
    List<ShownResult> list = new ArrayList<>(shown.size());
    for (String id : shown) {
      list.add(new ShownResult(id, list.size() + 1));
    }
    engine.feedback(FeedbackRequest.of(text, used)
        .withOutcome(success ? Outcome.SUCCESS : Outcome.FAILURE)
        .withShown(list, true, false)
        .withIds(session, eventId));
    engine.awaitLearning();
  }
}
