package dev.relearn.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.feedback.event.ShownResult;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.lucene.trust.VotePairs;
import dev.relearn.engine.search.SearchRequest;
import dev.relearn.lucene.trust.Trust;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The trust fit from clicks: refit every so many events, counted across restarts, saved, refit
 * when stale or damaged.
 */
class ClickTrustTest {
  private static final String[] QUERIES = {"rotate keys", "rotate signing keys",
      "how to rotate keys", "revoke a leaked key", "revoke keys", "cache query vectors"};

  @TempDir Path tmp;

  private Path index;

  /** Records {@code events} clicks, each in its own session, on the second of the top two. */
  private static void click(Relearn relearn, int from, int events) throws Exception {
    for (int i = from; i < from + events; i++) {
      String query = QUERIES[i % QUERIES.length];
      var hits = relearn.search(SearchRequest.of(query).withK(2)).hits();
      relearn.feedback(FeedbackRequest.of(query, List.of(hits.get(1).chunkId()))
          .withShown(List.of(new ShownResult(hits.get(0).chunkId(), 1),
              new ShownResult(hits.get(1).chunkId(), 2)), true, false)
          .withIds("session-" + i, "event-" + i));
    }
  }

  /** Waits for the refits queued by the events recorded so far: they run on their own thread. */
  private static void awaitRefits(Relearn relearn) throws Exception {
    relearn.awaitLearning();
  }

  private Relearn open() throws Exception {
    return Relearn.open(index, TestOptions.HASHING);
  }

  @Test
  void refitEveryFewHundredEventsSavedAndReadBackWithoutARefit() throws Exception {
    index = tmp.resolve("idx");
    Path file = index.resolve(Relearn.FEEDBACK_FOLDER).resolve(ClickTrust.FILE);
    TrustState fitted;
    try (Relearn relearn = open()) {
      relearn.index(KeyDocs.write(tmp), SourceFormat.AUTO, Progress.NONE);
      assertEquals(TrustState.EMPTY, relearn.trust());
      click(relearn, 0, ClickTrust.REFIT_EVERY - 1);
      assertEquals(TrustState.EMPTY, relearn.trust(), "not refit before the count");
      assertFalse(Files.exists(file));
      awaitRefits(relearn);
      assertEquals(TrustState.EMPTY, relearn.trust(), "not refit before the count");
    }
    try (Relearn relearn = open()) {
      assertEquals(TrustState.EMPTY, relearn.trust(), "nor at open: as without the restart");
      click(relearn, ClickTrust.REFIT_EVERY - 1, 1);
      awaitRefits(relearn);
      fitted = relearn.trust();
      assertEquals(ClickTrust.REFIT_EVERY, fitted.events());
      assertEquals(1, fitted.history().size());
      assertTrue(fitted.current().queries() > 0, fitted.toString());
      assertTrue(Files.exists(file));
    }
    try (Relearn reopened = open()) {
      assertEquals(fitted, reopened.trust(), "read back, not refit: the history is unchanged");
    }
  }

  @Test
  void aStaleOrDamagedFileIsRefitAndSearchesGoOn() throws Exception {
    index = tmp.resolve("idx");
    Path file = index.resolve(Relearn.FEEDBACK_FOLDER).resolve(ClickTrust.FILE);
    try (Relearn relearn = open()) {
      relearn.index(KeyDocs.write(tmp), SourceFormat.AUTO, Progress.NONE);
      click(relearn, 0, ClickTrust.REFIT_EVERY);
      awaitRefits(relearn);
      click(relearn, ClickTrust.REFIT_EVERY, 5);
      assertEquals(ClickTrust.REFIT_EVERY, relearn.trust().events());
    }
    try (Relearn reopened = open()) {
      assertEquals(ClickTrust.REFIT_EVERY, reopened.trust().events(),
          "5 events behind: kept, as without the restart");
      click(reopened, ClickTrust.REFIT_EVERY + 5, ClickTrust.REFIT_EVERY - 6);
      awaitRefits(reopened);
      assertEquals(ClickTrust.REFIT_EVERY, reopened.trust().events(), "the count goes on");
      click(reopened, 2 * ClickTrust.REFIT_EVERY - 1, 1);
      awaitRefits(reopened);
      assertEquals(2 * ClickTrust.REFIT_EVERY, reopened.trust().events(), "refit at 250 more");
      click(reopened, 2 * ClickTrust.REFIT_EVERY, 5);
    }
    Path saved = tmp.resolve("saved.json");
    Files.copy(file, saved);
    try (Relearn relearn = open()) {
      click(relearn, 2 * ClickTrust.REFIT_EVERY + 5, ClickTrust.REFIT_EVERY);
      awaitRefits(relearn);
    }
    Files.copy(saved, file, StandardCopyOption.REPLACE_EXISTING); // 255 events behind
    try (Relearn reopened = open()) {
      assertEquals(3 * ClickTrust.REFIT_EVERY + 5, reopened.trust().events(), "stale: refit");
      assertEquals(3, reopened.trust().history().size());
    }
    for (String damage : List.of("{not json", "{\"version\": 1}",
        "{\"version\": 1, \"current\": {\"fitted\": true, \"weight\": \"NaN\", \"coefficient\": 0,"
            + " \"gain\": 0, \"pairs\": 0, \"queries\": 0}, \"events\": 255, \"history\": []}",
        "{\"version\": 99, \"current\": {}, \"events\": 0, \"history\": []}")) {
      Files.writeString(file, damage);
      try (Relearn reopened = open()) {
        TrustState refit = reopened.trust();
        assertEquals(3 * ClickTrust.REFIT_EVERY + 5, refit.events(), damage);
        assertEquals(1, refit.history().size(), "a fresh history after damage: " + damage);
        assertFalse(reopened.search(SearchRequest.of("rotate keys")).hits().isEmpty());
      }
    }
  }

