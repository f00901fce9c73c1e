package dev.relearn.engine;

import dev.relearn.engine.search.RankedChunk;
import dev.relearn.engine.search.SearchRequest;
import dev.relearn.engine.search.SearchResults;
import dev.relearn.engine.weights.AdaptiveWeights;
import dev.relearn.feedback.store.FeedbackAck;
import dev.relearn.lucene.fusion.QueryClass;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The calls that search and learn, wherever the index lives: in this process ({@link Relearn})
 * or on an OpenSearch cluster ({@link RelearnCluster}). A batch evaluation or a command written
 * against them runs on either.
 */
public interface RelearnOperations {
  /** A search; see {@link Relearn#search}. */
  SearchResults search(SearchRequest request) throws IOException;

  /**
   * A search's hits as chunk ids and scores; see {@link Relearn#rank}. By default the hits of
   * {@link #search}.
   */
  default List<RankedChunk> rank(SearchRequest request) throws IOException {
    return search(request).hits().stream().map(RankedChunk::of).toList();
  }

  /** Records feedback; see {@link Relearn#feedback}. */
  FeedbackAck feedback(FeedbackRequest request) throws IOException;

  /** Waits until what the feedback so far teaches is in effect ({@link Relearn#awaitLearning}). */
  void awaitLearning() throws IOException;

  /** Refits the trust on every event so far, now; see {@link Relearn#learnNow}. */
  void learnNow() throws IOException;

  /** What ratings taught the weights per query class; see {@link Relearn#weights}. */
  AdaptiveWeights weights() throws IOException;

  /** Forgets what ratings taught a class (null: all); see {@link Relearn#resetWeights}. */
  void resetWeights(QueryClass queryClass) throws IOException;

  /** Applies historical ratings, returning how many; see {@link Relearn#seedWeights}. */
  int seedWeights(Path historicalRatings) throws IOException;

  /** The trust in similar past queries' vote; see {@link Relearn#trust}. */
  TrustState trust() throws IOException;
}
