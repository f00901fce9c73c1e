package dev.relearn.eval.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.engine.FeedbackRequest;
import dev.relearn.engine.RelearnOperations;
import dev.relearn.engine.TrustState;
import dev.relearn.engine.search.Hit;
import dev.relearn.engine.search.SearchMode;
import dev.relearn.engine.search.SearchRequest;
import dev.relearn.engine.search.SearchResults;
import dev.relearn.engine.weights.AdaptiveWeights;
import dev.relearn.eval.simulate.Interaction;
import dev.relearn.eval.simulate.SimulatedUser;
import dev.relearn.feedback.store.FeedbackAck;
import dev.relearn.indexer.build.Progress;
import dev.relearn.lucene.fusion.Fusion;
import dev.relearn.lucene.fusion.QueryClass;
import dev.relearn.lucene.schema.ChunkKind;
import dev.relearn.lucene.schema.LearnedValues;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A session runs on any {@link RelearnOperations}, such as a cluster's: a learned search, the
 * user's feedback, then the learning awaited before the next search.
 */
class SessionRunnerTest {
  /** Records the calls; every search answers a, b, c. */
  private static final class Recording implements RelearnOperations {
    final List<String> calls = new ArrayList<>();
    FeedbackRequest feedback;

    @Override
    public SearchResults search(SearchRequest request) {
      calls.add("search " + request.mode().label());
      List<Hit> hits = new ArrayList<>();
      for (String id : List.of("a", "b", "c")) {
        hits.add(new Hit(id, id + ".txt", null, ChunkKind.TEXT, "", List.of(), 1, 1, "", 1.0, null,
            null, LearnedValues.NEUTRAL));
      }
      return new SearchResults(hits, 3, 3);
    }

    @Override
    public FeedbackAck feedback(FeedbackRequest request) {
      calls.add("feedback");
      feedback = request;
      return null; // the runner does not read the acknowledgement
    }

    @Override
    public void awaitLearning() {
      calls.add("awaitLearning");
    }

    @Override
    public void learnNow() {
      calls.add("learnNow");
    }

    @Override
    public AdaptiveWeights weights() {
      throw new UnsupportedOperationException("a session does not read the weights");
    }

    @Override
    public void resetWeights(QueryClass queryClass) {
      throw new UnsupportedOperationException("a session does not reset the weights");
    }

    @Override
    public int seedWeights(Path historicalRatings) {
      throw new UnsupportedOperationException("a session does not seed the weights");
    }

    @Override
    public TrustState trust() {
      throw new UnsupportedOperationException("a session does not read the trust");
    }
  }

  @Test
  void aSessionSearchesRecordsAndAwaitsLearningThroughTheOperations() throws Exception {
    Recording engine = new Recording();
    SessionLoop runner = new SessionLoop(engine, Fusion.byQueryClass(), LearnConfig.defaults(),
        Progress.NONE);
    Interaction interaction = runner.session(SimulatedUser.positionBased(0), "which lamp",
        Map.of("b", 1), 1, new Random(7), "session-1", "ev-1");

    assertTrue(interaction.clicked().contains("b"), interaction.toString());
    assertEquals(List.of("search learned", "feedback", "awaitLearning"), engine.calls);
    assertEquals(interaction.clicked(), engine.feedback.used());
    assertEquals("session-1", engine.feedback.session());
    assertEquals(List.of("a", "b", "c"), runner.search("which lamp", 3));
    assertEquals(SearchMode.LEARNED.label(), engine.calls.get(3).substring(7));
    assertNull(runner.trust(), "a cluster's trust is not reported");
  }
}
