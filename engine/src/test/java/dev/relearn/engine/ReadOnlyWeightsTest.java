package dev.relearn.engine;

import static dev.relearn.engine.TestOptions.HASHING;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.relearn.engine.search.SearchRequest;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.lucene.feedback.Outcome;
import dev.relearn.lucene.fusion.QueryClass;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A read-only engine follows what the writer's ratings taught the weights and the trust it fit
 * from clicks, as it follows its commits: before, it kept those it read at open, so a second
 * server's dashboard and rankings stayed as they were until restarted.
 */
class ReadOnlyWeightsTest {
  @TempDir Path tmp;

  @Test
  void aReadOnlyEngineFollowsTheWritersWeightsAndTrust() throws Exception {
    Path index = tmp.resolve("idx");
    Path ratings = Files.writeString(tmp.resolve("ratings.csv"),
        "question,1,0.2,0.9,0.4\n".repeat(6));
    try (Relearn writer = Relearn.open(index, HASHING)) {
      writer.index(KeyDocs.write(tmp), SourceFormat.AUTO, Progress.NONE);
      try (Relearn reader = Relearn.open(index, HASHING.withReadOnly(true))) {
        String chunk = writer.search(SearchRequest.of("rotate keys")).hits().get(0).chunkId();
        for (int i = 0; i < 3; i++) {
          writer.feedback(FeedbackRequest.of("rotate the signing keys", List.of(chunk))
              .withOutcome(Outcome.SUCCESS).withIds("s" + i, null));
        }
        writer.learnNow();
        writer.seedWeights(ratings);
        assertNotEquals(TrustState.EMPTY, writer.trust());
        Thread.sleep(Relearn.READ_ONLY_REFRESH_MILLIS + 50); // the reader looks again after this

        assertEquals(writer.weights().stats(QueryClass.QUESTION),
            reader.weights().stats(QueryClass.QUESTION));
        assertEquals(writer.trust(), reader.trust());
        assertEquals(writer.explain(SearchRequest.of("why rotate keys")).weights(),
            reader.explain(SearchRequest.of("why rotate keys")).weights(), "searches use them");

        writer.resetWeights(null);
        Thread.sleep(Relearn.READ_ONLY_REFRESH_MILLIS + 50);
        assertEquals(0, reader.weights().stats(QueryClass.QUESTION).samples());
      }
    }
  }
}