  @Test
  void otherVoteSettingsRefit() throws Exception {
    index = tmp.resolve("idx");
    String settings;
    try (Relearn relearn = open()) {
      relearn.index(KeyDocs.write(tmp), SourceFormat.AUTO, Progress.NONE);
      click(relearn, 0, ClickTrust.REFIT_EVERY);
      awaitRefits(relearn);
      settings = relearn.trust().settings();
      assertTrue(settings.contains("maxPastQueries=50"), settings);
    }
    Files.writeString(index.resolve("relearn.json"), "{\"rerank\": {\"maxPastQueries\": 20}}");
    try (Relearn reopened = open()) {
      assertEquals(2, reopened.trust().history().size(), "refit for K = 20");
      assertTrue(reopened.trust().settings().contains("maxPastQueries=20"),
          reopened.trust().settings());
    }
  }

  @Test
  void forgettingRefitsToThePrior() throws Exception {
    index = tmp.resolve("idx");
    try (Relearn relearn = open()) {
      relearn.index(KeyDocs.write(tmp), SourceFormat.AUTO, Progress.NONE);
      click(relearn, 0, ClickTrust.REFIT_EVERY);
      awaitRefits(relearn);
      assertNotEquals(0, relearn.trust().current().queries());
      relearn.forgetAll();
      assertEquals(Trust.PRIOR, relearn.trust().current());
      assertEquals(0, relearn.trust().events());
    }
  }

  @Test
  void acksDoNotWaitForTheRefitTheyQueue() throws Exception {
    index = tmp.resolve("idx");
    try (Relearn relearn = open()) {
      relearn.index(KeyDocs.write(tmp), SourceFormat.AUTO, Progress.NONE);
      ClickTrust trust = relearn.parts().feedback().clickTrust();
      Thread clicks;
      List<Exception> failures = new java.util.concurrent.CopyOnWriteArrayList<>();
      synchronized (trust) { // a refit (synchronized on the trust) cannot run meanwhile
        clicks = Thread.ofPlatform().name("trust-test-clicks").start(() -> {
          try {
            click(relearn, 0, ClickTrust.REFIT_EVERY + 10);
          } catch (Exception e) {
            failures.add(e);
          }
        });
        clicks.join(java.time.Duration.ofMinutes(2)); // a hang guard, not a timing measure
        assertFalse(clicks.isAlive(), "the acks waited for the refit they queued");
        assertEquals(List.of(), failures);
        assertEquals(TrustState.EMPTY, relearn.trust(), "the refit has not run yet");
      }
      awaitRefits(relearn);
      assertTrue(relearn.trust().events() >= ClickTrust.REFIT_EVERY, relearn.trust().toString());
    }
  }

  @Test
  void oneSessionWeighsAtMostSessionPairsInAFit() {
    java.util.Map<String, Double> used = new java.util.HashMap<>();
    List<dev.relearn.lucene.trust.VotePair> ten = java.util.Collections.nCopies(10,
        new dev.relearn.lucene.trust.VotePair(-0.2, 0, 1));
    double attacker = 0;
    for (int query = 0; query < 100; query++) {
      for (var pair : VotePairs.capped(used, "attacker", ten)) {
        attacker += pair.weight();
      }
    }
    assertEquals(VotePairs.SESSION_PAIRS, attacker, 1e-9, "100 queries of 10 pairs each");
    assertEquals(ten, VotePairs.capped(used, "someone else", ten), "another session in full");
  }
}
