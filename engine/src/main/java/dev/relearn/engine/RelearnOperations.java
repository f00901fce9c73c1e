package dev.relearn.engine;

import dev.relearn.engine.search.SearchRequest;
import dev.relearn.engine.search.SearchResults;
import dev.relearn.feedback.store.FeedbackAck;
import java.io.IOException;

/**
 * The calls that search and learn, wherever the index lives: in this process ({@link Relearn})
 * or on an OpenSearch cluster ({@link RelearnCluster}). A batch evaluation written against them
 * runs on either.
 */
public interface RelearnOperations {
  /** A search; see {@link Relearn#search}. */
  SearchResults search(SearchRequest request) throws IOException;

  /** Records feedback; see {@link Relearn#feedback}. */
  FeedbackAck feedback(FeedbackRequest request) throws IOException;

  /** Waits until what the feedback so far teaches is in effect ({@link Relearn#awaitLearning}). */
  void awaitLearning() throws IOException;

  /** Refits the trust on every event so far, now; see {@link Relearn#learnNow}. */
  void learnNow() throws IOException;
}
